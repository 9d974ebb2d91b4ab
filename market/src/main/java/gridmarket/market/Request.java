package gridmarket.market;

import gridmarket.sim.workload.Job;

/**
 * A user's request for resources (SPEC E2, thesis 7.3.2), made from one job. Times are absolute seconds; an open
 * bound is {@link Long#MAX_VALUE}; budgets are in the same unit as JobCost ({@link Double#POSITIVE_INFINITY} if none).
 *
 * @param requestId          unique per run
 * @param job                the job the request is for
 * @param userName           the requesting user agent
 * @param originDomain       index of the MetaManager that received it
 * @param numberOfProcessors nodes needed
 * @param runTime            the run-time estimate, seconds
 * @param startTime          earliest start
 * @param endTime            latest end
 * @param searchDeadline     time after which the request is given up if no acceptable offer was found
 * @param hops               how far MetaManagers may forward it (1: the origin's peers)
 * @param maxOfferNumber     0: the best offer is picked automatically
 * @param jobBudget          most a user pays for the job (JobCost)
 * @param offerBudget        most a user pays for offers (OfferCost per offer received)
 * @param reservationBudget  most a user pays for the reservation (ReservationCost)
 */
public record Request(long requestId, Job job, String userName, int originDomain, int numberOfProcessors,
                      long runTime, long startTime, long endTime, long searchDeadline, int hops, int maxOfferNumber,
                      double jobBudget, double offerBudget, double reservationBudget) {
}
