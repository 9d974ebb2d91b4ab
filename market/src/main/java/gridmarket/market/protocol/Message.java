package gridmarket.market.protocol;

/**
 * A message of the market. Every message belongs to one request ({@link #requestId()}), to which the network counts
 * it; {@link #weight()} is how many messages it counts as.
 */
public sealed interface Message permits CallForOffers, Offers, PartialRequest, FreeWindows, PartRequest, PartOffer,
        Accept, Refused, Lost, Release, WindowsWithout, PartWindows, MovePart, Moved, Killed, Broken, Notice {

    /** The request this message belongs to (0 for an announcement to every domain). */
    long requestId();

    /**
     * How many messages this one counts as: 1, but an answer of offers counts one per offer (at least one, the empty
     * answer), and a notice of an owner's own rescheduling counts none.
     */
    default int weight() {
        return 1;
    }
}
