package gridmarket.sim.result;

/** How a job left the simulation. Every job of a workload ends in exactly one of these. */
public enum JobStatus {
    /** Ran to its end on one machine, or on several at once as a multi-site job. */
    COMPLETED,
    /** Never ran; the outcome's reason says why (too wide, no acceptable offer, ...). */
    REJECTED;

    // computed once: jobs.csv asks for it on every row
    private final String key = name().toLowerCase(java.util.Locale.ROOT);

    /** The name used in results: {@code completed} or {@code rejected}. */
    public String key() {
        return key;
    }
}
