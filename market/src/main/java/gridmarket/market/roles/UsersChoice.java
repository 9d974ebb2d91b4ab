package gridmarket.market.roles;

import gridmarket.market.Offer;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;

import java.util.List;

/**
 * The user chooses (SPEC E2): a request with MaxOfferNumber k > 0 receives the k best acceptable offers and takes the
 * one its template's OfferChoice values highest (ties: the better ranked); a request with k = 0 leaves the choice to
 * {@link HighestUtility}. The market's default rule.
 */
public final class UsersChoice implements ClearingRule {
    private final ClearingRule automatic = new HighestUtility();

    @Override
    public OfferSelection.Choice clear(Request r, List<Offer> offers, OfferSelection budget) {
        if (r.maxOfferNumber() <= 0) {
            return automatic.clear(r, offers, budget);
        }
        return budget.chooseAmong(offers, r, o -> true, r.maxOfferNumber(),
                r.terms() == null ? null : r.terms().choice());
    }

    @Override
    public boolean takesHighestUtility(Request r) {
        return r.maxOfferNumber() <= 0;
    }
}
