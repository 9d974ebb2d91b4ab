package gridmarket.market;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An answer to a request (SPEC E2): where and when the job would run, at what price, and what it is worth to the
 * user. An ordinary offer comes from one machine; a co-allocated offer (SPEC E6) combines parts on several machines
 * that start and end together, and its JobCost is the sum of the parts' prices.
 *
 * @param offerId         unique per run
 * @param requestId       the request answered
 * @param parts           one part per machine, in the order the MetaManager combined them; never empty
 * @param jobCost         the price of the job: the sum of the parts' machine function values
 * @param offerCost       what receiving this offer costs the user
 * @param reservationCost what reserving it costs the user
 * @param utilityValue    the request's utility function UV on this offer
 */
public record Offer(long offerId, long requestId, List<OfferPart> parts, double jobCost, double offerCost,
                    double reservationCost, double utilityValue) {

    /** Best first, by {@link #betterThan(Offer)}. */
    public static final Comparator<Offer> BEST_FIRST = (a, b) -> a.betterThan(b) ? -1 : b.betterThan(a) ? 1 : 0;

    public Offer {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("an offer needs at least one part");
        }
    }

    /** An offer of one machine. */
    public static Offer single(long offerId, long requestId, OfferPart part, double offerCost,
                               double reservationCost, double utilityValue) {
        return new Offer(offerId, requestId, List.of(part), part.price(), offerCost, reservationCost, utilityValue);
    }

    public long startTime() {
        return parts.get(0).placement().start();
    }

    public long endTime() {
        return parts.get(0).placement().end();
    }

    /** Whether the job would run on several machines at once. */
    public boolean coAllocated() {
        return parts.size() > 1;
    }

    /** The domain of the first part: the one whose owner answers for a single-machine offer. */
    public int domain() {
        return parts.get(0).domain();
    }

    /** The machine's name, or the parts' names joined by {@code +}. */
    public String machineName() {
        return parts.size() == 1 ? parts.get(0).machineName()
                : parts.stream().map(OfferPart::machineName).collect(Collectors.joining("+"));
    }

    /**
     * The better of two offers for the same request: higher utility value; ties: earlier start, lower cost, fewer
     * machines, lower machine index, lower node ids (SPEC E3).
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
        if (parts.size() != o.parts.size()) {
            return parts.size() < o.parts.size();
        }
        for (int i = 0; i < parts.size(); i++) {
            OfferPart a = parts.get(i);
            OfferPart b = o.parts.get(i);
            if (a.machineIndex() != b.machineIndex()) {
                return a.machineIndex() < b.machineIndex();
            }
            int c = Arrays.compare(a.placement().nodes(), b.placement().nodes());
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }
}
