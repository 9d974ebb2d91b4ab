package gridmarket.agents;

import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.workload.Job;

/**
 * A user (a trace user, or a site's user community) who turns jobs into requests (SPEC E1, E2) and sends them to
 * the MetaManager of the job's site. It holds its utility function and budgets; both travel with each request, so
 * users may differ.
 */
public final class UserAgent {
    private final String name;
    private final Preferences preferences;
    private long nextRequest;

    /**
     * What a user wants of the market.
     *
     * @param utility      the utility function that values offers
     * @param job          JobBudget
     * @param offers       OfferBudget
     * @param reservation  ReservationBudget
     * @param searchTime   seconds a request may search ({@link Long#MAX_VALUE}: until the run ends)
     * @param hops         how far requests are forwarded
     * @param minMultiSite MinMulti-Site: fewest nodes per part of a co-allocated job
     * @param maxMultiSite MaxMulti-Site: most machines per co-allocated job (0: any)
     */
    record Preferences(UtilityFunction utility, double job, double offers, double reservation, long searchTime,
                       int hops, int minMultiSite, int maxMultiSite) {
    }

    UserAgent(String name, Preferences preferences) {
        this.name = name;
        this.preferences = preferences;
    }

    public String name() {
        return name;
    }

    /** The request for a job submitted now to the MetaManager {@code domain}. */
    Request request(Job job, int domain, long requestId) {
        nextRequest++;
        Preferences p = preferences;
        long deadline = p.searchTime() == Long.MAX_VALUE ? Long.MAX_VALUE : job.submit() + p.searchTime();
        return new Request(requestId, job, name, domain, job.nodes(), job.estimate(), job.submit(), Long.MAX_VALUE,
                deadline, p.hops(), 0, p.job(), p.offers(), p.reservation(), p.utility(), p.minMultiSite(),
                p.maxMultiSite());
    }

    /** Requests made so far. */
    public long requests() {
        return nextRequest;
    }
}
