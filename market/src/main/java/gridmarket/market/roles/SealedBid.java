package gridmarket.market.roles;

import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.Request;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An owner in a sealed-bid reverse auction: it bids a price per node-second, its cost times {@code 1 + markup},
 * for every placement it offers (the offer's price is the bid times its node-seconds). A truthful owner's markup is
 * 0. A learning owner starts from its markup and moves it by what it hears of its offers: {@code raise} up after
 * an offer of its was accepted, {@code cut} down after one lost, within [0, {@code maxMarkup}]; so its markup
 * settles where it wins {@code cut / (raise + cut)} of the offers it makes (docs/MECHANISMS.md).
 */
public final class SealedBid implements OwnerStrategy {
    private final double cost;
    private final boolean learns;
    private final double raise;
    private final double cut;
    private final double maxMarkup;
    private double markup;
    private long won;
    private long lost;

    /**
     * @param cost      the owner's cost per node-second, at least 0
     * @param learns    whether the markup learns from won and lost offers (else it stays {@code markup})
     * @param markup    the first markup, in [0, maxMarkup]
     */
    public SealedBid(double cost, boolean learns, double markup, double raise, double cut, double maxMarkup) {
        if (!(cost >= 0 && markup >= 0 && markup <= maxMarkup && raise >= 0 && cut >= 0
                && Double.isFinite(maxMarkup))) {
            throw new IllegalArgumentException("need cost >= 0, raise, cut >= 0 and 0 <= markup <= maxMarkup");
        }
        this.cost = cost;
        this.learns = learns;
        this.markup = markup;
        this.raise = raise;
        this.cut = cut;
        this.maxMarkup = maxMarkup;
    }

    /** The price per node-second bid now. */
    public double bid() {
        return cost * (1 + markup);
    }

    /** Every placement of the job costs the same: its price. */
    @Override
    public double priceFloor(Request request, int nodes, long runTime, long now) {
        return bid() * nodes * (double) runTime;
    }

    @Override
    public double price(Request request, Placement p, long now) {
        return bid() * p.nodeCount() * (double) (p.end() - p.start());
    }

    @Override
    public void accepted(Request request, OfferPart part, long now) {
        won++;
        if (learns) {
            markup = Math.min(maxMarkup, markup + raise);
        }
    }

    @Override
    public void lost(long requestId, OfferPart part, long now) {
        lost++;
        if (learns) {
            markup = Math.max(0, markup - cut);
        }
    }

    /** The last markup and bid, and the offers won and lost. */
    @Override
    public Map<String, Object> summary() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("markup", markup);
        s.put("bidPerNodeSecond", bid());
        s.put("won", won);
        s.put("lost", lost);
        return s;
    }
}
