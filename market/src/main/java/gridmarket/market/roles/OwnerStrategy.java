package gridmarket.market.roles;

import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.sim.machine.Allocation;

import java.util.Map;

/**
 * The provider's side of the market: how a machine owner prices the placements its offer search finds for a
 * request, and what it hears of the market afterwards (so that a price may learn). The owner agent searches the
 * placements, values them with the request's utility, keeps the best affordable ones and carries out reservations;
 * its strategy only prices and listens. One instance per machine.
 */
public interface OwnerStrategy {
    /**
     * The price (JobCost) of running {@code request} on {@code placement} of this machine at {@code now}: what the
     * user would pay the owner, finite and at least 0.
     *
     * @throws gridmarket.market.FormulaException if no valid price can be given (it stops the run, naming it)
     */
    double price(Request request, Placement placement, long now);

    /**
     * A price below every placement's {@link #price} for {@code nodes} nodes and {@code runTime} planned seconds of
     * {@code request} at {@code now}: the owner's offer search passes over later windows whose offers could not
     * beat its best ones even at this price. 0, the default, is always right; a higher floor only saves search. The
     * owner asks it only of gridmarket's own strategies, whose prices learn nothing from being asked: a strategy of a
     * plug-in may learn from every placement it prices, so its owner prices every placement the search finds.
     */
    default double priceFloor(Request request, int nodes, long runTime, long now) {
        return 0;
    }

    /** An offered part was accepted: its nodes are reserved for the request's job. */
    default void accepted(Request request, OfferPart part, long now) {
    }

    /** An offered part lost: the request took another offer, or none. */
    default void lost(long requestId, OfferPart part, long now) {
    }

    /** A job started on this machine (on its reserved nodes). */
    default void jobStarted(Allocation job, long now) {
    }

    /** A job ended on this machine. */
    default void jobEnded(Allocation job, long now) {
    }

    /**
     * What the strategy reports of itself at the end of the run (e.g. its last price), for {@code summary.json}'s
     * {@code strategyFields.owners}, by machine; empty (the default) for nothing.
     */
    default Map<String, Object> summary() {
        return Map.of();
    }
}
