package gridmarket.sim.failure;

/**
 * How one machine fails at random: after each repair the machine runs for a time drawn from {@code between}, then
 * {@code nodes} of its nodes (those still up, chosen at random) fail for a time drawn from {@code repair}.
 *
 * @param between the up time from a repair (or the run's first submit) to the next failure
 * @param repair  how long the failed nodes stay out of service
 * @param nodes   how many nodes fail at once; the machine's size for a whole-machine failure
 */
public record FailureModel(Distribution between, Distribution repair, int nodes) {
    public FailureModel {
        if (nodes <= 0) {
            throw new IllegalArgumentException("a failure takes " + nodes + " nodes");
        }
    }
}
