package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.Trade;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Routing by capacity ({@code market.routing: capacity}) on a real trace: a request asks fewer domains, yet every
 * round still takes the earliest start any machine of the grid could give it at that moment, which is the highest
 * UF1 value. The check reads the machines' own schedules, not the capacities the MetaManagers were told, so a notice
 * of freed capacity that went missing (a job ending early, a reservation released or moved up) would fail it.
 */
class CapacityRoutingTest {
    private static final int WIDEST = 128;

    /** {@code rescheduling} may add {@code " co-allocated"}: wide jobs then run over several machines. */
    private static ExperimentSpec spec(String rescheduling, String routing) {
        String[] r = rescheduling.split(" ");
        boolean co = r.length > 1;
        String yaml = "name: m\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 12500, shift: true, split: " + (co ? "none" : "local")
                + "}\nconfiguration: m128\nstrategy: market\nmarket: {mf: MF1, uf: UF1, routing: " + routing
                + ", rescheduling: " + r[0] + (co ? ", coAllocation: needed" : "") + "}\n";
        return new ExperimentLoader().load("m.yaml", yaml, Path.of("."));
    }

    /** Four single-machine sites, the third machine three times as fast: runs differ by machine. */
    private static ExperimentSpec mixedSpeeds(String uf) {
        String yaml = "name: m\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 11500, shift: true, split: local}\nsites: ["
                + "{name: a, machines: [{name: a1, nodes: 128}]}, {name: b, machines: [{name: b1, nodes: 128}]}, "
                + "{name: c, machines: [{name: c1, nodes: 128, speed: 3}]}, {name: d, machines: [{name: d1, nodes: "
                + "128}]}]\nstrategy: market\nmarket: {mf: MF1, uf: '" + uf + "', routing: capacity}\n";
        return new ExperimentLoader().load("m.yaml", yaml, Path.of("."));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> routing(RunResult r) {
        return (Map<String, Object>) r.strategyFields().get("routing");
    }

    @org.junit.jupiter.api.Test
    void aUtilityOfTheRunTimeIsNotRoutedWhereMachinesDifferInSpeed() {
        // -(StartTime + RunTime) is the earliest end: a faster machine can beat an earlier start, so every domain is
        // asked; UF1 on the same grid is routed
        RunResult byEnd = HeadlessRun.run(new GridMarket(1, mixedSpeeds("-(StartTime + RunTime)"),
                Workloads.load(mixedSpeeds("UF1"))));
        assertEquals(0L, ((Number) routing(byEnd).get("roundsRouted")).longValue(), routing(byEnd).toString());
        RunResult byStart = HeadlessRun.run(new GridMarket(1, mixedSpeeds("UF1"), Workloads.load(mixedSpeeds("UF1"))));
        assertTrue(((Number) routing(byStart).get("roundsRouted")).longValue() > 0, routing(byStart).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "compress", "rebid", "compress co-allocated"})
    void everyRoundTakesTheEarliestStartOfTheWholeGridWithFewerMessages(String rescheduling) {
        ExperimentSpec spec = spec(rescheduling, "capacity");
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        AtomicInteger checked = new AtomicInteger();
        AtomicInteger waited = new AtomicInteger();
        AtomicInteger coAllocated = new AtomicInteger();
        model.setMarketObserver((origin, request, offers, winner, now) -> {
            if (winner != null && winner.coAllocated()) {
                coAllocated.incrementAndGet();
            }
            if (winner == null || winner.coAllocated() || request.numberOfProcessors() > WIDEST) {
                return;
            }
            long earliest = model.owners().stream().mapToLong(o -> o.schedule().earliestStart(
                    request.numberOfProcessors(), request.runTime(), request.startTime())).min().orElseThrow();
            assertEquals(earliest, winner.startTime(), "request " + request.requestId() + " at " + now);
            checked.incrementAndGet();
            waited.addAndGet(winner.startTime() > now ? 1 : 0);
        });
        RunResult r = HeadlessRun.run(model);
        int jobs = model.workload().jobs().size();
        assertEquals(jobs, r.outcomes().stream().map(o -> o.job().order()).distinct().count(),
                "every job ends completed or rejected");
        assertTrue(checked.get() > jobs * 9 / 10 && waited.get() > jobs / 10,
                "rounds checked, of them with a later start: " + checked + ", " + waited + " of " + jobs);

        if (rescheduling.endsWith("co-allocated")) {
            assertTrue(coAllocated.get() > 10, "wide jobs co-allocated: " + coAllocated);
        }

        Map<String, Object> routing = routing(r);
        assertTrue(((Number) routing.get("callsLeftOut")).longValue() > 0, routing.toString());
        assertTrue(((Number) routing.get("capacityNotices")).longValue() > 0, routing.toString());

        ExperimentSpec all = spec(rescheduling, "all");
        RunResult asked = HeadlessRun.run(new GridMarket(1, all, Workloads.load(all)));
        assertEquals(null, asked.strategyFields().get("routing"), "asking every domain reports no routing");
        long fewer = r.trades().values().stream().mapToLong(Trade::messages).sum();
        long every = asked.trades().values().stream().mapToLong(Trade::messages).sum();
        assertTrue(fewer < every, "messages by capacity " + fewer + ", asking every domain " + every);
    }
}
