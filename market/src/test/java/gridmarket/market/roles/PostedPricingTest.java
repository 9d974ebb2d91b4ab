package gridmarket.market.roles;

import gridmarket.market.ObjectiveVariables;
import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.PostedPrice;
import gridmarket.market.PriceSeries;
import gridmarket.market.Request;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The posting owner's price rule, its periods' signals worked by hand, and the price series' measures. */
class PostedPricingTest {
    private static final PriceRule UTILIZATION = new PriceRule(1, 0.5, 2, 0.1, 100, PriceRule.Signal.UTILIZATION,
            0.8, 0);

    private static Request request(Job job) {
        return new Request(1, job, "user-1", 0, job.nodes(), job.estimate(), 0, Long.MAX_VALUE, Long.MAX_VALUE, 1, 0,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                new UtilityFunction("UF3"), 1, 0, null);
    }

    private static Placement placement(int nodes, long start, long run) {
        int[] ids = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            ids[i] = i;
        }
        return new Placement(ids, start, start + run, new ObjectiveVariables(0, 0, 0, 0, 0, 0));
    }

    @Test
    void theRuleMovesThePriceByExcessDemandWithinItsBounds() {
        assertEquals(1 * (1 + 0.1 * (1 - 0.8)), UTILIZATION.next(0, 1, 1), 1e-15);
        assertEquals(1 * (1 + 0.1 * (0.3 - 0.8)), UTILIZATION.next(0, 1, 0.3), 1e-15);
        assertEquals(1.0, UTILIZATION.next(0, 1, 0.8), 0);
        assertEquals(2.0, UTILIZATION.next(0, 1.99, 1), 0, "held at max");
        assertEquals(0.5, UTILIZATION.next(0, 0.51, 0), 0, "held at min");
        PriceRule damped = new PriceRule(1, 0.5, 2, 0.1, 100, PriceRule.Signal.UTILIZATION, 0.8, 0.5);
        assertEquals(1 + 0.1 * (1 - 0.8), damped.next(0, 1, 1), 1e-15, "the first step whole");
        assertEquals(1 + 0.1 / (1 + 0.5 * 4) * (1 - 0.8), damped.next(4, 1, 1), 1e-15, "the fifth a third");
        assertThrows(IllegalArgumentException.class, () -> new PriceRule(1, 2, 1, 0.1, 100,
                PriceRule.Signal.SALES, 0.8, 0), "bounds reversed");
        assertThrows(IllegalArgumentException.class, () -> new PriceRule(1, 0.5, 2, 0.1, 0,
                PriceRule.Signal.SALES, 0.8, 0), "no period");
        assertThrows(IllegalArgumentException.class, () -> new PriceRule(3, 0.5, 2, 0.1, 100,
                PriceRule.Signal.SALES, 0.8, 0), "initial above max");
    }

    @Test
    void eachPeriodsUtilizationAndSalesSetTheNextPrice() {
        MachineSchedule machine = new MachineSchedule(new Machine("m1", 0, 10));
        Job job = new Job(1, 0, 0, 150, 150, 5, 1, 1, -1);
        PostedPricing owner = new PostedPricing("m1", 10, UTILIZATION);
        PostedPricing sales = new PostedPricing("m1", 10, new PriceRule(1, 0.5, 2, 0.1, 100,
                PriceRule.Signal.SALES, 0.8, 0));
        Placement p = placement(5, 0, 150);
        assertEquals(1.0 * 5 * 150, owner.price(request(job), p, 0), 0, "posted price x node-seconds");
        Allocation a = machine.start(job, 0);
        for (PostedPricing o : List.of(owner, sales)) {
            o.accepted(request(job), new OfferPart(0, 0, "m1", p, 750), 0);
            o.jobStarted(a, 0);
            o.jobEnded(a, 150);
        }
        // period 0: 5 of 10 nodes busy throughout (0.5); period 1: 5 nodes for 50 of 100 s (0.25)
        double p1 = 1 + 0.1 * (0.5 - 0.8);
        double p2 = p1 * (1 + 0.1 * (0.25 - 0.8));
        assertEquals(p1, owner.postedAt(100), 1e-15);
        assertEquals(p2, owner.postedAt(250), 1e-15);
        assertEquals(p2 * 3 * 40, owner.price(request(job), placement(3, 300, 40), 250), 1e-12);
        List<PostedPrice> h = owner.history(250);
        assertEquals(3, h.size());
        assertEquals(0.5, h.get(0).utilization(), 1e-15);
        assertEquals(0.25, h.get(1).utilization(), 1e-15);
        assertEquals(200, h.get(2).start());
        // sales: 750 node-seconds sold in period 0 of 1,000: 0.75, then nothing
        double s1 = 1 + 0.1 * (0.75 - 0.8);
        assertEquals(s1, sales.postedAt(100), 1e-15);
        assertEquals(Math.max(0.5, s1 * (1 + 0.1 * (0 - 0.8))), sales.postedAt(200), 1e-15);
    }

    /** Events of one instant, told in any order, give the same prices: a period closes on what came before it. */
    @Test
    void theOrderOfOneInstantsEventsDoesNotChangeThePrices() {
        Random random = new Random(37);
        for (int round = 0; round < 200; round++) {
            MachineSchedule machine = new MachineSchedule(new Machine("m1", 0, 64));
            PostedPricing a = new PostedPricing("m1", 64, UTILIZATION);
            PostedPricing b = new PostedPricing("m1", 64, UTILIZATION);
            List<Allocation> jobs = new ArrayList<>();
            List<Long> ends = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Job job = new Job(i, i, 0, 500, 500, 1 + random.nextInt(8), 1, 1, -1);
                Allocation j = machine.start(job, 0);
                jobs.add(j);
                ends.add(100L * (1 + random.nextInt(4))); // on period boundaries, several at one instant
                a.jobStarted(j, 0);
                b.jobStarted(j, 0);
            }
            for (PostedPricing owner : List.of(a, b)) {
                List<Integer> order = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
                Collections.shuffle(order, random);
                order.sort((x, y) -> Long.compare(ends.get(x), ends.get(y))); // by time, ties in random order
                for (int i : order) {
                    owner.jobEnded(jobs.get(i), ends.get(i));
                }
            }
            assertEquals(a.history(700), b.history(700));
        }
    }

    @Test
    void theSeriesVolatilityAndSettleTimeFollowTheirDefinitions() {
        List<PostedPrice> prices = new ArrayList<>();
        double[] m1 = {1, 2, 1, 1.5, 1.5, 1.5, 1.52, 1.5, 1.5, 1.5, 1.5, 1.5};
        for (int k = 0; k < m1.length; k++) {
            prices.add(new PostedPrice("m1", k, k * 60L, m1[k], 0, 0));
            prices.add(new PostedPrice("m2", k, k * 60L, m1[k] * 3, 0, 0)); // means are 2 x m1
        }
        PriceSeries s = PriceSeries.of(prices);
        assertEquals(60, s.period());
        assertEquals(4, s.means()[1], 1e-15);
        double[] r = new double[m1.length - 1];
        double mean = 0;
        for (int k = 0; k < r.length; k++) {
            r[k] = Math.log(m1[k + 1] / m1[k]);
            mean += r[k] / r.length;
        }
        double var = 0;
        for (double x : r) {
            var += (x - mean) * (x - mean) / r.length;
        }
        assertEquals(Math.sqrt(var), s.volatility(), 1e-12);
        assertEquals(3.0, s.finalMean(), 1e-15, "the last tenth: two periods of 1.5 x 2");
        assertEquals(3, s.settlePeriod(), "1.52 is within 5 % of 1.5; 1 is not");
        assertEquals(180, s.settleTime());
        double[] unsettled = {1, 2, 1, 2, 1, 2, 1, 2, 1, 2};
        List<PostedPrice> u = new ArrayList<>();
        for (int k = 0; k < unsettled.length; k++) {
            u.add(new PostedPrice("m1", k, k * 60L, unsettled[k], 0, 0));
        }
        assertEquals(9, PriceSeries.of(u).settlePeriod(), "the last period alone is its own window");
        // nine returns of +-ln 2, five up: mean ln 2 / 9
        assertEquals(Math.log(2) * Math.sqrt(1 - 1 / 81.0), PriceSeries.of(u).volatility(), 1e-12);
    }
}
