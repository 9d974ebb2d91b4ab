package gridmarket.api.builtin;

import gridmarket.api.Grid;
import gridmarket.api.GridSetup;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.PolicyUse;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;

import java.util.ArrayList;
import java.util.List;

/** Strategy {@code local} (SPEC C8): every site runs the local policy on its own jobs, with no grid. */
final class LocalStrategy implements GridStrategyFactory {
    @Override
    public String name() {
        return "local";
    }

    @Override
    public String description() {
        return "every site runs its local policy on its own jobs (C8)";
    }

    @Override
    public PolicyUse policyUse() {
        return PolicyUse.EACH_SITE;
    }

    @Override
    public Grid create(GridSetup setup) {
        List<QueueAgent> schedulers = new ArrayList<>();
        for (List<Machine> site : setup.sites()) {
            List<MachineSchedule> own = site.stream().map(m -> setup.schedules().get(m.id())).toList();
            schedulers.add(own.size() == 1 ? new LocalScheduler(own.get(0), setup.policy().create(setup.policySetup()),
                    setup.clock(), setup.ledger()) : SiteQueues.over(own, setup, null));
        }
        return Grid.of(new LocalRouting(schedulers), schedulers);
    }
}
