package gridmarket.market.protocol;

import gridmarket.market.OfferPart;

/** Tells an owner that its offered part lost: the request took another offer, or none. */
public record Lost(long requestId, OfferPart part) implements Message {
}
