package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.market.JobValue;
import gridmarket.market.MarketEconomics;
import gridmarket.market.Offer;
import gridmarket.market.Trade;
import gridmarket.market.ValueEconomics;
import gridmarket.market.ValueModel;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mechanisms of money on a real trace: 2,000 CTC jobs on m128, with values, budgets and deadlines. Every job
 * ends completed or rejected with a reason, a DBC broker's jobs keep their deadlines and budgets, and the economic
 * measures add up.
 */
class MechanismsOnATraceTest {
    private static final String SHAPE = "{from: 0, to: 2000, shift: true, maxNodes: 128}";

    private static ExperimentSpec spec(String market) {
        String yaml = "name: m\nseed: 3\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: " + SHAPE + "\nconfiguration: m128\nstrategy: market\nmarket: " + market + "\n";
        return new ExperimentLoader().load("m.yaml", yaml, Path.of("."));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{mf: MF1, user: {strategy: dbc, optimise: cost}, value: {}}",
            "{mf: MF1, user: {strategy: dbc, optimise: time}, value: {budget: 2}}",
            "{mf: MF3, user: {strategy: dbc, optimise: cost-time, weight: 0.3}, value: {deadline: 5, spread: 0}}",
            "{mf: MF1, uf: UF3, clearing: second-price, value: {floor: -0.5, ownerCost: 0.2}}",
            "{mf: MF1, uf: UF2, clearing: second-price, jobBudget: 2000000}"})
    void everyJobEndsAndTheMeasuresAddUp(String market) {
        ExperimentSpec spec = spec(market);
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        RunResult r = HeadlessRun.run(model);
        int read = model.workload().jobs().size();
        assertEquals(read, r.metrics().completed() + r.metrics().rejected(), "completed + rejected = jobs read");
        Map<Integer, JobOutcome> byJob = new TreeMap<>();
        for (JobOutcome o : r.outcomes()) {
            byJob.putIfAbsent(o.job().order(), o);
            if (!o.completed()) {
                assertFalse(o.reason().isBlank(), "a rejected job has its reason: " + o);
            }
        }
        assertEquals(read, byJob.size(), "every job ends once");
        ValueModel model0 = spec.getMarket().valueModel(spec.getSeed());
        List<String> machines = spec.resolvedSites().stream().flatMap(s -> s.getMachines().stream())
                .map(MachineSpec::getName).toList();
        ValueEconomics v = ValueEconomics.of(r.outcomes(), r.trades(), machines, model0);
        MarketEconomics e = MarketEconomics.of(new ArrayList<>(new TreeMap<>(r.trades()).values()), machines,
                new double[machines.size()]);
        boolean broker = market.contains("dbc");
        double yield = 0;
        double cost = 0;
        int completed = 0;
        for (JobOutcome o : byJob.values()) {
            JobValue value = model0.of(o.job());
            Trade t = r.trades().get(o.job().order());
            if (o.completed()) {
                completed++;
                yield += value.at(o.end());
                assertTrue(value.at(o.end()) <= value.at(o.job().submit() + o.job().runTime()),
                        "no job realises more than its bound");
            }
            Offer held = t.accepted();
            if (broker && held != null) {
                assertTrue(held.jobCost() <= value.budget(), "a broker never pays above the budget: " + t);
                assertTrue(t.promisedStart() + (held.endTime() - held.startTime()) <= value.deadline(),
                        "a broker never takes an offer that misses the deadline: " + t);
                assertTrue(o.end() <= value.deadline(), "so the job ends by its deadline");
            }
            if (broker && !o.completed() && o.reason().startsWith("no offer")) {
                assertTrue(o.reason().contains("deadline") && o.reason().contains("budget"), o.reason());
            }
        }
        for (JobOutcome o : r.outcomes()) {
            if (o.completed()) {
                cost += model0.cost(o.nodeCount(), o.end() - o.start());
            }
        }
        double scale = Math.max(1, Math.abs(yield) + e.revenue());
        assertEquals(read, v.jobs());
        assertEquals(yield, v.yield(), 1e-9 * scale);
        assertEquals(e.revenue(), v.paid(), 1e-9 * scale, "what users paid is what owners earned");
        assertEquals(v.yield() - v.paid(), v.userSurplus(), 1e-9 * scale, "user surplus = yield - paid");
        assertEquals(cost, v.ownerCost(), 1e-9 * scale);
        assertEquals(e.revenue() - cost, v.ownerSurplus(), 1e-9 * scale, "owner surplus = revenue - cost");
        assertEquals(v.ownerSurplus(), v.ownerSurplusByMachine().values().stream().mapToDouble(d -> d).sum(),
                1e-9 * scale);
        for (String m : machines) {
            assertTrue(v.ownerSurplusByMachine().get(m) <= e.revenueByMachine().get(m) + 1e-9 * scale);
        }
        assertTrue(v.yield() <= v.upperBound() + 1e-9 * scale && v.yieldShare() <= 1 + 1e-12);
        assertTrue(v.waitFairness() > 0 && v.waitFairness() <= 1 + 1e-12);
        assertTrue(v.priceFairness() > 0 && v.priceFairness() <= 1 + 1e-12);
        if (broker) {
            assertEquals((double) completed / read, v.deadlineSuccess(), 1e-12, "a broker's completed jobs all "
                    + "kept their deadlines");
            assertEquals((double) completed / read, v.budgetSuccess(), 1e-12, "and their budgets");
            assertTrue(completed > read / 10 && completed < read, "some jobs are served, some priced out or late: "
                    + completed);
        } else if (!market.contains("jobBudget")) {
            assertEquals(read, completed, "the thesis' user without a budget waits until an offer comes");
        } else {
            assertEquals(read - completed, v.pricedOut(), "with a budget, the others are priced out");
        }
        System.out.printf("%s: %d jobs, %d completed, yield %.4g of %.4g (%.3f), user surplus %.4g, owner surplus "
                        + "%.4g, fairness of waits %.3f and prices %.3f, deadlines %.3f, budgets %.3f, priced out %d%n",
                market, read, completed, v.yield(), v.upperBound(), v.yieldShare(), v.userSurplus(), v.ownerSurplus(),
                v.waitFairness(), v.priceFairness(), v.deadlineSuccess(), v.budgetSuccess(), v.pricedOut());
    }

    @org.junit.jupiter.api.Test
    void underSecondPriceEachJobPaysTheRunnersUpPriceItsOwnerAsked() {
        ExperimentSpec spec = spec("{mf: MF1, uf: UF2, clearing: second-price}");
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        Map<Integer, Double> expected = new TreeMap<>();
        Map<Integer, Double> asked = new TreeMap<>();
        model.setMarketObserver((origin, request, offers, taken, now) -> {
            if (taken == null) {
                return;
            }
            double second = taken.jobCost(); // no other machine's offer: its own price
            for (Offer o : offers) { // best first: the first of another machine is the runner-up
                if (o.parts().get(0).machineIndex() != taken.parts().get(0).machineIndex()) {
                    second = o.jobCost();
                    break;
                }
            }
            expected.put(request.job().order(), second);
            asked.put(request.job().order(), taken.jobCost());
        });
        RunResult r = HeadlessRun.run(model);
        assertEquals(model.workload().jobs().size(), expected.size(), "every job's round took an offer");
        int above = 0;
        for (Map.Entry<Integer, Double> e : expected.entrySet()) {
            double paid = r.trades().get(e.getKey()).price();
            assertEquals(e.getValue(), paid, 0, "job " + e.getKey() + " pays the runner-up's price");
            assertTrue(paid >= asked.get(e.getKey()), "never below its owner's ask");
            above += paid > asked.get(e.getKey()) ? 1 : 0;
        }
        assertTrue(above > expected.size() / 2, "the second price is above the ask in most rounds: " + above);
    }
}
