package gridmarket.market.protocol;

import gridmarket.market.OfferPart;
import gridmarket.market.Request;
import gridmarket.sim.grid.MultiSiteRules;

/**
 * The origin accepts an offered part: its owner reserves the part's nodes for the job. If the nodes were promised
 * to another job while the message travelled, the owner answers {@link Refused}.
 *
 * @param hold     the origin's name for the reservation, by which it later moves or releases it
 * @param stretch  a co-allocated part's rules (its run is stretched by their overhead); {@code null} for a whole job
 * @param machines on how many machines the job runs (1 for a whole job)
 * @param follow   whether the origin wants to hear of the reservation's moves ({@link Moved}): it may still move or
 *                 swap it, or a refusal may still come
 * @param movableFrom the first instant at which the owner's compression may move the reservation earlier: before it,
 *                 the origin may still release it (a swap whose old reservation's release can come back refused),
 *                 and that release must arrive before the job starts; {@link Long#MIN_VALUE}: at any time
 */
public record Accept(Request request, OfferPart part, long hold, MultiSiteRules stretch, int machines, boolean follow,
                     long movableFrom) implements Message {
    @Override
    public long requestId() {
        return request.requestId();
    }
}
