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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Second-price clearing as properties over many random rounds. */
class SecondPriceTest {
    /** Random rounds of the truthfulness property; each tries {@link #MISREPORTS} misreports of one owner. */
    static final int ROUNDS = 2000;
    static final int MISREPORTS = 25;
    private static final UtilityFunction PRICE_ONLY = new UtilityFunction("UF2");
    private static final UtilityFunction START_AND_PRICE = new UtilityFunction("UF3");
    private static final long RUN = 10;

    private static Request request(UtilityFunction uf, double budget) {
        Job job = new Job(1, 0, 0, RUN, RUN, 1, 1, 1, -1);
        return new Request(1, job, "user-1", 0, 1, RUN, 0, Long.MAX_VALUE, Long.MAX_VALUE, 1, 0, budget,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, uf, 1, 0, null);
    }

    private static Offer offer(int machine, long start, double ask, Request r) {
        OfferPart part = new OfferPart(0, machine, "m" + machine, new Placement(new int[] {0}, start, start + RUN,
                new ObjectiveVariables(0, 0, 0, 0, 0, 0)), ask);
        return Offer.single(machine, r.requestId(), part, 0, 0,
                r.utility().value(start, start + RUN, ask, 1, RUN, 0));
    }

    /** Owner 0's surplus when it asks {@code ask} and its true cost is {@code cost}: paid - cost if it wins, else 0. */
    private static double surplus(Request r, double cost, double ask, double[] others) {
        List<Offer> offers = new ArrayList<>();
        offers.add(offer(0, 0, ask, r));
        for (int i = 0; i < others.length; i++) {
            offers.add(offer(i + 1, 0, others[i], r));
        }
        OfferSelection.Choice c = new SecondPrice().clear(r, offers, new OfferSelection(0));
        return c.best() != null && c.best().parts().get(0).machineIndex() == 0 ? c.charged().jobCost() - cost : 0;
    }

    @Test
    void misreportingItsCostNeverRaisesAnOwnersSurplusWithAPriceOnlyBuyer() {
        Random random = new Random(31);
        int cases = 0;
        int won = 0;
        for (int round = 0; round < ROUNDS; round++) {
            double budget = random.nextBoolean() ? Double.POSITIVE_INFINITY : 50 + random.nextDouble() * 1500;
            Request r = request(PRICE_ONLY, budget);
            double cost = 1 + random.nextDouble() * 1000;
            double[] others = new double[1 + random.nextInt(5)];
            for (int i = 0; i < others.length; i++) {
                // the others ask anything, ties with owner 0's cost included: truthfulness is a dominant strategy
                others[i] = random.nextInt(10) == 0 ? cost : 1 + random.nextDouble() * 1000;
            }
            double truthful = surplus(r, cost, cost, others);
            assertTrue(truthful >= 0, "a truthful owner never loses money");
            if (truthful > 0) {
                won++;
            }
            for (int k = 0; k < MISREPORTS; k++) {
                double lie = switch (k % 5) {
                    case 0 -> random.nextDouble() * 2000;
                    case 1 -> cost * (0.5 + random.nextDouble());
                    case 2 -> others[random.nextInt(others.length)];
                    case 3 -> Math.nextDown(others[random.nextInt(others.length)]);
                    default -> Math.max(0, cost + (random.nextDouble() - 0.5) * 1e-6);
                };
                double misreported = surplus(r, cost, lie, others);
                assertTrue(misreported <= truthful + 1e-9 * Math.max(1, truthful), "round " + round + ": cost "
                        + cost + ", others " + java.util.Arrays.toString(others) + ", budget " + budget + ": asking "
                        + lie + " gives " + misreported + " > " + truthful);
                cases++;
            }
        }
        assertEquals(ROUNDS * MISREPORTS, cases);
        assertTrue(won > ROUNDS / 10, "the property is not vacuous: a truthful owner 0 won with a surplus in " + won
                + " rounds");
    }

    @Test
    void aPriceOnlyWinnerIsPaidTheRunnerUpsPriceWithinTheBudget() {
        Random random = new Random(32);
        for (int round = 0; round < ROUNDS; round++) {
            double budget = random.nextBoolean() ? Double.POSITIVE_INFINITY : 1 + random.nextDouble() * 1000;
            Request r = request(PRICE_ONLY, budget);
            List<Offer> offers = new ArrayList<>();
            int n = 1 + random.nextInt(6);
            for (int m = 0; m < n; m++) {
                offers.add(offer(m, random.nextInt(100), random.nextDouble() * 1000, r));
            }
            OfferSelection.Choice c = new SecondPrice().clear(r, offers, new OfferSelection(0));
            List<Offer> affordable = offers.stream().filter(o -> o.jobCost() <= budget).sorted(Offer.BEST_FIRST)
                    .toList();
            if (affordable.isEmpty()) {
                assertEquals(null, c.best());
                continue;
            }
            assertSame(affordable.get(0), c.best(), "the highest utility value wins, as under the first price");
            double expected = affordable.size() > 1 ? affordable.get(1).jobCost()
                    : Double.isInfinite(budget) ? c.best().jobCost() : budget;
            assertEquals(expected, c.charged().jobCost(), 0, "round " + round);
            assertTrue(c.charged().jobCost() >= c.best().jobCost() && c.charged().jobCost() <= budget);
        }
    }

