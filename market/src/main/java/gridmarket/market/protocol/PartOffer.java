package gridmarket.market.protocol;

import gridmarket.market.OfferPart;

/** The answer to a {@link PartRequest}: the machine's cheapest placement at that start, or {@code null} if none. */
public record PartOffer(long conversation, long requestId, OfferPart part) implements Message {
}
