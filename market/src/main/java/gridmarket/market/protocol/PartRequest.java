package gridmarket.market.protocol;

import gridmarket.market.Request;

/**
 * Asks one machine for a part of a co-allocated job: {@code nodes} nodes for {@code duration} planned seconds from
 * exactly {@code start}. Answered by {@link PartOffer}.
 */
public record PartRequest(long conversation, Request request, int machine, int nodes, long start, long duration)
        implements Message {
    @Override
    public long requestId() {
        return request.requestId();
    }
}
