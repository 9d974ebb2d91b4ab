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
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The English and Dutch reverse clock auctions, worked by hand and as properties over many random rounds. */
class ClockAuctionTest {
    /** Random rounds per kind of auction. */
    static final int ROUNDS = 20_000;
    private static final long RUN = 10;
    private static final double EPS = 1e-9;

    private static Request request(double budget) {
        Job job = new Job(1, 0, 0, RUN, RUN, 1, 1, 1, -1);
        return new Request(1, job, "user-1", 0, 1, RUN, 0, Long.MAX_VALUE, Long.MAX_VALUE, 1, 0, budget,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, new UtilityFunction("UF3"), 1, 0, null);
    }

    /** An offer of {@code machine} on {@code nodes} nodes for RUN seconds at {@code rate} per node-second. */
    private static Offer offer(Request r, int machine, int nodes, long start, double rate) {
        int[] ids = new int[nodes];
        Arrays.setAll(ids, i -> i);
        double ask = rate * nodes * RUN;
        OfferPart part = new OfferPart(0, machine, "m" + machine, new Placement(ids, start, start + RUN,
                new ObjectiveVariables(0, 0, 0, 0, 0, 0)), ask);
        return Offer.single(machine, r.requestId(), part, 0, 0, r.utility().value(start, start + RUN, ask, 1, RUN, 0));
    }

    private static int machine(Offer o) {
        return o.parts().get(0).machineIndex();
    }

    @Test
    void anEnglishClockWorkedByHand() {
        // high 2, step 0.5: asks 0.7, 1.2, 1.9 all stand at 2 (3 owners, 6 messages), 0.7 and 1.2 at 1.5 (6), 0.7
        // alone at 1 (4): it wins at 1.5, the last price the runner-up stood at, after 3 ticks and 16 messages
        Request r = request(Double.POSITIVE_INFINITY);
        List<Offer> offers = List.of(offer(r, 0, 2, 5, 1.9), offer(r, 1, 2, 5, 0.7), offer(r, 2, 2, 5, 1.2));
        ClockAuction english = new ClockAuction(ClockAuction.Kind.ENGLISH, 0, 2, 0.5, 10);
        ClockAuction.Outcome out = english.auction(r, offers, new OfferSelection(0));
        assertEquals(1, machine(out.choice().best()));
        assertEquals(1.5 * 2 * RUN, out.choice().charged().jobCost(), EPS);
        assertEquals(3, out.ticks());
        assertEquals(16, out.messages());
        assertEquals(5, english.maxTicks());
        assertEquals(30, english.tickSeconds(30), "a tick lasts at least its messages' round trip");
        assertEquals(10, english.tickSeconds(4));
    }

    @Test
    void aDutchClockWorkedByHand() {
        // low 0, step 0.5: nobody takes 0 or 0.5, the ask 0.7 takes 1.0 at the third tick; 3 owners, 18 messages
        Request r = request(Double.POSITIVE_INFINITY);
        List<Offer> offers = List.of(offer(r, 0, 2, 5, 1.9), offer(r, 1, 2, 5, 0.7), offer(r, 2, 2, 5, 1.2));
        ClockAuction.Outcome out = new ClockAuction(ClockAuction.Kind.DUTCH, 0, 2, 0.5, 10)
                .auction(r, offers, new OfferSelection(0));
        assertEquals(1, machine(out.choice().best()));
        assertEquals(1.0 * 2 * RUN, out.choice().charged().jobCost(), EPS);
        assertEquals(3, out.ticks());
        assertEquals(18, out.messages());
        // above the clock's ceiling nobody trades, and every tick was called
        ClockAuction.Outcome none = new ClockAuction(ClockAuction.Kind.DUTCH, 0, 0.6, 0.2, 1)
                .auction(r, offers, new OfferSelection(0));
        assertNull(none.choice().best());
        assertEquals(4, none.ticks());
    }

