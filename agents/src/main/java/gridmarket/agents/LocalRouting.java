package gridmarket.agents;

import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * Strategy {@code local} (SPEC C8): every job belongs to one machine and only that machine's scheduler sees it.
 * Jobs are dealt to the machines round-robin in workload order (job {@code k} to machine {@code k mod n}), so with
 * one machine every job goes there.
 */
final class LocalRouting implements JobRouter {
    private final List<LocalScheduler> schedulers;

    LocalRouting(List<LocalScheduler> schedulers) {
        this.schedulers = schedulers;
    }

    private LocalScheduler home(Job job) {
        return schedulers.get(job.order() % schedulers.size());
    }

    @Override
    public void expect(Job job) {
        home(job).expect(job);
    }

    @Override
    public void submit(Job job) {
        home(job).submit(job);
    }
}
