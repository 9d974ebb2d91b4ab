package gridmarket.sim.machine;

/**
 * A stretch of time in which one node is idle: {@code [start, end)} in seconds; {@code end} may be
 * {@link Long#MAX_VALUE} for "free from then on".
 */
public record FreeInterval(int node, long start, long end) {
    public long length() {
        return end - start;
    }
}
