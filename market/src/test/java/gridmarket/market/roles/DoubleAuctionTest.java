package gridmarket.market.roles;

import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The double auction's matching of one bid against a round's asks: the lowest ask at or below the bid, at their
 * midpoint per node-second; nothing when every ask is above it; and the book's order.
 */
class DoubleAuctionTest {
    /** Random rounds of the matching property. */
    static final int ROUNDS = 5000;
    private static final long RUN = 100;
    private static final int NODES = 4;

    private static Request bid(double budget, long deadline) {
        Job job = new Job(1, 0, 0, RUN, RUN, NODES, 1, 1, -1);
        return new Request(1, job, "user-1", 0, NODES, RUN, 0, deadline, deadline, 1, 0, budget,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, new UtilityFunction("-EndTime"), 1, 0, null);
    }

    /** An ask of {@code rate} per node-second for the bid's nodes over its run from {@code start}. */
    private static Offer ask(int machine, long start, double rate, Request r) {
        double price = rate * NODES * RUN;
        OfferPart part = new OfferPart(0, machine, "m" + machine, new Placement(new int[] {0, 1, 2, 3}, start,
                start + RUN, new ObjectiveVariables(0, 0, 0, 0, 0, 0)), price);
        return Offer.single(machine, r.requestId(), part, 0, 0, -(start + RUN));
    }

    @Test
    void aBidTradesWithTheLowestAskAtTheMidpoint() {
        Request r = bid(2.0 * NODES * RUN, 10_000); // bids 2 per node-second
        List<Offer> asks = List.of(ask(0, 0, 1.8, r), ask(1, 500, 0.6, r), ask(2, 100, 0.6, r), ask(3, 0, 2.5, r));
        OfferSelection.Choice c = new DoubleAuction().clear(r, asks, new OfferSelection(0));
        assertSame(asks.get(2), c.best(), "the lowest ask; of equal asks the earlier start");
        assertEquals((2.0 + 0.6) / 2 * NODES * RUN, c.charged().jobCost(), 1e-9, "the midpoint, 1.3 per node-second");
        assertEquals(2.0, DoubleAuction.bid(r), 1e-12);
    }

    @Test
    void aBidBelowEveryAskWaitsAndAnUnlimitedBidPaysTheAsk() {
        Request low = bid(0.5 * NODES * RUN, 10_000);
        OfferSelection.Choice none = new DoubleAuction().clear(low, List.of(ask(0, 0, 0.7, low), ask(1, 0, 0.9, low)),
                new OfferSelection(0));
        assertNull(none.best());
        assertTrue(none.unaffordable(), "priced out: its reason says so");
        Request open = bid(Double.POSITIVE_INFINITY, 10_000);
        OfferSelection.Choice c = new DoubleAuction().clear(open, List.of(ask(0, 0, 0.7, open)),
                new OfferSelection(0));
        assertEquals(0.7 * NODES * RUN, c.charged().jobCost(), 1e-9);
    }

    @Test
    void randomRoundsNeverTradeBelowAnAskAndPayTheMidpoint() {
        Random random = new Random(3141);
        int trades = 0;
        for (int round = 0; round < ROUNDS; round++) {
            double bid = 3 * random.nextDouble();
            long deadline = RUN + random.nextInt(2000);
            Request r = bid(bid * NODES * RUN, deadline);
            List<Offer> asks = new ArrayList<>();
            for (int m = 0; m < 1 + random.nextInt(6); m++) {
                asks.add(ask(m, random.nextInt(2000), 3 * random.nextDouble(), r));
            }
            OfferSelection.Choice c = new DoubleAuction().clear(r, asks, new OfferSelection(0));
            Offer meets = asks.stream().filter(o -> o.endTime() <= deadline && DoubleAuction.ask(r, o) <= bid)
                    .min((a, b) -> Double.compare(DoubleAuction.ask(r, a), DoubleAuction.ask(r, b))).orElse(null);
            if (meets == null) {
                assertNull(c.best(), "no ask at or below the bid within the deadline: no trade");
                continue;
            }
            trades++;
            Offer o = c.best();
            double ask = DoubleAuction.ask(r, o);
            assertTrue(o.endTime() <= deadline && ask <= bid, "never below an ask, never past the deadline");
            assertEquals(DoubleAuction.ask(r, meets), ask, 0, "the lowest ask that meets it");
            double paid = c.charged().jobCost();
            assertEquals((bid + ask) / 2 * NODES * RUN, paid, 1e-9 * Math.max(1, paid), "the midpoint");
            assertTrue(paid >= o.jobCost() && paid <= r.jobBudget() * (1 + 1e-12), "between the ask and the budget");
        }
        System.out.printf("double auction: %d random rounds, %d trades%n", ROUNDS, trades);
        assertTrue(trades > ROUNDS / 4 && trades < ROUNDS, trades + " trades: both sides were tested");
    }

    @Test
    void theBookTriesTheHighestBidFirst() {
        List<Request> book = new ArrayList<>(List.of(bid(100, 1000), bid(900, 1000), bid(400, 1000), bid(900, 50)));
        List<Request> sorted = new ArrayList<>(book);
        sorted.sort(new DoubleAuction().waitingOrder());
        assertEquals(List.of(book.get(1), book.get(3), book.get(2), book.get(0)), sorted, "equal bids keep their order");
        assertNull(new SecondPrice().waitingOrder(), "other rules keep the waiting order");
    }
}
