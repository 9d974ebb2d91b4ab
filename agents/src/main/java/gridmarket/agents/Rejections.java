package gridmarket.agents;

import gridmarket.market.Request;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.result.Rejection;
import gridmarket.sim.result.RejectionReason;

/** Why a request that found no acceptable offer in a round is rejected, or that it waits for another round. */
final class Rejections {
    private Rejections() {
    }

    /**
     * The rejection after a round without an acceptable offer at {@code now}; {@code null} if the request may wait
     * for a change of the schedules.
     *
     * @param coAllocating whether the request may be co-allocated at all
     */
    static Rejection afterRound(RequestState p, Round round, boolean coAllocating, MultiSiteRules rules, long now) {
        Request r = round.request;
        RequestRouting routing = round.routing;
        int n = r.numberOfProcessors();
        if (!coAllocating && routing.widest() < n) {
            return tooWide("needs " + n + " nodes but the widest reachable machine has " + routing.widest());
        }
        if (coAllocating && routing.nodes() < n) {
            return tooWide("needs " + n + " nodes but the reachable machines have " + routing.nodes() + " in all");
        }
        if (coAllocating && routing.widest() < n && rules.split(n, routing.sizes()) == null) {
            return tooWide("needs " + n + " nodes but no split of the reachable machines allowed by MinMulti-Site "
                    + r.minMultiSite() + " and MaxMulti-Site " + r.maxMultiSite() + " holds it");
        }
        if (coAllocating && routing.widest() < n && round.noGroupHolds && !p.unsuited) {
            return tooWide("needs " + n + " nodes but no group of reachable machines it may combine (the same "
                    + "ELEMENT and run time, one operating system where it asks) holds it within MinMulti-Site "
                    + r.minMultiSite() + " and MaxMulti-Site " + r.maxMultiSite());
        }
        if (p.unsuited) {
            return new Rejection(RejectionReason.NO_OFFER, "no reachable machine meets the request's conditions "
                    + "(no ELEMENT of its template holds on any)");
        }
        if (now > r.searchDeadline()) {
            return new Rejection(RejectionReason.SEARCH_TIME,
                    "no decision within the search time (the round's messages took longer)");
        }
        if (now == r.searchDeadline()) {
            return searchEnded(p);
        }
        return null;
    }

    /** The rejection of a request whose search time ended without an acceptable offer. */
    static Rejection searchEnded(RequestState p) {
        if (p.request.endTime() != Long.MAX_VALUE) {
            return byDeadline(p, "");
        }
        return p.overBudget
                ? new Rejection(RejectionReason.OVER_BUDGET, "no acceptable offer within the search time (budgets)")
                : p.offers == 0 ? new Rejection(RejectionReason.NO_OFFER, "no offer within the search time")
                : new Rejection(RejectionReason.NO_ACCEPTABLE_OFFER, "no acceptable offer within the search time");
    }

    /**
     * The rejection of a request with a deadline that no round can meet any more: its earliest start plus its
     * shortest run ends after the deadline.
     */
    static Rejection deadlineUnreachable(RequestState p) {
        return byDeadline(p, "; the deadline can no longer be met after " + p.latestRound + " s");
    }

    /** The rejection of a request still waiting when the simulation has no events left. */
    static Rejection simulationEnded(RequestState p) {
        if (p.request.endTime() != Long.MAX_VALUE) {
            return byDeadline(p, " before the simulation ended");
        }
        return p.overBudget
                ? new Rejection(RejectionReason.OVER_BUDGET, "no acceptable offer within the budgets before the "
                + "simulation ended")
                : new Rejection(RejectionReason.SIMULATION_ENDED, "no acceptable offer before the simulation ended");
    }

    /**
     * The rejection of a request with a deadline (a broker's, which gives the latest end): no offer could serve it
     * within both its deadline and its budget.
     */
    private static Rejection byDeadline(RequestState p, String when) {
        Request r = p.request;
        String detail = "no offer ends by the deadline " + r.endTime() + " s within the budget "
                + (r.jobBudget() == Double.POSITIVE_INFINITY ? "(none)" : String.format(java.util.Locale.ROOT, "%.6g",
                r.jobBudget())) + when;
        RejectionReason cause = p.overBudget ? RejectionReason.OVER_BUDGET
                : p.offers == 0 ? RejectionReason.NO_OFFER : RejectionReason.NO_ACCEPTABLE_OFFER;
        return new Rejection(cause, detail);
    }

    private static Rejection tooWide(String detail) {
        return new Rejection(RejectionReason.TOO_WIDE, detail);
    }
}
