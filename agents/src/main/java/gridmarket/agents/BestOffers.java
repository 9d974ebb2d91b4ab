package gridmarket.agents;

import gridmarket.market.Offer;

import java.util.ArrayList;
import java.util.List;

/**
 * The k best offers of one answer seen so far, best first, as a stable sort by {@link Offer#BEST_FIRST} would put
 * them (equals in the order seen). An answer holds a handful of the dozens of placements a search prices, so only
 * those that could still enter are made into offers, and the worst kept tells the search when no later placement
 * could.
 */
final class BestOffers {
    private final int k;
    private final List<Offer> top;

    BestOffers(int k) {
        this.k = k;
        this.top = new ArrayList<>(k + 1);
    }

    /**
     * Whether an offer of this utility value could be among the k best: one below the worst kept ranks below all of
     * them, whatever its ties would say.
     */
    boolean couldEnter(double utilityValue) {
        return top.size() < k || k > 0 && !(utilityValue < top.get(k - 1).utilityValue());
    }

    void add(Offer o) {
        int at = top.size();
        while (at > 0 && o.betterThan(top.get(at - 1))) {
            at--;
        }
        if (at < k) {
            top.add(at, o);
            if (top.size() > k) {
                top.remove(k);
            }
        }
    }

    /** Whether k offers are kept (never, for an answer of none). */
    boolean full() {
        return k > 0 && top.size() == k;
    }

    /** The utility value of the worst offer kept, once {@link #full}. */
    double worst() {
        return top.get(k - 1).utilityValue();
    }

    /** The offers kept, best first. */
    List<Offer> offers() {
        return top;
    }
}
