package gridmarket.market.protocol;

import gridmarket.market.Request;
import gridmarket.sim.grid.MultiSiteRules;

/**
 * A partial request (SPEC E6): how many nodes each machine has free for the whole (stretched) run of the job from
 * each start. Sent to an owner of the origin's domain, or to another domain for all its machines. Answered by
 * {@link FreeWindows}.
 *
 * @param rules the co-allocation's overhead and part bounds (the run is stretched by the overhead)
 */
public record PartialRequest(long conversation, Request request, MultiSiteRules rules) implements Message {
    @Override
    public long requestId() {
        return request.requestId();
    }
}
