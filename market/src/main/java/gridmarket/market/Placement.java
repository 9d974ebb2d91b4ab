package gridmarket.market;

import java.util.Arrays;
import java.util.Objects;

/**
 * A candidate placement of a request on one machine: which nodes, when, and what it does to the machine's schedule.
 *
 * @param nodes     node ids, ascending
 * @param start     start time, seconds
 * @param end       planned end ({@code start + RunTime}), seconds
 * @param variables the objective variables of this placement
 */
public record Placement(int[] nodes, long start, long end, ObjectiveVariables variables) {

    public Placement {
        nodes = nodes.clone();
    }

    /** How many nodes: {@code nodes().length} without the copy (pricing and compression ask it on every offer). */
    public int nodeCount() {
        return nodes.length;
    }

    /** The node ids, ascending; a copy, so a placement cannot be changed once made. */
    @Override
    public int[] nodes() {
        return nodes.clone();
    }

    /** Whether it holds exactly these nodes (ids ascending), without copying its own. */
    public boolean holds(int[] ids) {
        return Arrays.equals(nodes, ids);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Placement p && start == p.start && end == p.end && Arrays.equals(nodes, p.nodes)
                && variables.equals(p.variables);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(nodes), start, end, variables);
    }

    @Override
    public String toString() {
        return "Placement[nodes=" + Arrays.toString(nodes) + ", start=" + start + ", end=" + end + ", variables="
                + variables + "]";
    }
}
