package org.example.gridmarket;

import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.sim.machine.MachineSchedule;

import java.util.Map;

/**
 * An owner that sets its own price per node-second: it charges more the busier its machine is now, lowers its rate
 * a step after each offer it lost and raises it a step after each offer accepted, within bounds.
 */
final class AdaptivePrice implements OwnerStrategy {
    private final MachineSchedule machine;
    private final double step;
    private final double min;
    private final double max;
    private double rate;

    AdaptivePrice(MachineSchedule machine, double rate, double step, double min, double max) {
        this.machine = machine;
        this.rate = rate;
        this.step = step;
        this.min = min;
        this.max = max;
    }

    @Override
    public double price(Request request, Placement p, long now) {
        double busy = 1.0 - (double) machine.freeNodes() / machine.size();
        return rate * (1 + busy) * p.nodes().length * (p.end() - p.start());
    }

    @Override
    public void lost(long requestId, OfferPart part, long now) {
        rate = Math.max(min, rate * (1 - step));
    }

    @Override
    public void accepted(Request request, OfferPart part, long now) {
        rate = Math.min(max, rate * (1 + step));
    }

    /** The rate it learned by the end of the run, in summary.json's strategyFields.owners.MACHINE. */
    @Override
    public Map<String, Object> summary() {
        return Map.of("ratePerNodeSecond", rate);
    }
}
