package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.Trade;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The economic market on real trace extracts (SPEC E1-E8). */
class MarketTest {

    private static ExperimentSpec spec(String trace, String shape, String grid, String market) {
        String yaml = "name: m\nworkload:\n  swf: " + SharedData.trace(trace) + "\n  shape: " + shape + "\n" + grid
                + "\nstrategy: market\nmarket: " + market + "\n";
        return new ExperimentLoader().load("m.yaml", yaml, Path.of("."));
    }

    private static RunResult run(GridMarket model) {
        RunResult r = HeadlessRun.run(model);
        Set<Integer> seen = new HashSet<>();
        r.outcomes().forEach(o -> seen.add(o.job().order()));
        assertEquals(model.workload().jobs().size(), seen.size(), "every job ends completed or rejected");
        return r;
    }

    @Test
    void earliestStartUtilityGivesTheMachinesEarliestFit() {
        ExperimentSpec spec = spec("KTH-SP2-1996-2.1-cln", "{from: 0, to: 3000, shift: true}",
                "machines: [{name: m1, nodes: 100}]", "{mf: MF2, uf: UF1}");
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        AtomicInteger checked = new AtomicInteger();
        model.setMarketObserver((origin, request, offers, winner, now) -> {
            MachineSchedule m = model.owners().get(0).schedule();
            long earliest = m.earliestStart(request.numberOfProcessors(), request.runTime(), now);
            assertEquals(earliest, winner.startTime(), "request " + request.requestId() + " at " + now);
            checked.incrementAndGet();
        });
        RunResult r = run(model);
        assertEquals(model.workload().jobs().size(), checked.get());
        assertEquals(0, r.metrics().rejected());
        // The reservations are kept: every job starts exactly at its offered start.
        for (JobOutcome o : r.outcomes()) {
            assertTrue(o.start() >= o.job().submit());
        }
    }

    @Test
    void messagesAddUpAndEveryDomainAnswersOnce() {
        ExperimentSpec spec = spec("CTC-SP2-1996-3.1-cln", "{from: 10000, to: 11500, shift: true, split: local}",
                "configuration: m128", "{mf: MF1, uf: UF1}");
        RunResult r = run(new GridMarket(1, spec, Workloads.load(spec)));
        assertEquals(r.outcomes().size(), r.trades().size());
        for (Trade t : r.trades().values()) {
            assertEquals(1, t.attempts(), "with open windows and no budgets the first round succeeds");
            assertEquals(4, t.offers(), "one offer from each of the four domains");
            // own machine: request + offer; three peers: forward + offer; accept + three releases
            assertEquals(2 + 3 * 2 + 1 + 3, t.messages());
        }
    }

    @Test
    void hopsZeroKeepsRequestsAtHome() {
        ExperimentSpec spec = spec("CTC-SP2-1996-3.1-cln", "{from: 10000, to: 11000, shift: true, split: local}",
                "configuration: m128", "{mf: MF1, uf: UF1, hops: 0}");
        RunResult r = run(new GridMarket(1, spec, Workloads.load(spec)));
        for (JobOutcome o : r.outcomes()) {
            assertEquals("m" + (o.job().site() + 1), o.machine(), "a job stays on its own site's machine");
        }
        r.trades().values().forEach(t -> assertEquals(3, t.messages()));
    }

    @Test
    void latencyDelaysTheDecisionByTheRoundTrip() {
        ExperimentSpec spec = spec("CTC-SP2-1996-3.1-cln", "{from: 10000, to: 11000, shift: true, split: local}",
                "configuration: m128", "{mf: MF1, uf: UF1, latency: 30}");
        RunResult r = run(new GridMarket(1, spec, Workloads.load(spec)));
        assertEquals(0, r.metrics().rejected());
        for (JobOutcome o : r.outcomes()) {
            assertTrue(o.start() >= o.job().submit() + 60, "one hop there and back: " + o);
        }
    }

