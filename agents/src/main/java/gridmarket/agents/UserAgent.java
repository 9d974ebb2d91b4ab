package gridmarket.agents;

import gridmarket.market.Request;
import gridmarket.sim.workload.Job;

/**
 * A user (a trace user, or a site's user community) who turns jobs into requests (SPEC E1, E2) and sends them to
 * the MetaManager of the job's site. It holds the budgets; the utility function travels with the MetaManager's round.
 */
public final class UserAgent {
    private final String name;
    private final Budgets budgets;
    private long nextRequest;

    /** What a user may spend and how long it searches. */
    record Budgets(double job, double offers, double reservation, long searchTime, int hops) {
    }

    UserAgent(String name, Budgets budgets) {
        this.name = name;
        this.budgets = budgets;
    }

    public String name() {
        return name;
    }

    /** The request for a job submitted now to the MetaManager {@code domain}. */
    Request request(Job job, int domain, long requestId) {
        nextRequest++;
        long deadline = budgets.searchTime() == Long.MAX_VALUE ? Long.MAX_VALUE
                : job.submit() + budgets.searchTime();
        return new Request(requestId, job, name, domain, job.nodes(), job.estimate(), job.submit(), Long.MAX_VALUE,
                deadline, budgets.hops(), 0, budgets.job(), budgets.offers(), budgets.reservation());
    }

    /** Requests made so far. */
    public long requests() {
        return nextRequest;
    }
}
