package org.example.gridmarket;

import gridmarket.api.OwnerSetup;
import gridmarket.api.OwnerStrategyFactory;
import gridmarket.api.Settings;
import gridmarket.market.roles.OwnerStrategy;

/**
 * Registers {@link AdaptivePrice} as the owner strategy {@code adaptive-price}:
 * {@code market: {owner: {strategy: adaptive-price, rate: 1, step: 0.05, min: 0.1, max: 10}}}.
 */
public final class AdaptivePriceFactory implements OwnerStrategyFactory {
    @Override
    public String name() {
        return "adaptive-price";
    }

    @Override
    public String description() {
        return "a price per node-second that rises with utilization and with offers won, and falls with offers lost";
    }

    @Override
    public void check(Settings s) {
        s.allowOnly("rate", "step", "min", "max");
        double min = s.number("min", 0.1, 0, 1e9);
        double max = s.number("max", Math.max(10, min), min, 1e9);
        s.number("rate", Math.min(Math.max(1, min), max), min, max);
        s.number("step", 0.05, 0, 1);
    }

    @Override
    public OwnerStrategy create(OwnerSetup machine, Settings s) {
        double min = s.number("min", 0.1, 0, 1e9);
        double max = s.number("max", Math.max(10, min), min, 1e9);
        return new AdaptivePrice(machine.schedule(), s.number("rate", Math.min(Math.max(1, min), max), min, max),
                s.number("step", 0.05, 0, 1), min, max);
    }
}
