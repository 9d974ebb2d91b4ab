package gridmarket.sim.failure;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.PlannedOutage;

/**
 * The agent that runs jobs on a machine, as {@link NodeFailures} sees it: a queue strategy's scheduler, or the
 * market's machine owner. It is told ahead of each instant at which nodes fail or are repaired, kills the jobs on
 * failed nodes and takes the nodes out of service, and holds maintenance windows.
 */
public interface MachineKeeper {
    /** Node failures may happen in this run: from now on the keeper notes the promises they may break. */
    void watchPromises();

    /**
     * Nodes of its machines fail or are repaired at {@code time}, which lies ahead: the keeper plans to act after
     * them (MASON cannot schedule "later at the current time").
     */
    void expectOutage(long time);

    /**
     * Nodes of {@code machine} fail now until {@code repair}: the jobs running on them are killed and run again
     * (from scratch, or from their last checkpoint {@code checkpoint} seconds apart, 0 for none), and the nodes are
     * taken out of service ({@link MachineSchedule#goDown}). Nodes already out of service are left as they are.
     *
     * @return the outage, or {@code null} if every node given was already out of service
     */
    Allocation nodesFailed(MachineSchedule machine, int[] nodes, long now, long repair, long checkpoint);

    /** A maintenance window was announced on {@code machine} (before the run's first event). */
    default void maintenancePlanned(MachineSchedule machine, PlannedOutage window) {
    }

    /**
     * A maintenance window starts now on {@code machine}: its nodes go out of service.
     *
     * @return the outage, or {@code null} if no node had to be taken
     */
    default Allocation maintenanceStarts(MachineSchedule machine, PlannedOutage window, long now) {
        return machine.startMaintenance(window, now);
    }
}
