package gridmarket.market.roles;

import gridmarket.market.Placement;
import gridmarket.market.Request;

/**
 * An owner that asks a fixed price per node-second for its free slots: its cost per node-second times a markup, so
 * a placement's price is {@code cost x markup x nodes x planned run time}. The sellers of the continuous double
 * auction ({@link DoubleAuction}) post such asks.
 */
public final class AskPricing implements OwnerStrategy {
    private final double rate;

    /**
     * @param cost   the owner's cost per node-second run
     * @param markup what it asks over its cost, at least 0
     */
    public AskPricing(double cost, double markup) {
        this.rate = cost * markup;
    }

    /** The ask per node-second. */
    public double rate() {
        return rate;
    }

    /** Every placement of the job costs the same: its price. */
    @Override
    public double priceFloor(Request request, int nodes, long runTime, long now) {
        return rate * nodes * (double) runTime;
    }

    @Override
    public double price(Request request, Placement p, long now) {
        return rate * p.nodeCount() * (double) (p.end() - p.start());
    }
}
