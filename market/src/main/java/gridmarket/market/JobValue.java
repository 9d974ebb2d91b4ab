package gridmarket.market;

/**
 * What a job is worth to its user, in money (value-based scheduling: Chun and Culler 2002; Irwin, Grit and Chase
 * 2004): a value function of its completion, a budget and a deadline. The value is {@code maxValue} while the job's
 * response (completion - submit) is at most {@code expectedResponse}; beyond, it falls linearly to 0 over
 * {@code decaySeconds}, and on down to {@code floor} (0: no penalty; below 0: a penalty for a late job).
 *
 * @param maxValue         the most the job is worth, money
 * @param submit           its submit time, seconds
 * @param expectedResponse the response within which it keeps its whole value, seconds
 * @param decaySeconds     response beyond that over which the value falls to 0, seconds (> 0)
 * @param floor            the least it is worth when it completes, at most 0 (a negative floor is a penalty)
 * @param budget           the most its user pays for it
 * @param deadline         the time by which it should be completed (absolute seconds)
 */
public record JobValue(double maxValue, long submit, long expectedResponse, double decaySeconds, double floor,
                       double budget, long deadline) {

    /** The value of completing the job at {@code completion} (absolute seconds). */
    public double at(long completion) {
        long late = completion - submit - expectedResponse;
        if (late <= 0) {
            return maxValue;
        }
        double v = maxValue * (1 - late / decaySeconds);
        return Double.isNaN(v) ? floor : Math.max(floor, v); // NaN: a value of 0 over a vanishing decay
    }
}
