package gridmarket.agents;

import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.workload.Job;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Strategy {@code market}: a submitted job becomes its user's request to the MetaManager of the job's origin site.
 * User agents are made on first use, one per trace user or one per site community.
 */
final class MarketRouting implements JobRouter {
    private final List<MetaManagerAgent> domains;
    private final boolean perSite;
    private final UserAgent.Preferences preferences;
    private final Map<String, UserAgent> users = new HashMap<>();
    private long nextRequestId = 1;

    MarketRouting(List<MetaManagerAgent> domains, boolean perSite, UserAgent.Preferences preferences) {
        this.domains = domains;
        this.perSite = perSite;
        this.preferences = preferences;
    }

    @Override
    public void expect(Job job) {
        domains.get(job.site()).planStep(job.submit());
    }

    @Override
    public void submit(Job job) {
        String name = perSite ? "site-" + domains.get(job.site()).name() : "user-" + job.user();
        UserAgent user = users.computeIfAbsent(name, n -> new UserAgent(n, preferences));
        domains.get(job.site()).receive(user.request(job, job.site(), nextRequestId++));
    }

    /** The user agents made so far. */
    int users() {
        return users.size();
    }
}
