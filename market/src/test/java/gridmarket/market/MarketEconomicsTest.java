package gridmarket.market;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The market's economic results on a hand-computed case. */
class MarketEconomicsTest {

    private static OfferPart part(int machine, double price) {
        return new OfferPart(machine, machine, "m" + (machine + 1),
                new Placement(new int[] {0}, 0, 10, new ObjectiveVariables(0, 0, 0, 0, 0, 0)), price);
    }

    @Test
    void revenueDistributionsWelfareAndGini() {
        Offer a = Offer.single(1, 1, part(0, 10), 0, 0, -1);
        Offer b = Offer.single(2, 2, part(1, 30), 0, 0, -3);
        Offer co = new Offer(3, 3, List.of(part(0, 20), part(1, 40)), 60, 0, 0, -2);
        List<Trade> trades = List.of(new Trade(1, 1, 4, 12, a, 0L, 0, 0), new Trade(2, 1, 4, 12, b, 5L, 0, 0),
                new Trade(3, 2, 8, 30, co, 7L, 1, 0), new Trade(4, 3, 0, 9, null, null, 0, -1));
        MarketEconomics e = MarketEconomics.of(trades, List.of("m1", "m2"), new double[] {100, 300});
        assertEquals(4, e.requests());
        assertEquals(3, e.accepted());
        assertEquals(1, e.coAllocated());
        assertEquals(16, e.offers());
        assertEquals(63, e.messages());
        assertEquals(63 / 4.0, e.messagesPerRequest(), 1e-12);
        assertEquals(1, e.swaps());
        assertEquals(100, e.revenue(), 1e-12);
        assertEquals(30, e.revenueByMachine().get("m1"), 1e-12, "10 + its part 20 of the co-allocated job");
        assertEquals(70, e.revenueByMachine().get("m2"), 1e-12);
        assertEquals(100 / 3.0, e.price().mean(), 1e-12);
        assertEquals(30, e.price().median(), 1e-12);
        assertEquals(10 + 0.2 * 20, e.price().p10(), 1e-12, "linear between the order statistics 10 and 30");
        assertEquals(30 + 0.8 * 30, e.price().p90(), 1e-12);
        assertEquals(-6, e.welfare(), 1e-12);
        // Gini of {30, 70}: |30 - 70| * 2 / (2 * 2^2 * 50) = 0.2; of {100, 300}: 400 / (8 * 200) = 0.25
        assertEquals(0.2, e.revenueGini(), 1e-12);
        assertEquals(0.25, e.workGini(), 1e-12);
        assertEquals(0, MarketEconomics.gini(new double[] {5, 5, 5}), 1e-12);
    }
}
