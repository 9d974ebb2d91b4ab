package gridmarket.sim.engine;

import gridmarket.sim.workload.Job;

/**
 * Where a submitted job goes: the scheduler of a machine, a grid scheduler, or a user agent of the market.
 */
public interface JobRouter {
    /**
     * Announced before the job's submit instant, so the receiver can plan its pass for that instant (MASON cannot
     * schedule "later at the current time").
     */
    void expect(Job job);

    /** The job is submitted now, at {@code job.submit()}; arrivals of one instant come in trace order. */
    void submit(Job job);
}
