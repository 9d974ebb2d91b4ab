package gridmarket.sim.result;

/**
 * Why a job never ran, as a fixed set of causes: a run's {@code rejectedByReason} counts jobs per cause, so runs can
 * be compared whatever the wording of the message. The message itself ({@link Rejection#detail()}) names the numbers.
 */
public enum RejectionReason {
    /** The job needs more nodes than any machine (or any allowed split over the machines) it may use has. */
    TOO_WIDE("too_wide"),
    /** Every offer in the search time cost more than the user's budget. */
    OVER_BUDGET("over_budget"),
    /** No machine made an offer within the search time. */
    NO_OFFER("no_offer"),
    /** Offers came, but none was acceptable within the search time. */
    NO_ACCEPTABLE_OFFER("no_acceptable_offer"),
    /** The round's messages took longer than the search time, so no decision was made in time. */
    SEARCH_TIME("search_time"),
    /** The simulation ran out of events while the request still waited for an acceptable offer. */
    SIMULATION_ENDED("simulation_ended"),
    /** The run was stopped (e.g. by a time limit) before the job ended. */
    UNFINISHED("unfinished");

    private final String key;

    RejectionReason(String key) {
        this.key = key;
    }

    /** The name used in summaries, e.g. {@code too_wide}. */
    public String key() {
        return key;
    }

    /**
     * The reason named by {@code key}.
     *
     * @throws IllegalArgumentException if no reason has that key
     */
    public static RejectionReason ofKey(String key) {
        for (RejectionReason r : values()) {
            if (r.key.equals(key)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown rejection reason '" + key + "'");
    }
}
