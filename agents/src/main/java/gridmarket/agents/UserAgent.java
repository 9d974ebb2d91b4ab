package gridmarket.agents;

import gridmarket.market.Request;
import gridmarket.market.roles.UserStrategy;
import gridmarket.sim.workload.Job;

/**
 * A user of the market (SPEC E1): a trace user, or a site's user community. It holds its {@link UserStrategy}, which
 * writes its requests and decides on its re-bids, and sends each request to the MetaManager of its job's site.
 */
public final class UserAgent {
    private final String name;
    private final UserStrategy strategy;
    private long requests;

    UserAgent(String name, UserStrategy strategy) {
        this.name = name;
        this.strategy = strategy;
    }

    public String name() {
        return name;
    }

    /** Writes the request for a job submitted now and hands it to the MetaManager of the job's site. */
    void submit(Job job, MetaManagerAgent site, long requestId) {
        requests++;
        Request r = strategy.request(job, site.index(), requestId);
        site.receive(r, strategy);
    }

    /** What the user's strategy reports of itself ({@link UserStrategy#summary()}). */
    java.util.Map<String, Object> strategySummary() {
        return strategy.summary();
    }

    /** Requests made so far. */
    public long requests() {
        return requests;
    }
}
