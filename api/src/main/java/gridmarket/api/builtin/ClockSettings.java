package gridmarket.api.builtin;

import gridmarket.api.Settings;
import gridmarket.api.SettingsException;
import gridmarket.market.roles.ClockAuction;

/**
 * The settings of the clock auctions ({@code english}, {@code dutch}): {@code {rule: english, low: 0, high: 2,
 * step: 0.05, tick: 1}}, prices per node-second and whole seconds, each bad value named with its key.
 */
final class ClockSettings {
    /** The most prices a clock may call out: more would be a mistake in low, high or step, not an auction. */
    static final int MOST_TICKS = 100_000;

    private ClockSettings() {
    }

    static ClockAuction clock(ClockAuction.Kind kind, Settings s) {
        s.allowOnly("low", "high", "step", "tick");
        double low = s.number("low", 0, 0, 1e12);
        double high = s.number("high", 2, 0, 1e12);
        if (high < low) {
            throw new SettingsException("high: " + high + " is below low " + low);
        }
        double step = s.number("step", 0.05, 0, 1e12);
        if (step == 0) {
            throw new SettingsException("step: 0 is not above 0");
        }
        if ((high - low) / step + 1 > MOST_TICKS) {
            throw new SettingsException("step: " + step + " makes (high - low) / step more than " + MOST_TICKS
                    + " ticks");
        }
        double tick = s.number("tick", 1, 0, 1e9);
        if (tick != Math.rint(tick)) {
            throw new SettingsException("tick: " + tick + " is not a whole number of seconds");
        }
        return new ClockAuction(kind, low, high, step, (long) tick);
    }
}
