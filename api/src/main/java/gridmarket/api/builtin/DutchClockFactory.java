package gridmarket.api.builtin;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.ClockAuction;

/** The Dutch reverse clock auction ({@code dutch}): a rising price per node-second; the first owner to accept wins. */
public final class DutchClockFactory implements ClearingRuleFactory {
    @Override
    public String name() {
        return "dutch";
    }

    @Override
    public String description() {
        return "Dutch reverse clock auction: the price per node-second rises a step each tick until an owner "
                + "accepts; the first to accept wins at that price";
    }

    @Override
    public void check(Settings settings) {
        ClockSettings.clock(ClockAuction.Kind.DUTCH, settings);
    }

    @Override
    public ClearingRule create(Settings settings) {
        return ClockSettings.clock(ClockAuction.Kind.DUTCH, settings);
    }
}
