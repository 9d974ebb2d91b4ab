package gridmarket.market;

/**
 * How a user values an offer on one machine (SPEC E2, E9): the market's utility function UF, or the UtilityValue of
 * the ELEMENT of the user's request template that holds on that machine.
 */
@FunctionalInterface
public interface OfferUtility {
    /**
     * The utility value of an offer.
     *
     * @param start           the offer's StartTime, seconds
     * @param end             its planned EndTime, seconds
     * @param jobCost         its JobCost (the machine function's value, or the parts' sum)
     * @param offerCost       what receiving it costs
     * @param reservationCost what reserving it costs
     * @throws FormulaException if the value is not a finite number
     */
    double value(long start, long end, double jobCost, double offerCost, double reservationCost);
}
