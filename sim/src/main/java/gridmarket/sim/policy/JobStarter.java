package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

/** Starts a queued job now on its machine; given to a {@link Scheduler} for one pass. */
@FunctionalInterface
public interface JobStarter {
    void start(Job job);
}
