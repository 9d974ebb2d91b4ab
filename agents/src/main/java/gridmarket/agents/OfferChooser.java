package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.Request;

import java.util.List;

/**
 * A person choosing the offer for one request in place of the user agent's rule (SPEC E10, the GUI's interactive
 * mode). Called in the model's thread, which waits for the answer.
 */
@FunctionalInterface
public interface OfferChooser {
    /** The answer that leaves the choice to the market: the best offer by the request's utility. */
    int MARKET_CHOICE = -1;

    /**
     * @param request the request
     * @param offers  the acceptable offers whose nodes are still free, best first by the request's utility; never
     *                empty
     * @return the index of the chosen offer in {@code offers}, or {@link #MARKET_CHOICE}
     */
    int choose(Request request, List<Offer> offers);
}
