package gridmarket.market;

import java.util.Arrays;

/**
 * A machine owner's answer to a request (SPEC E2): a placement with its price and the user's utility value.
 *
 * @param offerId         unique per run
 * @param requestId       the request answered
 * @param domain          index of the offering MetaManager
 * @param machineIndex    index of the machine in the grid
 * @param machineName     its name
 * @param placement       nodes and times
 * @param jobCost         the machine function's value MV: the price of the job
 * @param offerCost       what receiving this offer costs the user
 * @param reservationCost what reserving it costs the user
 * @param utilityValue    the request's utility function UV on this offer
 */
public record Offer(long offerId, long requestId, int domain, int machineIndex, String machineName, Placement placement,
                    double jobCost, double offerCost, double reservationCost, double utilityValue) {

    public long startTime() {
        return placement.start();
    }

    public long endTime() {
        return placement.end();
    }

    /**
     * The better of two offers for the same request: higher utility value; ties: earlier start, lower cost, lower
     * machine index (SPEC E3).
     */
    public boolean betterThan(Offer o) {
        if (utilityValue != o.utilityValue) {
            return utilityValue > o.utilityValue;
        }
        if (startTime() != o.startTime()) {
            return startTime() < o.startTime();
        }
        if (jobCost != o.jobCost) {
            return jobCost < o.jobCost;
        }
        if (machineIndex != o.machineIndex) {
            return machineIndex < o.machineIndex;
        }
        return Arrays.compare(placement.nodes(), o.placement.nodes()) < 0;
    }
}
