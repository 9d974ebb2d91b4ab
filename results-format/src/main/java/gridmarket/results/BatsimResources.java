package gridmarket.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Batsim's flat resource indices for a grid: Batsim numbers the machines (its resources) of a platform 0, 1, 2, ...,
 * while a grid has nodes per machine. Machines are laid end to end in grid order (sites in order, each site's
 * machines in order): node {@code i} of the machine whose machines before it hold {@code offset} nodes together is
 * resource {@code offset + i}. The mapping depends only on the grid, so it is the same for every run on it.
 */
public final class BatsimResources {
    /** A machine of the grid, in grid order, and its number of nodes. */
    public record Machine(String name, int nodes) {
    }

    private final Map<String, Integer> offsets = new LinkedHashMap<>();
    private final long total;

    public BatsimResources(List<Machine> machines) {
        long at = 0;
        for (Machine m : machines) {
            if (offsets.putIfAbsent(m.name(), (int) at) != null) {
                throw new IllegalArgumentException("machine " + m.name() + " is named twice");
            }
            at += m.nodes();
        }
        total = at;
    }

    /** The resource index of node 0 of {@code machine}. */
    public int offset(String machine) {
        Integer o = offsets.get(machine);
        if (o == null) {
            throw new ResultsException("machine '" + machine + "' is not in the grid (" + String.join(", ",
                    offsets.keySet()) + ")");
        }
        return o;
    }

    /** Resources in all: Batsim's {@code nb_res} and {@code nb_computing_machines}. */
    public long total() {
        return total;
    }
}
