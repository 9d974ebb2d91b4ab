package gridmarket.market.protocol;

/**
 * An owner's notice to the origin that a node failure killed the request's running job (every part of a
 * co-allocated one): the user asks the market again for what is left of the job.
 *
 * @param kept seconds of the job's run kept by its last checkpoint (0: it restarts from scratch)
 */
public record Killed(long requestId, long kept) implements Message {
    public Killed {
        if (kept < 0) {
            throw new IllegalArgumentException("kept " + kept + " s");
        }
    }
}
