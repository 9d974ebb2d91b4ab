package gridmarket.api.builtin;

import gridmarket.api.OwnerSetup;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Settings;
import gridmarket.api.SettingsException;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.roles.PostedPricing;
import gridmarket.market.roles.PriceRule;

/**
 * Posted prices that follow demand ({@code posted}): {@code {strategy: posted, price: 1, min: 0.1, max: 10, step:
 * 0.1, period: 3600, signal: utilization | sales, target: 0.8, damping: 0.1}} (docs/MECHANISMS.md).
 */
public final class PostedPricingFactory implements OwnerStrategyFactory {
    private static final String[] KEYS = {"price", "min", "max", "step", "period", "signal", "target", "damping"};

    @Override
    public String name() {
        return "posted";
    }

    @Override
    public String description() {
        return "posts a price per node-second and moves it every period by its sales or utilization (tatonnement)";
    }

    @Override
    public void check(Settings settings) {
        settings.allowOnly(KEYS);
        rule(settings);
    }

    @Override
    public OwnerStrategy create(OwnerSetup machine, Settings settings) {
        return new PostedPricing(machine.machine(), machine.nodes(), rule(settings));
    }

    /** The settings as a rule, each bad value named with the key. */
    static PriceRule rule(Settings s) {
        double min = positive(s, "min", 0.1, 1e12);
        double max = positive(s, "max", 10, 1e12);
        if (max < min) {
            throw new SettingsException("max: " + max + " is below min " + min);
        }
        double price = positive(s, "price", Math.min(max, Math.max(min, 1)), 1e12);
        if (price < min || price > max) {
            throw new SettingsException("price: " + price + " is outside min..max " + min + ".." + max);
        }
        double period = s.number("period", 3600, 1, 1e9);
        if (period != Math.rint(period)) {
            throw new SettingsException("period: " + period + " is not a whole number of seconds");
        }
        String signal = s.text("signal", "utilization");
        PriceRule.Signal sig = PriceRule.Signal.of(signal);
        if (sig == null) {
            throw new SettingsException("signal: '" + signal + "' is not sales or utilization");
        }
        return new PriceRule(price, min, max, positive(s, "step", 0.1, 1), (long) period, sig,
                s.number("target", 0.8, 0, 1), s.number("damping", 0.1, 0, 1e6));
    }

    /** A number above 0 and at most {@code max}. */
    private static double positive(Settings s, String key, double otherwise, double max) {
        double v = s.number(key, otherwise, 0, max);
        if (v == 0) {
            throw new SettingsException(key + ": 0 is not above 0");
        }
        return v;
    }
}
