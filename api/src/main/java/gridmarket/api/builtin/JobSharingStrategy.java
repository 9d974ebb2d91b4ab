package gridmarket.api.builtin;

import gridmarket.api.Grid;
import gridmarket.api.GridSetup;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.PolicyUse;
import gridmarket.api.Settings;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.grid.MultiSiteRules;

import java.util.List;
import java.util.Set;

/**
 * Strategies {@code jobsharing} (SPEC C9: one grid queue, a job on any one machine) and {@code multisite} (C10: and
 * co-allocated over several machines, with overhead).
 */
final class JobSharingStrategy implements GridStrategyFactory {
    private final boolean multiSite;

    /** @param multiSite whether jobs may be co-allocated over several machines ({@code multisite}) */
    JobSharingStrategy(boolean multiSite) {
        this.multiSite = multiSite;
    }

    @Override
    public String name() {
        return multiSite ? "multisite" : "jobsharing";
    }

    @Override
    public String description() {
        return multiSite ? "job-sharing plus co-allocation of a job over several machines, with overhead (C10)"
                : "one grid queue; a job runs on any one machine, backfilled across machines (C9)";
    }

    @Override
    public PolicyUse policyUse() {
        return multiSite ? PolicyUse.CO_ALLOCATING_QUEUE : PolicyUse.ONE_QUEUE;
    }

    @Override
    public Set<String> blocks() {
        return multiSite ? Set.of("multisite") : Set.of();
    }

    @Override
    public void check(Settings settings) {
        if (multiSite) {
            settings.allowOnly("overhead", "minPartSize", "maxParts");
        } else {
            settings.allowOnly();
        }
    }

    @Override
    public Grid create(GridSetup setup) {
        MultiSiteRules rules = multiSite ? new MultiSiteRules(setup.settings().number("overhead", 0, 0, 1e12),
                (int) setup.settings().number("minPartSize", 1, 1, Integer.MAX_VALUE),
                (int) setup.settings().number("maxParts", 0, 0, Integer.MAX_VALUE)) : null;
        QueueAgent grid = SiteQueues.over(setup.schedules(), setup, rules);
        return Grid.of(grid, List.of(grid));
    }
}
