package gridmarket.api;

import gridmarket.market.MachineFunction;
import gridmarket.sim.machine.MachineSchedule;

/**
 * What an owner strategy is made for: one machine of the grid.
 *
 * @param machine   the machine's name
 * @param nodes     its node count
 * @param speed     its speed, a run-time factor (1: the trace's times)
 * @param objective its machine function: its own {@code objective}, else the market's {@code mf}
 * @param schedule  its node-level schedule, to read (running jobs and reservations); a strategy must not change it
 * @param cost      its owner's cost per node-second run ({@code market.value}'s {@code ownerCost})
 */
public record OwnerSetup(String machine, int nodes, double speed, MachineFunction objective,
                         MachineSchedule schedule, double cost) {
    /** A machine whose owner's cost is the value model's default, 0.5 per node-second. */
    public OwnerSetup(String machine, int nodes, double speed, MachineFunction objective, MachineSchedule schedule) {
        this(machine, nodes, speed, objective, schedule, 0.5);
    }
}
