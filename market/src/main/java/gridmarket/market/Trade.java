package gridmarket.market;

/**
 * How a job's request fared in the market, for the results.
 *
 * @param requestId the request
 * @param attempts  rounds it took (1 if the first round found an acceptable offer), re-bids not counted
 * @param offers    offers received over all rounds (a co-allocated offer counts once)
 * @param messages  messages sent for it over all rounds (requests, forwards, offers, partial requests and answers,
 *                  accepts and releases, re-bids)
 * @param accepted  the offer the job holds: the last one accepted; {@code null} if the request was rejected
 * @param promisedStart the start the accepted offer the job holds promised (seconds; after a re-bid, the new
 *                  offer's); the job starts no later; {@code null} if the request was rejected
 * @param swaps     how often a re-bid replaced the accepted offer by a strictly better one
 * @param acceptedAt when the user accepted the offer the job holds (seconds; the trade's time in the run's price
 *                  series); -1 if the request was rejected
 */
public record Trade(long requestId, int attempts, int offers, int messages, Offer accepted, Long promisedStart,
                    int swaps, long acceptedAt) {

    /** JobCost of the accepted offer; NaN if none. */
    public double price() {
        return accepted == null ? Double.NaN : accepted.jobCost();
    }

    /** Utility value of the accepted offer; NaN if none. */
    public double utility() {
        return accepted == null ? Double.NaN : accepted.utilityValue();
    }

    /** Index of the domain whose machine won (the first part's); -1 if none. */
    public int domain() {
        return accepted == null ? -1 : accepted.domain();
    }
}
