package gridmarket.market.roles;

import gridmarket.market.Offer;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;

import java.util.List;

/**
 * The thesis' automatic choice (MaxOfferNumber 0): the acceptable offer with the highest utility value; ties: earlier
 * start, lower cost, fewer machines, lower machine index, lower node ids ({@link Offer#betterThan}).
 */
public final class HighestUtility implements ClearingRule {
    @Override
    public OfferSelection.Choice clear(Request request, List<Offer> offers, OfferSelection budget) {
        return budget.choose(offers, request, o -> true);
    }

    @Override
    public boolean takesHighestUtility(Request request) {
        return true;
    }
}
