package gridmarket.market.protocol;

import gridmarket.market.Request;

/**
 * A request sent to a machine owner of the origin's domain, or forwarded to another domain's MetaManager, which
 * answers for all its machines. Answered by {@link Offers}.
 *
 * @param conversation the asking round, repeated in the answer
 * @param request      the request, with its earliest start no earlier than the origin can have decided
 */
public record CallForOffers(long conversation, Request request) implements Message {
    @Override
    public long requestId() {
        return request.requestId();
    }
}
