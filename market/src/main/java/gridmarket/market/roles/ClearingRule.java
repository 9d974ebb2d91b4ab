package gridmarket.market.roles;

import gridmarket.market.Offer;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a MetaManager does with a round's offers: which one the request takes, if any. The rule charges OfferCost and
 * applies the request's budgets through {@code budget} (which remembers what the request has spent over its rounds);
 * it never sees the offers of other requests.
 */
public interface ClearingRule {
    /**
     * @param offers the round's offers in the order the domains were asked (a co-allocated one last)
     * @param budget the request's account of offer costs, and the budget checks
     */
    OfferSelection.Choice clear(Request request, List<Offer> offers, OfferSelection budget);

    /**
     * Whether the rule takes the acceptable offer with the highest utility value for this request (the thesis'
     * automatic choice): then a MetaManager that routes by capacity may leave out domains that cannot offer an
     * earlier start. False (the default) keeps every domain within reach asked.
     */
    default boolean takesHighestUtility(Request request) {
        return false;
    }

    /**
     * The order in which a MetaManager tries its waiting requests again after a change, or {@code null} (the default)
     * for the order they began to wait in; a sort by it is stable, so equals keep that order.
     */
    default Comparator<Request> waitingOrder() {
        return null;
    }

    /**
     * What the rule reports of itself at the end of the run, for {@code summary.json}'s
     * {@code strategyFields.clearing}, by domain (each MetaManager has its own rule); empty (the default) for
     * nothing.
     */
    default Map<String, Object> summary() {
        return Map.of();
    }
}
