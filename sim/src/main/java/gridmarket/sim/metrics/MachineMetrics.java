package gridmarket.sim.metrics;

/**
 * Load of one machine over a run.
 *
 * @param nodes       the machine's nodes
 * @param work        busy node-seconds: the squashed area of everything that ran there (overhead included)
 * @param utilization {@code work / (nodes * makespan)}, 0 for an empty run
 */
public record MachineMetrics(int nodes, long work, double utilization) {
}
