package gridmarket.market.protocol;

import gridmarket.market.Offer;

import java.util.List;

/**
 * The answer to a {@link CallForOffers}: the offers of one machine (or of every machine of a domain), best first.
 *
 * @param offers     the offers; empty if none
 * @param overBudget whether a placement was left out for the request's budgets
 * @param suited     whether the request could use a machine of the answer (an ELEMENT of its template held)
 */
public record Offers(long conversation, long requestId, List<Offer> offers, boolean overBudget, boolean suited)
        implements Message {
    public Offers {
        offers = List.copyOf(offers);
    }

    /** One message per offer, at least one (the empty answer). */
    @Override
    public int weight() {
        return Math.max(1, offers.size());
    }
}
