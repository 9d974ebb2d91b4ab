package gridmarket.sim.machine;

/**
 * A maintenance window known in advance: {@code nodes} nodes of the machine are out of service during
 * {@code [start, end)}. Which nodes is decided when it starts (idle ones, lowest ids first), so planners count it
 * like a reservation of that many nodes.
 *
 * @param nodes how many nodes, at least one
 * @param start seconds
 * @param end   seconds, after {@code start}
 */
public record PlannedOutage(int nodes, long start, long end) {
    public PlannedOutage {
        if (nodes <= 0 || end <= start) {
            throw new IllegalArgumentException("maintenance of " + nodes + " nodes in [" + start + ", " + end + ")");
        }
    }
}