    @Test
    void unaffordableJobsAreRejectedWithTheirReasonAfterTheSearchTime() {
        ExperimentSpec spec = spec("KTH-SP2-1996-2.1-cln", "{from: 0, to: 500, shift: true}",
                "machines: [{name: m1, nodes: 100}]", "{mf: MF2, uf: UF2, jobBudget: 200000, searchTime: 0}");
        RunResult r = run(new GridMarket(1, spec, Workloads.load(spec)));
        for (JobOutcome o : r.outcomes()) {
            Trade t = r.trades().get(o.job().order());
            if (o.completed()) {
                assertTrue(t.price() <= 200000, "an accepted price is within the budget: " + t);
            } else {
                assertEquals("no acceptable offer within the search time (budgets)", o.reason());
                assertEquals(RejectionReason.OVER_BUDGET, o.rejection().reason());
                assertTrue(Double.isNaN(t.price()));
            }
        }
        assertTrue(r.metrics().rejected() > 0, "some jobs cost more than the budget");
        assertTrue(r.metrics().completed() > 0, "some jobs are affordable");
    }

    @Test
    void aWaitingRequestIsGivenUpAtItsSearchDeadline() {
        // A budget only small jobs meet: the others wait, and must be rejected by submit + searchTime, whatever
        // the schedules do later.
        ExperimentSpec spec = spec("KTH-SP2-1996-2.1-cln", "{from: 0, to: 500, shift: true}",
                "machines: [{name: m1, nodes: 100}]", "{mf: MF2, uf: UF2, jobBudget: 200000, searchTime: 3600}");
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        java.util.Map<Long, Long> decidedAt = new java.util.HashMap<>();
        model.setMarketObserver((origin, request, offers, winner, now) -> {
            if (winner != null) {
                decidedAt.put(request.job().id(), now);
            }
            assertTrue(now <= request.job().submit() + 3600, "no round after the deadline: " + request);
        });
        RunResult r = run(model);
        assertTrue(r.metrics().rejected() > 0);
        for (JobOutcome o : r.outcomes()) {
            if (o.completed()) {
                assertTrue(decidedAt.get(o.job().id()) <= o.job().submit() + 3600);
            } else {
                assertTrue(o.reason().startsWith("no acceptable offer within the search time"), o.reason());
            }
        }
    }

    @Test
    void sameSeedSameSchedule() {
        ExperimentSpec spec = spec("CTC-SP2-1996-3.1-cln", "{from: 20000, to: 21000, shift: true, split: 64}",
                "configuration: m64", "{mf: MF3, uf: UF3}");
        Workload w = Workloads.load(spec);
        RunResult a = run(new GridMarket(1, spec, w));
        RunResult b = run(new GridMarket(1, spec, w));
        assertEquals(a.outcomes().size(), b.outcomes().size());
        for (int i = 0; i < a.outcomes().size(); i++) {
            JobOutcome x = a.outcomes().get(i);
            JobOutcome y = b.outcomes().get(i);
            assertEquals(x.start(), y.start());
            assertEquals(x.machine(), y.machine());
        }
        assertEquals(a.trades(), b.trades());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"MF1", "MF2", "MF3", "MF4", "MF5", "MF6"})
    void everyPriceIsNonNegativeAndEveryPromiseKeptOnARealTrace(String mf) {
        ExperimentSpec spec = spec("CTC-SP2-1996-3.1-cln", "{from: 10000, to: 10200, shift: true}",
                "configuration: m128", "{mf: " + mf + ", uf: UF3, rescheduling: rebid}");
        RunResult r = run(new GridMarket(1, spec, Workloads.load(spec)));
        int accepted = 0;
        for (JobOutcome o : r.outcomes()) {
            Trade t = r.trades().get(o.job().order());
            if (o.completed()) {
                accepted++;
                assertTrue(t.price() >= 0 && Double.isFinite(t.price()), mf + ": price " + t.price());
                assertTrue(o.start() <= t.promisedStart(), mf + ": started after its promise: " + o);
            }
        }
        assertEquals(r.outcomes().stream().map(o -> o.job().order()).distinct().count(), r.trades().size());
        assertTrue(accepted > 190, mf + ": accepted " + accepted);
    }
}
