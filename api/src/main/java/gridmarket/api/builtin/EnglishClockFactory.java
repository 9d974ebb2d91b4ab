package gridmarket.api.builtin;

import gridmarket.api.ClearingRuleFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.ClockAuction;

/** The English reverse clock auction ({@code english}): a falling price per node-second; the last owner in wins. */
public final class EnglishClockFactory implements ClearingRuleFactory {
    @Override
    public String name() {
        return "english";
    }

    @Override
    public String description() {
        return "English reverse clock auction: the price per node-second falls a step each tick, owners drop out "
                + "below their asks, the last one in wins at the last price another stood at";
    }

    @Override
    public void check(Settings settings) {
        ClockSettings.clock(ClockAuction.Kind.ENGLISH, settings);
    }

    @Override
    public ClearingRule create(Settings settings) {
        return ClockSettings.clock(ClockAuction.Kind.ENGLISH, settings);
    }
}
