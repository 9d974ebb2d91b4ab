package gridmarket.sim.failure;

import gridmarket.sim.machine.Machine;

/**
 * Nodes that were out of service in a run: {@code nodeIds} of {@code machine} during {@code [start, end)}.
 *
 * @param machine the machine
 * @param nodeIds the failed nodes, ascending
 * @param start   when they failed, seconds
 * @param end     when they were repaired, seconds
 * @param planned a maintenance window (known in advance), not a failure
 */
public record Outage(Machine machine, int[] nodeIds, long start, long end, boolean planned) {
    public Outage {
        nodeIds = nodeIds.clone();
    }

    @Override
    public int[] nodeIds() {
        return nodeIds.clone();
    }

    /** Node-seconds out of service inside {@code [from, to)}. */
    public long downNodeSeconds(long from, long to) {
        long length = Math.min(end, to) - Math.max(start, from);
        return length <= 0 ? 0 : length * nodeIds.length;
    }
}
