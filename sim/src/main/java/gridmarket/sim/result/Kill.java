package gridmarket.sim.result;

/**
 * One attempt of a job that failed nodes ended before its end: the job went back to its queue and ran again (from
 * scratch, or from its last checkpoint).
 *
 * @param machines     the machines it ran on, joined by {@code +} for a multi-site attempt
 * @param nodes        the nodes it held on each of them, as {@link JobOutcome#ranges ranges}, joined by {@code +}
 * @param start        when the attempt started, seconds
 * @param at           when the failure killed it, seconds, after {@code start}
 * @param lostNodeSeconds the work thrown away: node-seconds run since the start, or since the last checkpoint
 */
public record Kill(String machines, String nodes, long start, long at, long lostNodeSeconds) {
    public Kill {
        if (at <= start || lostNodeSeconds < 0) {
            throw new IllegalArgumentException("attempt [" + start + ", " + at + ") losing " + lostNodeSeconds);
        }
    }

    /** The attempt as a {@link Piece} of the job's run. */
    public Piece piece() {
        return new Piece(start, at);
    }

    /** The attempt in {@code jobs.csv}'s reason: {@code killed on m1 nodes 0-3;8 at 5000 (run since 4000)}. */
    public String describe() {
        return "killed on " + machines + " nodes " + nodes + " at " + at + " (run since " + start + ")";
    }
}
