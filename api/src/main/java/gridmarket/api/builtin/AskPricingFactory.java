package gridmarket.api.builtin;

import gridmarket.api.OwnerSetup;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.AskPricing;
import gridmarket.market.roles.OwnerStrategy;

/**
 * An owner that asks its cost per node-second ({@code market.value.ownerCost}) times a markup ({@code {strategy:
 * ask, markup: 1.5}}), the sellers of the double auction.
 */
public final class AskPricingFactory implements OwnerStrategyFactory {
    /** The markup when none is given. */
    static final double MARKUP = 1.5;

    @Override
    public String name() {
        return "ask";
    }

    @Override
    public String description() {
        return "asks its cost per node-second (market.value.ownerCost) times a markup (markup: 1.5) for any slot";
    }

    @Override
    public void check(Settings settings) {
        settings.allowOnly("markup");
        settings.number("markup", MARKUP, 0, 1e6);
    }

    @Override
    public OwnerStrategy create(OwnerSetup machine, Settings settings) {
        return new AskPricing(machine.cost(), settings.number("markup", MARKUP, 0, 1e6));
    }
}
