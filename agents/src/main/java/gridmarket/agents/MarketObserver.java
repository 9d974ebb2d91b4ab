package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.Request;

import java.util.List;

/**
 * Watches the market's decisions, e.g. a display of the last request with its offers. Called by the origin
 * MetaManager after it has chosen, before the winner's nodes are reserved, so the machine schedules still show the
 * state the offers were made on. Observers must not change the model.
 */
@FunctionalInterface
public interface MarketObserver {
    /**
     * @param offers every offer the round received, best first
     * @param winner the accepted offer, or {@code null} if none was acceptable
     */
    void decided(MetaManagerAgent origin, Request request, List<Offer> offers, Offer winner, long now);
}