    @Test
    void englishNeverPaysAboveTheSecondLowestAskPlusAStepAndAlwaysCoversTheWinnersAsk() {
        Random random = new Random(4021);
        int trades = 0;
        int contested = 0;
        for (int round = 0; round < ROUNDS; round++) {
            Round a = Round.random(random);
            ClockAuction clock = new ClockAuction(ClockAuction.Kind.ENGLISH, a.low, a.high, a.step, 1);
            ClockAuction.Outcome out = clock.auction(a.request, a.offers, new OfferSelection(0));
            double[] rates = a.rates();
            Offer w = out.choice().best();
            if (rates[0] > clock.price(0)) {
                assertNull(w, "nobody stands at the opening price: no trade");
                continue;
            }
            assertNotNull(w, "someone stands at the opening price: a trade " + a);
            trades++;
            Offer paid = out.choice().charged();
            double rate = paid.jobCost() / ClockAuction.nodeSeconds(w);
            assertTrue(paid.jobCost() >= w.jobCost(), "the price covers the winner's ask: " + a);
            assertTrue(paid.jobCost() <= a.request.jobBudget(), "never above the budget: " + a);
            double floor = clock.price(clock.maxTicks() - 1);
            assertTrue(ClockAuction.reservation(w) <= Math.max(floor, rates[0] + a.step) + EPS, "the winner asks "
                    + "within a step of the lowest ask, or at most the floor: " + a);
            if (rates.length >= 2) {
                contested++;
                assertTrue(rate <= Math.max(floor, rates[1] + a.step) + EPS, "at most the second-lowest ask "
                        + rates[1] + " plus a step " + a.step + ", or the floor: paid " + rate + " in " + a);
                if (Double.isInfinite(a.request.jobBudget()) && rates[1] <= clock.price(0)) {
                    assertTrue(rate >= Math.min(rates[1], clock.price(0)) - EPS, "at least the runner-up's ask: "
                            + a);
                }
            } else {
                assertTrue(rate <= clock.price(0) + EPS, "alone: at most the opening price " + a);
            }
            assertTrue(out.ticks() >= 1 && out.ticks() <= clock.maxTicks(), "ticks " + out.ticks());
            assertTrue(out.messages() >= 2 * a.offers.size() && out.messages() <= 2 * a.offers.size() * out.ticks());
        }
        System.out.printf("English clock: %d random rounds, %d trades, %d with two owners or more%n", ROUNDS, trades,
                contested);
        assertTrue(trades > ROUNDS / 2 && contested > ROUNDS / 3, trades + " trades, " + contested + " contested");
    }

    @Test
    void dutchPaysAtLeastTheWinnersAskAndLessThanAStepAboveTheLowest() {
        Random random = new Random(5813);
        int trades = 0;
        for (int round = 0; round < ROUNDS; round++) {
            Round a = Round.random(random);
            ClockAuction clock = new ClockAuction(ClockAuction.Kind.DUTCH, a.low, a.high, a.step, 1);
            ClockAuction.Outcome out = clock.auction(a.request, a.offers, new OfferSelection(0));
            double[] rates = a.rates();
            Offer w = out.choice().best();
            double last = clock.price(clock.maxTicks() - 1);
            if (rates[0] > last) {
                assertNull(w, "nobody accepts by the clock's last price: no trade " + a);
                assertEquals(clock.maxTicks(), out.ticks());
                continue;
            }
            assertNotNull(w, a.toString());
            trades++;
            Offer paid = out.choice().charged();
            double rate = paid.jobCost() / ClockAuction.nodeSeconds(w);
            assertTrue(paid.jobCost() >= w.jobCost(), "the price covers the winner's ask: " + a);
            assertTrue(paid.jobCost() <= a.request.jobBudget(), "never above the budget: " + a);
            if (Double.isInfinite(a.request.jobBudget())) {
                assertTrue(rate <= Math.max(a.low, rates[0] + a.step) + EPS, "at most a step above the lowest "
                        + "ask, or the opening price: " + rate + " in " + a);
            }
            assertTrue(ClockAuction.reservation(w) <= Math.max(a.low, rates[0] + a.step) + EPS, "the winner asks "
                    + "within a step of the lowest ask, or at most the opening price: " + a);
            assertEquals(2L * a.offers.size() * out.ticks(), out.messages(), "every owner hears every tick");
        }
        System.out.printf("Dutch clock: %d random rounds, %d trades%n", ROUNDS, trades);
        assertTrue(trades > ROUNDS / 2, trades + " trades");
    }

    /** A random round: 1-6 owners' offers (ties of asks included), a random clock and sometimes a budget. */
    private record Round(Request request, List<Offer> offers, double low, double high, double step) {
        static Round random(Random random) {
            double budget = random.nextInt(4) == 0 ? 5 + random.nextDouble() * 200 : Double.POSITIVE_INFINITY;
            Request r = ClockAuctionTest.request(budget);
            List<Offer> offers = new ArrayList<>();
            int owners = 1 + random.nextInt(6);
            double tie = random.nextDouble() * 3;
            for (int m = 0; m < owners; m++) {
                double rate = random.nextInt(5) == 0 ? tie : random.nextDouble() * 3;
                Offer o = offer(r, m, 1 + random.nextInt(8), random.nextInt(100), rate);
                if (r.affords(o.jobCost(), 0)) {
                    offers.add(o);
                }
            }
            if (offers.isEmpty()) {
                offers.add(offer(r, 0, 1, 0, 0));
            }
            double low = random.nextInt(3) == 0 ? random.nextDouble() : 0;
            double high = low + random.nextDouble() * 3;
            double step = 0.01 + random.nextDouble() * 0.5;
            return new Round(r, offers, low, high, step);
        }

        /** The owners' asks per node-second, lowest first. */
        double[] rates() {
            return offers.stream().mapToDouble(ClockAuction::reservation).sorted().toArray();
        }

        @Override
        public String toString() {
            return "asks " + Arrays.toString(rates()) + ", low " + low + ", high " + high + ", step " + step
                    + ", budget " + request.jobBudget();
        }
    }
}
