package gridmarket.api.builtin;

import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * Strategy {@code local} (SPEC C8): every job belongs to its origin site ({@link Job#site()}, dealt round-robin by
 * trace shaping) and only that site's scheduler sees it.
 */
final class LocalRouting implements JobRouter {
    private final List<QueueAgent> siteSchedulers;

    LocalRouting(List<QueueAgent> siteSchedulers) {
        this.siteSchedulers = siteSchedulers;
    }

    private QueueAgent home(Job job) {
        return siteSchedulers.get(job.site());
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
