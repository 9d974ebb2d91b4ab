package gridmarket.api;

/** How one queue over several machines dispatches its jobs (SPEC C9, C10), named by the experiment's policy. */
public enum GridQueue {
    /** The policy schedules one machine only. */
    NONE,
    /** In queue order, each job on the first machine where it can start. */
    FCFS,
    /** FCFS with EASY backfilling across the machines. */
    EASY,
    /** Conservative backfilling across the machines (not with co-allocation). */
    CONSERVATIVE
}
