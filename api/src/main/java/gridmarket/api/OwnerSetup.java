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
 * @param cost      the owner's cost per node-second its machine runs a job ({@code market.value}'s {@code ownerCost},
 *                  or its default)
 */
public record OwnerSetup(String machine, int nodes, double speed, MachineFunction objective,
                         MachineSchedule schedule, double cost) {
    /** A setup at {@code market.value}'s default cost, 0.5 per node-second. */
    public OwnerSetup(String machine, int nodes, double speed, MachineFunction objective, MachineSchedule schedule) {
        this(machine, nodes, speed, objective, schedule, 0.5);
    }
}
