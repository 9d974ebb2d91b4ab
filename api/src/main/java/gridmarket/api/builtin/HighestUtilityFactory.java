package gridmarket.api.builtin;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.HighestUtility;

/** The acceptable offer with the highest utility value, whatever the request's MaxOfferNumber. */
public final class HighestUtilityFactory implements ClearingRuleFactory {
    @Override
    public String name() {
        return "highest-utility";
    }

    @Override
    public String description() {
        return "the acceptable offer with the highest utility value (ties: earlier start, lower cost, fewer machines)";
    }

    @Override
    public ClearingRule create(Settings settings) {
        return new HighestUtility();
    }
}
