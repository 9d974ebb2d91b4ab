package gridmarket.sim.engine;

/**
 * The MASON orderings of gridmarket's events: at one instant, lower orderings run first (SPEC "Event order").
 * Events of the same time and ordering run in a random order in MASON, so each kind of event that must come before
 * another has its own ordering, and no event relies on the order within its own kind.
 */
public final class Orderings {
    /** A job's end frees its nodes. Ends at one instant commute: freeing is a set operation. */
    public static final int JOB_END = 0;
    /** The jobs submitted at this instant enter their queues, in trace order, from one submitter event. */
    public static final int SUBMIT = 1;
    /** One scheduling pass per scheduler, after all ends and arrivals of the instant. */
    public static final int SCHEDULER_PASS = 2;

    private Orderings() {
    }
}
