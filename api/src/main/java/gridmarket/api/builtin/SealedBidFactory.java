package gridmarket.api.builtin;

import gridmarket.api.OwnerSetup;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Settings;
import gridmarket.api.SettingsException;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.roles.SealedBid;

/**
 * The owners of a sealed-bid reverse auction ({@code sealed-bid}): {@code {strategy: sealed-bid, bid: truthful |
 * learn, markup: 0.5, raise: 0.05, cut: 0.02, maxMarkup: 10}}; the cost is {@code market.value}'s {@code ownerCost}.
 */
public final class SealedBidFactory implements OwnerStrategyFactory {
    @Override
    public String name() {
        return "sealed-bid";
    }

    @Override
    public String description() {
        return "bids a price per node-second: its cost (bid: truthful) or its cost plus a markup learned from won "
                + "and lost offers (bid: learn)";
    }

    @Override
    public void check(Settings settings) {
        settings.allowOnly("bid", "markup", "raise", "cut", "maxMarkup");
        boolean learns = learns(settings);
        if (!learns && settings.keys().size() > 1) {
            throw new SettingsException(String.join(", ", settings.keys().stream().filter(k -> !k.equals("bid"))
                    .toList()) + ": no effect unless bid is learn; remove it");
        }
        create(0, settings);
    }

    @Override
    public OwnerStrategy create(OwnerSetup machine, Settings settings) {
        return create(machine.cost(), settings);
    }

    private static SealedBid create(double cost, Settings s) {
        boolean learns = learns(s);
        double max = s.number("maxMarkup", 10, 0, 1e6);
        double markup = s.number("markup", learns ? Math.min(0.5, max) : 0, 0, 1e6);
        if (markup > max) {
            throw new SettingsException("markup: " + markup + " is above maxMarkup " + max);
        }
        return new SealedBid(cost, learns, markup, s.number("raise", 0.05, 0, 1e6), s.number("cut", 0.02, 0, 1e6),
                max);
    }

    private static boolean learns(Settings s) {
        String bid = s.text("bid", "learn");
        if (!bid.equals("learn") && !bid.equals("truthful")) {
            throw new SettingsException("bid: '" + bid + "' is not truthful or learn");
        }
        return bid.equals("learn");
    }
}
