package gridmarket.sim.failure;

/**
 * A failure given in advance (from a failure trace): {@code nodes} nodes of machine {@code machine} fail at
 * {@code start} and are repaired at {@code end}. Which nodes is drawn when they fail, among those still up.
 *
 * @param machine index of the machine in the grid
 * @param nodes   how many nodes fail, at least one
 * @param start   seconds
 * @param end     seconds, after {@code start}
 */
public record OutageWindow(int machine, int nodes, long start, long end) {
    public OutageWindow {
        if (nodes <= 0 || end <= start) {
            throw new IllegalArgumentException("outage of " + nodes + " nodes in [" + start + ", " + end + ")");
        }
    }
}
