package gridmarket.agents;

import gridmarket.market.OfferSelection;
import gridmarket.market.Request;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.ClockAuction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The clock auctions one MetaManager runs as their auctioneer: a round's decision waits for its auction's ticks,
 * {@code ticks x tick} seconds, and the ticks' messages are counted to the request. The round's offers were asked
 * for starts after the longest auction could end, so the winner's placement is still ahead when it is accepted.
 */
final class AuctionClocks {
    private final ClockAuction rule;
    /** The GUI's person around the rule, or {@code null}. */
    private final PersonChooses person;
    private final MarketNetwork network;
    private final TreeMap<Long, List<Runnable>> decisions = new TreeMap<>();

    private AuctionClocks(ClockAuction rule, PersonChooses person, MarketNetwork network) {
        this.rule = rule;
        this.person = person;
        this.network = network;
    }

    /** The clocks of a MetaManager whose rule is a clock auction (a person may choose around it), else {@code null}. */
    static AuctionClocks of(ClearingRule rule, MarketNetwork network) {
        PersonChooses person = rule instanceof PersonChooses p ? p : null;
        ClearingRule market = person != null ? person.market() : rule;
        return market instanceof ClockAuction c ? new AuctionClocks(c, person, network) : null;
    }

    /** Whether the clock clears this request's round; a person who chooses for it takes an offer at once instead. */
    boolean auctions(Request r) {
        return person == null || !person.choosesFor(r);
    }

    /** Seconds the longest auction of a round whose messages travel {@code lead} seconds each way can last. */
    long longest(long lead) {
        return rule.maxTicks() * rule.tickSeconds(2 * lead);
    }

    /**
     * Runs a round's auction and hands {@code decided} its choice when its ticks are over: at once if they take no
     * time, else at a step planned by {@code wake}.
     *
     * @return when the auction decides
     */
    long auction(Round round, long lead, long now, Consumer<Long> wake,
                 Consumer<OfferSelection.Choice> decided) {
        ClockAuction.Outcome out = rule.auction(round.request, round.offers, round.state.selection);
        network.countUnsent(round.request.requestId(), out.messages());
        long at = now + out.ticks() * rule.tickSeconds(2 * lead);
        if (at == now) {
            decided.accept(out.choice());
            return now;
        }
        decisions.computeIfAbsent(at, t -> new ArrayList<>()).add(() -> decided.accept(out.choice()));
        wake.accept(at);
        return at;
    }

    /**
     * Hands over the decisions due by {@code now}, in the order their auctions began, each as the MetaManager handles
     * a round's last answer: its accepts and losses go out when it is done, as a decision's at once would.
     */
    void decideDue(long now) {
        while (!decisions.isEmpty() && decisions.firstKey() <= now) {
            Map.Entry<Long, List<Runnable>> e = decisions.pollFirstEntry();
            e.getValue().forEach(network::handle);
        }
    }
}
