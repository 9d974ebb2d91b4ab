package gridmarket.api.builtin;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.SecondPrice;

/** Second-price (Vickrey) clearing: the highest utility value wins, paid the price at which it would still win. */
public final class SecondPriceFactory implements ClearingRuleFactory {
    @Override
    public String name() {
        return "second-price";
    }

    @Override
    public String description() {
        return "second price (Vickrey): the highest utility value wins and is paid the highest price at which it "
                + "would still have won (a price-only utility: the runner-up's price), within the JobBudget";
    }

    @Override
    public ClearingRule create(Settings settings) {
        return new SecondPrice();
    }
}
