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
 * @param utility            the user's utility function: it belongs to the request, so users may differ
 * @param minMultiSite       MinMulti-Site: fewest nodes a part of a co-allocated job may have
 * @param maxMultiSite       MaxMulti-Site: most machines a co-allocated job may be spread over (1: never split)
 * @param terms              the request's fit per machine when its user's population writes it from a template;
 *                           {@code null} for the market's homogeneous users ({@code utility} on every machine)
 */
public record Request(long requestId, Job job, String userName, int originDomain, int numberOfProcessors,
                      long runTime, long startTime, long endTime, long searchDeadline, int hops, int maxOfferNumber,
                      double jobBudget, double offerBudget, double reservationBudget, UtilityFunction utility,
                      int minMultiSite, int maxMultiSite, RequestTerms terms) {

    /** The same request with another earliest start (e.g. not before the user can have chosen). */
    public Request withStartTime(long start) {
        return new Request(requestId, job, userName, originDomain, numberOfProcessors, runTime, start, endTime,
                searchDeadline, hops, maxOfferNumber, jobBudget, offerBudget, reservationBudget, utility,
                minMultiSite, maxMultiSite, terms);
    }

    /** The same request with another ReservationBudget (e.g. what is left of it after earlier reservations). */
    public Request withReservationBudget(double budget) {
        return new Request(requestId, job, userName, originDomain, numberOfProcessors, runTime, startTime, endTime,
                searchDeadline, hops, maxOfferNumber, jobBudget, offerBudget, budget, utility,
                minMultiSite, maxMultiSite, terms);
    }

    /**
     * The request again from {@code now}, for a job that a node failure killed or whose reservation it broke: what
     * is left of the job after {@code done} seconds kept by a checkpoint (0: all of it), searching from now for as
     * long as the request searched from its start.
     */
    public Request restarted(long done, long now) {
        if (done < 0 || done >= runTime) {
            throw new IllegalArgumentException("request " + requestId + ": " + done + " s of " + runTime + " done");
        }
        long search = searchDeadline == Long.MAX_VALUE ? Long.MAX_VALUE : searchDeadline - startTime;
        long deadline = search == Long.MAX_VALUE || now > Long.MAX_VALUE - search ? Long.MAX_VALUE : now + search;
        return new Request(requestId, done == 0 ? job : job.remaining(done), userName, originDomain,
                numberOfProcessors, runTime - done, now, endTime, deadline, hops, maxOfferNumber, jobBudget,
                offerBudget, reservationBudget, utility, minMultiSite, maxMultiSite, terms);
    }

    /** Whether an offer's costs are within this request's job and reservation budgets. */
    public boolean affords(double jobCost, double reservationCost) {
        return jobCost <= jobBudget && reservationCost <= reservationBudget;
    }
}
