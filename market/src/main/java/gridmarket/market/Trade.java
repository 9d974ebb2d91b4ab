package gridmarket.market;

/**
 * How a job's request fared in the market, for the results.
 *
 * @param requestId the request
 * @param attempts  rounds it took (1 if the first round found an acceptable offer)
 * @param offers    offers received over all rounds
 * @param messages  messages sent for it over all rounds (requests, forwards, offers, accept and release)
 * @param price     JobCost of the accepted offer; NaN if none was accepted
 * @param utility   utility value of the accepted offer; NaN if none
 * @param domain    index of the domain whose machine won; -1 if none
 */
public record Trade(long requestId, int attempts, int offers, int messages, double price, double utility,
                    int domain) {
}
