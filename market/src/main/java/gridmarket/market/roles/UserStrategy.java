package gridmarket.market.roles;

import gridmarket.market.JobValue;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.sim.workload.Job;

import java.util.Map;

/**
 * The customer's side of the market: how a user turns its jobs into requests (which carry the utility function that
 * values offers, its budgets and settings) and whether it asks again for a job that holds an offer. The user agent
 * holds one and sends what it writes to the MetaManager of the job's site.
 */
public interface UserStrategy {
    /** The request for a job submitted now to the MetaManager of domain {@code domain}. */
    Request request(Job job, int domain, long requestId);

    /**
     * Whether a request that holds {@code held}, not yet started, asks the market again now that an owner announced
     * {@code idleNodes} idle nodes. The thesis' user: when the announced nodes could hold its job (one node for a
     * co-allocated job, which may move part by part).
     */
    default boolean rebids(Request request, Offer held, int idleNodes) {
        return idleNodes >= (held.coAllocated() ? 1 : request.numberOfProcessors());
    }

    /**
     * Whether a re-bid's best offer replaces the one held, which the request values {@code heldValue} at its current
     * start. The thesis' user: only a strictly better one.
     */
    default boolean swaps(Request request, Offer best, double heldValue) {
        return best.utilityValue() > heldValue;
    }

    /**
     * What the job is worth to this user: its value function of completion, budget and deadline (the run's
     * {@code market.value}), or {@code null} for a user who has none. The thesis' user answers from the run's value
     * model; a broker reads its budget and deadline from it.
     */
    default JobValue value(Job job) {
        return null;
    }

    /**
     * What the strategy reports of itself at the end of the run, for {@code summary.json}'s
     * {@code strategyFields.users}, by user; empty (the default) for nothing.
     */
    default Map<String, Object> summary() {
        return Map.of();
    }
}
