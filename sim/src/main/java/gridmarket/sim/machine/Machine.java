package gridmarket.sim.machine;

/**
 * A massively parallel machine (MPP): identical nodes, space sharing (SPEC M1).
 *
 * @param name  unique name in the grid, used in results
 * @param id    index of the machine in the grid (0-based); orders machines where a rule needs an order
 * @param nodes number of nodes, greater than zero
 */
public record Machine(String name, int id, int nodes) {
    public Machine {
        if (nodes <= 0) {
            throw new IllegalArgumentException("machine " + name + ": nodes must be > 0, got " + nodes);
        }
    }
}
