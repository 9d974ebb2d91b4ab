package gridmarket.sim.workload;

/** Why a trace record did not become a {@link Job}. Counted per reason in every run report (SPEC W1). */
public enum DropReason {
    /** Run time (field 4) is zero, negative or missing. */
    NON_POSITIVE_RUN_TIME("run_time<=0"),
    /** Neither allocated (field 5) nor requested (field 8) processors is positive. */
    NON_POSITIVE_PROCESSORS("processors<=0"),
    /** The line was malformed and the experiment said {@code onBadLine: skip}. */
    BAD_LINE("bad_line"),
    /** Trace shaping (SPEC W2) removed the job because it needs more nodes than the shape's {@code maxNodes}. */
    WIDER_THAN_LIMIT("wider_than_limit");

    private final String key;

    DropReason(String key) {
        this.key = key;
    }

    /** The name used in summaries, e.g. {@code run_time<=0}. */
    public String key() {
        return key;
    }
}