    @Test
    void withStartAndPriceTheWinnerIsPaidThePriceAtWhichItTiesTheRunnerUp() {
        Random random = new Random(33);
        for (int round = 0; round < ROUNDS; round++) {
            double budget = random.nextInt(4) == 0 ? 500 + random.nextDouble() * 1000 : Double.POSITIVE_INFINITY;
            Request r = request(START_AND_PRICE, budget);
            List<Offer> offers = new ArrayList<>();
            for (int m = 0; m < 2 + random.nextInt(4); m++) {
                offers.add(offer(m, random.nextInt(1000), random.nextDouble() * 1000, r));
            }
            OfferSelection.Choice c = new SecondPrice().clear(r, offers, new OfferSelection(0));
            List<Offer> ranked = offers.stream().filter(o -> o.jobCost() <= budget).sorted(Offer.BEST_FIRST).toList();
            if (ranked.isEmpty()) {
                assertEquals(null, c.best());
                continue;
            }
            assertNotNull(c.best());
            Offer w = ranked.get(0);
            // UF3 = -(StartTime + JobCost): w still wins at p while w.start + p <= rival.start + rival.cost
            double tie = ranked.size() > 1 ? ranked.get(1).startTime() + ranked.get(1).jobCost() - w.startTime()
                    : Double.POSITIVE_INFINITY;
            double expected = Math.min(tie, Double.isInfinite(budget) && ranked.size() == 1 ? w.jobCost() : budget);
            assertEquals(expected, c.charged().jobCost(), 1e-9 * Math.max(1, expected), "round " + round);
            assertEquals(-(w.startTime() + c.charged().jobCost()), c.charged().utilityValue(), 1e-9 * Math.max(1,
                    expected), "the request values what it holds at the price it pays");
        }
    }

    @Test
    void aUtilityThatIgnoresThePricePaysTheAskWithoutABudget() {
        Request r = request(new UtilityFunction("UF1"), Double.POSITIVE_INFINITY);
        List<Offer> offers = List.of(offer(0, 5, 300, r), offer(1, 9, 100, r));
        OfferSelection.Choice c = new SecondPrice().clear(r, offers, new OfferSelection(0));
        assertEquals(0, c.best().parts().get(0).machineIndex(), "UF1: the earliest start wins");
        assertEquals(300, c.charged().jobCost(), 0, "no price would have lost: its own price");
        Request capped = request(new UtilityFunction("UF1"), 450);
        assertEquals(450, new SecondPrice().clear(capped, offers, new OfferSelection(0)).charged().jobCost(), 0,
                "with a budget the budget is the reserve price");
    }

    @Test
    void anOfferPastTheRequestsLatestEndIsNeitherTakenNorSetsThePrice() {
        Job job = new Job(1, 0, 0, RUN, RUN, 1, 1, 1, -1);
        Request r = new Request(1, job, "user-1", 0, 1, RUN, 0, 50, Long.MAX_VALUE, 1, 0, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, PRICE_ONLY, 1, 0, null);
        Offer late = offer(0, 45, 10, r); // ends at 55, after the latest end 50
        Offer onTime = offer(1, 40, 100, r);
        Offer dear = offer(2, 0, 300, r);
        OfferSelection.Choice c = new SecondPrice().clear(r, List.of(late, onTime, dear), new OfferSelection(0));
        assertSame(onTime, c.best(), "the cheapest ends too late");
        assertEquals(300, c.charged().jobCost(), 0, "the late offer sets no price: the next on time does");
        assertSame(onTime, new HighestUtility().clear(r, List.of(late, onTime, dear), new OfferSelection(0)).best());
    }

    @Test
    void aChoiceChargesOnlyTheOfferItTook() {
        Request r = request(PRICE_ONLY, Double.POSITIVE_INFINITY);
        Offer a = offer(0, 0, 10, r);
        Offer b = offer(1, 0, 20, r);
        assertSame(a, new OfferSelection.Choice(a, false, false).charged(), "first price: the offer itself");
        assertEquals(15, new OfferSelection.Choice(a, false, false, SecondPrice.priced(a, 15, -15)).charged()
                .jobCost(), 0);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new OfferSelection.Choice(a, false, false, b), "another offer cannot be charged");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new OfferSelection.Choice(null, false, false, a));
    }
}
