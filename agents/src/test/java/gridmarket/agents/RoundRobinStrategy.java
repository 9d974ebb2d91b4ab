package gridmarket.agents;

import gridmarket.api.Grid;
import gridmarket.api.GridSetup;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.PolicyUse;
import gridmarket.api.Settings;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A grid strategy registered the way a plug-in's is (this module's test services): job {@code order} goes to machine
 * {@code (order + offset) mod n}, each machine running the experiment's local policy on what it is dealt.
 */
public final class RoundRobinStrategy implements GridStrategyFactory {
    @Override
    public String name() {
        return "round-robin";
    }

    @Override
    public String description() {
        return "job i to machine (i + offset) mod n, each machine its local policy";
    }

    @Override
    public PolicyUse policyUse() {
        return PolicyUse.EACH_SITE;
    }

    @Override
    public void check(Settings settings) {
        settings.allowOnly("offset");
        settings.number("offset", 0, 0, 1000);
    }

    @Override
    public Grid create(GridSetup setup) {
        int offset = (int) setup.settings().number("offset", 0, 0, 1000);
        List<QueueAgent> machines = new ArrayList<>();
        for (MachineSchedule m : setup.schedules()) {
            machines.add(new LocalScheduler(m, setup.policy().create(setup.policySetup()), setup.clock(),
                    setup.ledger()));
        }
        JobRouter router = new JobRouter() {
            private QueueAgent of(Job job) {
                return machines.get((job.order() + offset) % machines.size());
            }

            @Override
            public void expect(Job job) {
                of(job).expect(job);
            }

            @Override
            public void submit(Job job) {
                of(job).submit(job);
            }
        };
        return new Grid() {
            @Override
            public JobRouter router() {
                return router;
            }

            @Override
            public List<QueueAgent> schedulers() {
                return machines;
            }

            @Override
            public Map<String, Object> summary() {
                return Map.of("machines", machines.size(), "offset", offset);
            }
        };
    }
}
