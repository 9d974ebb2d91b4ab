package gridmarket.sim.forkjoin;

/**
 * The order in which a processor of Karatza's system (seed 001, Sect. 2.2) serves the tasks in its queue. Ties go to
 * the task that entered the queue first ("when using priorities and a tie occurs, the FCFS method is used").
 */
public enum TaskOrder {
    /** First come, first served. */
    FCFS,
    /** Shortest (estimated) task first. */
    STF,
    /** Tasks of the job with the smallest number of uncompleted tasks first (counted when the processor chooses). */
    SNUTF,
    /**
     * Limited STF: STF for {@code l} choices in a row, then the oldest task; the count is per processor. The paper:
     * "the STF method is applied l = 10 times and then the oldest task in the queue is scheduled".
     */
    LSTF
}
