package gridmarket.market;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The price series of a run without posted prices, worked by hand. */
class TradedPricesTest {

    private static OfferPart part(int machine, int nodes, long start, double price) {
        int[] ids = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            ids[i] = i;
        }
        return new OfferPart(machine, machine, "m" + (machine + 1),
                new Placement(ids, start, start + 10, new ObjectiveVariables(0, 0, 0, 0, 0, 0)), price);
    }

    /**
     * Period 0 (accepted at 50 and 80): 2 nodes x 10 s on m1 for 40 and 1 node x 10 s on m2 (starting at 500) for 5;
     * period 3 (accepted at 350): a co-allocated job, 1 node x 10 s on each machine, 30 on m1 and 10 on m2; and a
     * rejected request.
     */
    private static final Map<Integer, Trade> TRADES = Map.of(
            0, new Trade(1, 1, 2, 6, Offer.single(1, 1, part(0, 2, 0, 40), 0, 0, 0), 0L, 0, 50),
            1, new Trade(2, 1, 2, 6, Offer.single(2, 2, part(1, 1, 500, 5), 0, 0, 0), 500L, 0, 80),
            2, new Trade(3, 1, 2, 6, new Offer(3, 3, List.of(part(0, 1, 400, 30), part(1, 1, 400, 10)), 40, 0, 0, 0),
                    400L, 0, 350),
            3, new Trade(4, 2, 0, 4, null, null, 0, -1));

    @Test
    void aPeriodsPriceIsWhatItsTradesPaidOverTheNodeSecondsTheyBoughtAndAQuietPeriodKeepsTheLast() {
        TradedPrices t = TradedPrices.of(TRADES, 100);
        PriceSeries s = t.series(350);
        // period 0: (40 + 5) / (20 + 10) by the time of the accept, not of the start; 1 and 2 keep it; 3: 40 / 20
        assertEquals(4, s.means().length);
        assertEquals(1.5, s.means()[0], 1e-12);
        assertEquals(1.5, s.means()[2], 1e-12);
        assertEquals(2.0, s.means()[3], 1e-12);
        assertEquals(Math.log(2 / 1.5) * Math.sqrt(2) / 3, s.volatility(), 1e-12, "returns 0, 0, ln(4/3)");
        assertEquals(300, s.settleTime(), "within 5 % of the last period's 2.0 from period 3 on");
        PriceSeries before = t.series(299); // the periods that start by the last submission
        assertEquals(3, before.means().length);
        assertEquals(0, before.volatility(), 1e-12);
        assertEquals(0, before.settleTime());
    }

    @Test
    void eachOwnerHasALinePerPeriodInWhichItSoldAtItsPartsPrices() {
        List<PostedPrice> rows = TradedPrices.byOwner(TRADES, List.of(), List.of("m1", "m2"),
                Map.of("m1", 4, "m2", 2), 100);
        assertEquals(List.of(new PostedPrice("m1", 0, 0, 2.0, 0, 20 / 400.0),
                new PostedPrice("m1", 3, 300, 3.0, 0, 10 / 400.0), new PostedPrice("m2", 0, 0, 0.5, 0, 10 / 200.0),
                new PostedPrice("m2", 3, 300, 1.0, 0, 10 / 200.0)), rows);
    }

    @Test
    void aRunWithoutTradesHasNoSeries() {
        PriceSeries s = TradedPrices.of(Map.of(3, TRADES.get(3)), 100).series(1000);
        assertEquals(0, s.means().length);
        assertEquals(-1, s.settleTime());
    }
}
