package gridmarket.sim.result;

/**
 * One uninterrupted run of a preempted job on its nodes, {@code [start, end)} in seconds (SPEC C7).
 *
 * @param start when the piece started or resumed
 * @param end   when it was suspended or the job ended
 */
public record Piece(long start, long end) {
    public Piece {
        if (end <= start) {
            throw new IllegalArgumentException("piece [" + start + ", " + end + ") is empty");
        }
    }

    /** Its length in seconds. */
    public long length() {
        return end - start;
    }
}
