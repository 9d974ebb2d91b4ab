package gridmarket.sim.forkjoin;

/**
 * What one replication of Karatza's system measured, over the time between the end of the warm-up and the last
 * measured job completion (seed 001, Table 1).
 *
 * @param throughput       R, job completions per unit of time
 * @param utilization      U, mean processor utilization
 * @param ioUtilization    utilization of the I/O unit
 * @param meanResponseTime mean job response time: from the fork (tasks sent to the queues) to the last task's end
 * @param maxResponseTime  RT_max, the largest response time of a measured job
 * @param completions      measured job completions
 * @param duration         length of the measured period
 * @param events           events stepped in the whole replication
 */
public record ForkJoinStats(double throughput, double utilization, double ioUtilization, double meanResponseTime,
                            double maxResponseTime, int completions, double duration, long events) {
}
