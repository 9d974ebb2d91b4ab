package org.example.gridmarket;

import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.PolicySetup;
import gridmarket.sim.policy.Scheduler;

/** Registers {@link ShortestJobFirstEasy} as the local policy {@code sjf-easy}: {@code policy: sjf-easy}. */
public final class ShortestJobFirstEasyFactory implements LocalPolicyFactory {
    @Override
    public String name() {
        return "sjf-easy";
    }

    @Override
    public String description() {
        return "shortest requested time first, with EASY backfilling behind the first job that does not fit";
    }

    @Override
    public Scheduler create(PolicySetup setup) {
        return new ShortestJobFirstEasy();
    }
}
