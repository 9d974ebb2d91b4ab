package gridmarket.agents;

import gridmarket.market.Request;
import gridmarket.market.roles.ClearingRule;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Routing by capacity ({@code market.routing: capacity}), shared by a market's MetaManagers: which requests it may
 * route (those for which the best utility value is the earliest start anywhere, so a domain that cannot start the
 * job earlier than the best offer in hand cannot offer more), and what it saved, for {@code summary.json}.
 */
final class CapacityRouting {
    /** Whether every machine runs a job for the same time, so an offer's end follows from its start alone. */
    private final boolean sameSpeeds;
    private long rounds;
    private long roundsAskingAll;
    private long asked;
    private long skipped;
    private long notices;

    CapacityRouting(boolean sameSpeeds) {
        this.sameSpeeds = sameSpeeds;
    }

    /**
     * Whether a round for {@code r} may leave out domains: its utility never rises with a later start (on any
     * machine: it ignores the end, or every machine has the same speed) and ignores the price, the clearing rule
     * takes the highest utility, no budget makes an offer's price matter, and it is not written from a template
     * (whose machines may run it for different times).
     */
    boolean routes(Request r, ClearingRule clearing) {
        return r.terms() == null && clearing.takesHighestUtility(r)
                && r.jobBudget() == Double.POSITIVE_INFINITY && r.offerBudget() == Double.POSITIVE_INFINITY
                && r.reservationBudget() == Double.POSITIVE_INFINITY
                && (r.utility().neverRisesWithStartAnywhere() || sameSpeeds && r.utility().neverRisesWithStart());
    }

    /** A round that asked every domain within reach (not routed by capacity). */
    void askedAll() {
        roundsAskingAll++;
    }

    /** A round routed by capacity, with the calls it sent and those it left out. */
    void routed(int calls, int left) {
        rounds++;
        asked += calls;
        skipped += left;
    }

    /** Notices of freed capacity sent. */
    void noticesSent(int n) {
        notices += n;
    }

    /** What {@code summary.json} reports under {@code routing}. */
    Map<String, Object> summary() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", "capacity");
        out.put("roundsRouted", rounds);
        out.put("roundsAskingAll", roundsAskingAll);
        out.put("callsSent", asked);
        out.put("callsLeftOut", skipped);
        out.put("capacityNotices", notices);
        return out;
    }
}
