package gridmarket.api.builtin;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.DoubleAuction;

/**
 * The continuous double auction over node-time ({@code double-auction}): bids per node-second from the requests'
 * budgets meet the owners' asks, and trade at their midpoint.
 */
public final class DoubleAuctionFactory implements ClearingRuleFactory {
    @Override
    public String name() {
        return "double-auction";
    }

    @Override
    public String description() {
        return "continuous double auction over node-time: a bid (JobBudget per node-second) trades with the lowest "
                + "ask at or below it at their midpoint; unmatched bids wait in the book until their deadlines";
    }

    @Override
    public ClearingRule create(Settings settings) {
        return new DoubleAuction();
    }
}
