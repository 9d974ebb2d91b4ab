package gridmarket.market.protocol;

import gridmarket.market.FreeCapacity;
import gridmarket.market.Offer;

import java.util.List;

/**
 * The answer to a {@link CallForOffers}: the offers of one machine (or of every machine of a domain), best first.
 *
 * @param offers     the offers; empty if none
 * @param overBudget whether a placement left out for the request's budgets would have been among the offers
 * @param suited     whether the request could use a machine of the answer (an ELEMENT of its template held)
 * @param capacity   the answering domain's free capacity as it answered, where MetaManagers route by capacity (it
 *                   rides on the answer, no message of its own); {@code null} otherwise
 */
public record Offers(long conversation, long requestId, List<Offer> offers, boolean overBudget, boolean suited,
                     FreeCapacity capacity) implements Message {
    public Offers {
        offers = List.copyOf(offers);
    }

    /** An answer that carries no capacity. */
    public Offers(long conversation, long requestId, List<Offer> offers, boolean overBudget, boolean suited) {
        this(conversation, requestId, offers, overBudget, suited, null);
    }

    /** One message per offer, at least one (the empty answer). */
    @Override
    public int weight() {
        return Math.max(1, offers.size());
    }
}
