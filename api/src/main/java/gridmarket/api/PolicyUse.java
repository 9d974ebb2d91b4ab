package gridmarket.api;

/** How a grid strategy runs the experiment's local policy, which decides the policies it can take. */
public enum PolicyUse {
    /** Each site runs the policy on its own jobs (a site of several machines as one queue over them). */
    EACH_SITE,
    /** One queue over every machine of the grid: a policy that names a {@link GridQueue}. */
    ONE_QUEUE,
    /** One queue over every machine that may split a job over several: FCFS or EASY. */
    CO_ALLOCATING_QUEUE,
    /** The strategy schedules without a local policy (the market: owners keep advance reservations). */
    NONE
}
