package gridmarket.market;

/**
 * What a request written from a template asks of each machine (SPEC E9): its {@link Fit} per machine, or none where
 * no ELEMENT of the template holds. A request without a template has none ({@code Request.terms() == null}): every
 * machine fits it with the market's utility function.
 */
public interface RequestTerms {
    /**
     * The request's fit on machine {@code machine} (its index in the grid), or {@code null} if no ELEMENT holds there.
     */
    Fit on(int machine);

    /**
     * The user's own rule for choosing among the up to MaxOfferNumber offers it receives (MaxOfferNumber > 0): the
     * offer with the highest value wins; {@code null} if the user keeps the MetaManager's order (the UtilityValue).
     */
    default OfferUtility choice() {
        return null;
    }
}
