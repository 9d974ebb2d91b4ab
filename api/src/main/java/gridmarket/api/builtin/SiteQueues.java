package gridmarket.api.builtin;

import gridmarket.api.GridQueue;
import gridmarket.api.GridSetup;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.grid.ConservativeJobSharing;
import gridmarket.sim.grid.GridScheduler;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.MachineSchedule;

import java.util.List;

/** One queue over several machines, run by the discipline the experiment's policy names (SPEC C9, C10). */
final class SiteQueues {
    private SiteQueues() {
    }

    /** Conservative backfilling, EASY or FCFS across the machines; co-allocating with {@code rules}. */
    static QueueAgent over(List<MachineSchedule> machines, GridSetup setup, MultiSiteRules rules) {
        GridQueue queue = setup.policy().acrossMachines();
        if (queue == GridQueue.CONSERVATIVE && rules == null) {
            return new ConservativeJobSharing(machines, setup.clock(), setup.ledger());
        }
        return new GridScheduler(machines, queue == GridQueue.EASY, rules, setup.clock(), setup.ledger());
    }
}
