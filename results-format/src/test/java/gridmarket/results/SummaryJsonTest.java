package gridmarket.results;

import gridmarket.sim.metrics.MachineMetrics;
import gridmarket.sim.metrics.RunMetrics;
import gridmarket.sim.result.RejectionReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryJsonTest {
    @TempDir
    Path dir;

    private static RunSummary summary() {
        Map<RejectionReason, Integer> reasons = new EnumMap<>(RejectionReason.class);
        reasons.put(RejectionReason.TOO_WIDE, 2);
        reasons.put(RejectionReason.OVER_BUDGET, 1);
        RunMetrics m = new RunMetrics(10, 7, 3, reasons, 1.5, 2.5, 0.5, 0.25, 1.0, 0, 100, 100, 0.75,
                Map.of("m1", new MachineMetrics(4, 300, 0.75)));
        return new RunSummary("e", "market", "easy", 7L, null, new RunSummary.Workload("w.swf", 10, Map.of("bad_line", 0)),
                SummaryJson.metrics(m),
                new RunSummary.Market("MF1", "UF1", 4, 3, 8, 1, 1, "user", "needed", 0.0, "compress", 10, 7, 0, 0.0,
                        40L, 120L, 4.0, 12.0, 0L, 2.0, -1.0, new RunSummary.Distribution(2, 1.5, 1, 3, 0.5, 4),
                        new RunSummary.Distribution(-1, -1, -2, 0, -3, 0), -7.0, 14.0, Map.of("m1", 14.0), 0.0,
                        0.0),
                null,
                new RunSummary.Performance(0.1, 0.2, 30L, 150L, 1024L),
                new RunSummary.Reproduce("ab", 7L, "0.1.0", "java"));
    }

    @Test
    void rejectionsAreCountedByTheReasonsKeys() {
        String text = SummaryJson.text(summary());
        assertTrue(text.contains("\"rejectedByReason\" : {\n      \"too_wide\" : 2,\n      \"over_budget\" : 1\n"),
                text);
    }

    @Test
    void readsBackWhatItWroteByteForByte() throws IOException {
        String text = SummaryJson.text(summary());
        Files.writeString(dir.resolve(SummaryJson.FILE), text);
        RunSummary read = SummaryJson.read(dir);
        assertEquals(text, SummaryJson.text(read));
        assertEquals(summary().market(), read.market());
        assertEquals(summary().performance(), read.performance());
    }

    @Test
    void theEconomyOfAMarketWithMoneyReadsBackAndBecomesColumns() throws IOException {
        RunSummary.Market plain = summary().market();
        RunSummary.Economy economy = new RunSummary.Economy(Map.of("budget", 1.0), 10, 80.0, 100.0, 0.8, 60.0, 20.0,
                30.0, 30.0, Map.of("m1", 30.0), 0.5, null, 0.7, 0.6, 2);
        RunSummary.Market withMoney = new RunSummary.Market(plain.mf(), plain.uf(), plain.nodeSets(),
                plain.startTimes(), plain.windows(), plain.offersPerMachine(), plain.hops(), plain.users(),
                plain.coAllocation(), plain.overhead(), plain.rescheduling(), plain.requests(), plain.accepted(),
                plain.coAllocated(), plain.coAllocatedShare(), plain.offers(), plain.messages(),
                plain.offersPerRequest(), plain.messagesPerRequest(), plain.swaps(), plain.meanPrice(),
                plain.meanUtility(), plain.price(), plain.utility(), plain.welfare(), plain.revenue(),
                plain.revenueByMachine(), plain.revenueGini(), plain.workGini(), null, economy);
        RunSummary s = summary();
        RunSummary run = new RunSummary(s.experiment(), s.strategy(), s.policy(), s.seed(), s.policyParameters(),
                s.workload(), s.metrics(), withMoney, s.strategyFields(), s.performance(), s.reproduce());
        String text = SummaryJson.text(run);
        assertFalse(SummaryJson.text(summary()).contains("economy"), "a market without money writes none");
        assertFalse(text.contains("priceFairness"), "a measure without a value is left out");
        Files.writeString(dir.resolve(SummaryJson.FILE), text);
        assertEquals(text, SummaryJson.text(SummaryJson.read(dir)));
        assertEquals(economy, SummaryJson.read(dir).market().economy());
        Map<String, String> c = SummaryJson.columns(run);
        assertEquals("0.8", c.get("market.economy.yieldShare"));
        assertEquals("30.0", c.get("market.economy.ownerSurplusByMachine.m1"));
        assertEquals("1.0", c.get("market.economy.value.budget"));
    }

    @Test
    void leavesOutTheBlocksAModelHasNot() {
        RunSummary forkJoin = new RunSummary("f", "forkjoin", "RR", 1L, null, null, Map.of("throughput", 0.5), null, null,
                new RunSummary.Performance(null, 0.2, 3L, 15L, null), null);
        assertEquals("""
                {
                  "experiment" : "f",
                  "strategy" : "forkjoin",
                  "policy" : "RR",
                  "seed" : 1,
                  "metrics" : {
                    "throughput" : 0.5
                  },
                  "performance" : {
                    "simulationSeconds" : 0.2,
                    "events" : 3,
                    "eventsPerSecond" : 15
                  }
                }
                """, SummaryJson.text(forkJoin));
    }

    @Test
    void everyBlockBecomesColumns() {
        Map<String, String> c = SummaryJson.columns(summary());
        List<String> names = List.copyOf(c.keySet());
        assertEquals(List.of("experiment", "strategy", "policy", "seed", "workload.source", "workload.jobs",
                "workload.dropped.bad_line", "jobs"), names.subList(0, 8));
        assertEquals("2", c.get("rejectedByReason.too_wide"));
        assertEquals("0.75", c.get("machines.m1.utilization"));
        assertEquals("MF1", c.get("market.mf"));
        assertEquals("14.0", c.get("market.revenueByMachine.m1"));
        assertEquals("1.5", c.get("market.price.median"));
        assertEquals("150", c.get("performance.eventsPerSecond"));
        assertEquals("ab", c.get("reproduce.experimentSha256"));
        assertTrue(names.indexOf("utilization") < names.indexOf("market.mf"), "metrics before market");
        assertTrue(names.indexOf("market.workGini") < names.indexOf("performance.loadSeconds"));
    }

    @Test
    void aBrokenSummaryIsNamedByFileAndLine() throws IOException {
        Files.writeString(dir.resolve(SummaryJson.FILE), "{\n \"metrics\": ");
        ResultsException e = assertThrows(ResultsException.class, () -> SummaryJson.read(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve(SummaryJson.FILE) + ":2:"), e.getMessage());
        Files.writeString(dir.resolve(SummaryJson.FILE), "{\"seed\": \"seven\"}");
        e = assertThrows(ResultsException.class, () -> SummaryJson.read(dir));
        assertTrue(e.getMessage().contains("not a run summary"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aSummaryOutsideTheFormatIsNamedByFileLineAndField() throws IOException {
        Path file = dir.resolve(SummaryJson.FILE);
        String good = SummaryJson.text(summary());
        String[][] cases = {
            {"{}", ": not a run summary: no field 'experiment'"},
            {good.replaceFirst("\"seed\" : 7,", ""), ": not a run summary: no field 'seed'"},
            {good.replaceFirst("\"seed\" : 7,", "\"seed\" : 7.5,"), "field 'seed' must be a whole number, got 7.5"},
            {good.replaceFirst("\"seed\" : 7,", "\"seed\" : 7,\n  \"seed\" : 2,"), ":6:"},
            {good.replace("\"awrt\" : ", "\"awrt\" : 1e400, \"x\" : "), ":1", "metrics.awrt: 1e400 is not a finite"},
        };
        for (String[] c : cases) {
            Files.writeString(file, c[0]);
            ResultsException e = assertThrows(ResultsException.class, () -> SummaryJson.read(dir), c[0]);
            assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
            for (int i = 1; i < c.length; i++) {
                assertTrue(e.getMessage().contains(c[i]), c[i] + " in " + e.getMessage());
            }
        }
    }
}
