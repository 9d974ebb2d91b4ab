package gridmarket.agents;

import gridmarket.api.GridQueue;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.Strategy;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.grid.ConservativeJobSharing;
import gridmarket.sim.grid.GridScheduler;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the queue-based strategies' agents (SPEC C8-C10): per site a {@link LocalScheduler} (or one queue over the
 * site's machines) for {@code local}; one {@link GridScheduler} or {@link ConservativeJobSharing} over every machine
 * for {@code jobsharing} and {@code multisite}.
 */
final class QueueBuilder {
    private final ExperimentSpec spec;
    private final EventClock clock;
    private final JobLedger ledger;

    QueueBuilder(ExperimentSpec spec, EventClock clock, JobLedger ledger) {
        this.spec = spec;
        this.clock = clock;
        this.ledger = ledger;
    }

    /** The agents of a queue-based strategy and the router that hands them the jobs. */
    record Queues(List<QueueAgent> schedulers, JobRouter router) {
    }

    /** Strategy {@code local}: one scheduler per site, each seeing only its own jobs. */
    Queues local(List<List<Machine>> sites, List<MachineSchedule> schedules) {
        LocalPolicyFactory policy = spec.policyFactory();
        List<QueueAgent> schedulers = new ArrayList<>();
        for (List<Machine> site : sites) {
            List<MachineSchedule> own = site.stream().map(m -> schedules.get(m.id())).toList();
            schedulers.add(own.size() == 1
                    ? new LocalScheduler(own.get(0), policy.create(spec.policySetup()), clock, ledger)
                    : jobSharing(own, policy.acrossMachines()));
        }
        return new Queues(schedulers, new LocalRouting(schedulers));
    }

    /** Strategies {@code jobsharing} and {@code multisite}: one queue over every machine of the grid. */
    Queues grid(List<MachineSchedule> schedules) {
        GridQueue queue = spec.policyFactory().acrossMachines();
        MultiSiteRules rules = spec.strategyValue() == Strategy.MULTISITE
                ? new MultiSiteRules(spec.getMultisite().getOverhead(), spec.getMultisite().getMinPartSize(),
                spec.getMultisite().getMaxParts())
                : null;
        QueueAgent grid = rules == null ? jobSharing(schedules, queue)
                : new GridScheduler(schedules, queue == GridQueue.EASY, rules, clock, ledger);
        return new Queues(List.of(grid), grid);
    }

    /** One queue over the machines: conservative backfilling, EASY or FCFS across them. */
    private QueueAgent jobSharing(List<MachineSchedule> machines, GridQueue queue) {
        return queue == GridQueue.CONSERVATIVE ? new ConservativeJobSharing(machines, clock, ledger)
                : new GridScheduler(machines, queue == GridQueue.EASY, null, clock, ledger);
    }
}
