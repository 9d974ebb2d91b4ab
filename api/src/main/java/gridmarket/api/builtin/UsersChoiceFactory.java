package gridmarket.api.builtin;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.UsersChoice;

/** The default: the user's OfferChoice among the k best when MaxOfferNumber k > 0, else the highest utility value. */
public final class UsersChoiceFactory implements ClearingRuleFactory {
    @Override
    public String name() {
        return "users-choice";
    }

    @Override
    public String description() {
        return "the user's OfferChoice among the k best offers (MaxOfferNumber k > 0), else the highest utility value";
    }

    @Override
    public ClearingRule create(Settings settings) {
        return new UsersChoice();
    }
}
