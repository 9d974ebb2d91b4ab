package gridmarket.sim.engine;

/**
 * The MASON orderings of gridmarket's events: at one instant, lower orderings run first (SPEC "Event order").
 * Events of the same time and ordering run in a random order in MASON, so each kind of event that must come before
 * another has its own ordering, and no event relies on the order within its own kind.
 */
public final class Orderings {
    /** A job's end frees its nodes. Ends at one instant commute: freeing is a set operation. */
    public static final int JOB_END = 0;
    /**
     * Nodes fail (killing the jobs on them) and are repaired, from one event per instant that handles the machines in
     * index order: after the instant's ends, so a job that ends as its nodes fail has completed.
     */
    public static final int OUTAGE = 1;
    /** Reserved jobs start on their reserved nodes (market); they commute: their node sets are disjoint. */
    public static final int RESERVATION_START = 2;
    /** The jobs submitted at this instant enter their queues, in trace order, from one submitter event. */
    public static final int SUBMIT = 3;
    /**
     * The pass of a machine's queue of local jobs (local load beside the grid): before the grid's schedulers, so that
     * local jobs take the nodes they can use first, and the grid sees them as busy nodes.
     */
    public static final int LOCAL_PASS = 4;
    /** One scheduling pass per scheduler, after all ends, outages and arrivals of the instant. */
    public static final int SCHEDULER_PASS = 5;
    /**
     * MetaManager {@code i} handles its requests at {@code MARKET + i}: after ends, starts and arrivals, and in domain
     * order, so that same-instant requests of different domains are served in a fixed order.
     */
    public static final int MARKET = 6;

    private Orderings() {
    }
}
