package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.MarketEconomics;
import gridmarket.market.Offer;
import gridmarket.market.PopulationResults;
import gridmarket.market.Trade;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests written from a population's template drive the market (issue 14, part 3). */
class PopulationMarketTest {
    @TempDir
    Path dir;

    private ExperimentSpec spec(String grid, String market, String populations, Map<String, String> files)
            throws IOException {
        for (var f : files.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
        String yaml = "name: p\nworkload: {swf: " + SharedData.trace("KTH-SP2-1996-2.1-cln") + "}\n" + grid
                + "\nstrategy: market\nmarket: " + market + "\n" + populations;
        return new ExperimentLoader().load("p.yaml", yaml, dir);
    }

    private static Workload workload(Job... jobs) {
        return new Workload("hand-made", List.of(), List.of(jobs), Map.of());
    }

    private static final String TWO_KINDS = "machines: [{name: lin, nodes: 8, operatingSystem: Linux, speed: 1}, "
            + "{name: aix, nodes: 8, operatingSystem: AIX, speed: 2}]";

    /** Linux takes up to 4 nodes at three times the estimate; AIX up to 6 at its speed; wider jobs fit neither. */
    private static final String TEMPLATE = """
            REQUEST "t" {
              KEY "Utility" {
                ELEMENT 1 {
                  CONDITION {(OperatingSystem EQ "Linux") && (NumberOfProcessors <= 4)}
                  VALUE "UtilityValue" {-StartTime}
                  VALUE "RunTime" {3 * RunTime}
                }
                ELEMENT 2 {
                  CONDITION {(OperatingSystem EQ "AIX") && (NumberOfProcessors <= 6)}
                  VALUE "UtilityValue" {-EndTime - 1000}
                }
              }
            }
            """;

    @Test
    void theElementThatHoldsOnEachMachineGivesItsRunTimeAndUtility() throws IOException {
        ExperimentSpec spec = spec(TWO_KINDS, "{mf: MF2, uf: UF2}", "populations: [{name: t, users: [1], "
                + "request: t.req}]\n", Map.of("t.req", TEMPLATE));
        // id, order, submit, run time, estimate, nodes, user
        Job narrow = new Job(1, 0, 0, 80, 100, 2, 1, 1, 100);
        Job middle = new Job(2, 1, 10, 60, 60, 6, 1, 1, 60);
        Job wide = new Job(3, 2, 20, 10, 10, 7, 1, 1, 10);
        Job other = new Job(4, 3, 30, 10, 10, 2, 2, 1, 10); // user 2: no population, the market's UF2
        GridMarket model = new GridMarket(1, spec, workload(narrow, middle, wide, other));
        Map<Long, List<Offer>> offers = new HashMap<>();
        model.setMarketObserver((origin, request, all, winner, now) -> offers.put(request.job().id(), all));
        RunResult r = HeadlessRun.run(model);
        Map<Long, JobOutcome> outcome = new HashMap<>();
        r.outcomes().forEach(o -> outcome.put(o.job().id(), o));

        // narrow: ELEMENT 1 on lin (planned 3 x 100 s, really 3 x 80 s), ELEMENT 2 on aix (100 / 2 s, really 40 s)
        Offer lin = offerOn("lin", offers.get(1L));
        Offer aix = offerOn("aix", offers.get(1L));
        assertEquals(300, lin.endTime() - lin.startTime());
        assertEquals(0.0, lin.utilityValue(), 0.0, "-StartTime at start 0");
        assertEquals(50, aix.endTime() - aix.startTime());
        assertEquals(-(0 + 50) - 1000.0, aix.utilityValue(), "-EndTime - 1000");
        JobOutcome n = outcome.get(1L);
        assertEquals("lin", n.machine(), "utility 0 beats -1050");
        assertEquals(0, n.start());
        assertEquals(240, n.end(), "the real run time scaled as the estimate: 80 x 300 / 100");

        // middle: no element holds on lin (6 > 4): only aix offers, at half the run time
        assertEquals(1, offers.get(2L).size());
        Offer onlyAix = offerOn("aix", offers.get(2L));
        assertEquals(30, onlyAix.endTime() - onlyAix.startTime());
        assertEquals(-(10 + 30) - 1000.0, onlyAix.utilityValue());
        JobOutcome m = outcome.get(2L);
        assertEquals("aix", m.machine());
        assertEquals(10, m.start());
        assertEquals(40, m.end());

        // wide: no element holds anywhere; rejected at once, saying why
        assertTrue(offers.get(3L).isEmpty());
        JobOutcome w = outcome.get(3L);
        assertTrue(!w.completed());
        assertEquals(RejectionReason.NO_OFFER, w.rejection().reason());
        assertTrue(w.reason().contains("no ELEMENT of its template holds"), w.reason());

        // a user of no population: both machines offer with the market's UF2 (-JobCost), aix at its speed
        Offer plain = offerOn("aix", offers.get(4L));
        assertEquals(5, plain.endTime() - plain.startTime(), "10 s at speed 2");
        assertEquals(-plain.jobCost(), plain.utilityValue());
        assertEquals(10, offerOn("lin", offers.get(4L)).endTime() - offerOn("lin", offers.get(4L)).startTime());
    }

    private static Offer offerOn(String machine, List<Offer> offers) {
        return offers.stream().filter(o -> o.machineName().equals(machine)).findFirst()
                .orElseThrow(() -> new AssertionError("no offer on " + machine + " in " + offers));
    }

    @Test
    void theOwnersObjectiveAndCostsAreTheirMachines() throws IOException {
        ExperimentSpec spec = spec("machines: [{name: a, nodes: 8, objective: '2 * NumberOfProcessors * RunTime', "
                + "offerCost: 3}, {name: b, nodes: 8}]", "{mf: 'NumberOfProcessors * RunTime', uf: UF1}", "",
                Map.of());
        Job job = new Job(1, 0, 0, 10, 10, 2, 1, 1, 10);
        GridMarket model = new GridMarket(1, spec, workload(job));
        List<Offer> seen = new ArrayList<>();
        model.setMarketObserver((origin, request, all, winner, now) -> seen.addAll(all));
        HeadlessRun.run(model);
        assertEquals(40.0, offerOn("a", seen).jobCost(), "a's own objective");
        assertEquals(3.0, offerOn("a", seen).offerCost());
        assertEquals(20.0, offerOn("b", seen).jobCost(), "the market's mf");
        assertEquals(0.0, offerOn("b", seen).offerCost());
    }

    @Test
    void aTemplateThatSaysUf1SchedulesAsTheMarketsUf1() throws IOException {
        String grid = "configuration: m64";
        String market = "{mf: MF1, uf: UF1}";
        String req = "REQUEST \"u\" {\n  KEY \"Utility\" {ELEMENT 1 {VALUE \"UtilityValue\" {-StartTime}}}\n}\n";
        ExperimentSpec plain = spec(grid, market, "", Map.of());
        ExperimentSpec written = spec(grid, market, "populations: [{name: all, share: 1, request: u.req}]\n",
                Map.of("u.req", req));
        Workload jobs = Workloads.load(new ExperimentLoader().load("w.yaml", "name: w\nworkload:\n  swf: "
                + SharedData.trace("KTH-SP2-1996-2.1-cln") + "\n  shape: {from: 0, to: 1500, shift: true}\n"
                + "configuration: m64\n", dir));
        List<JobOutcome> a = HeadlessRun.run(new GridMarket(1, plain, jobs)).outcomes();
        RunResult br = HeadlessRun.run(new GridMarket(1, written, jobs));
        List<JobOutcome> b = br.outcomes();
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).machine(), b.get(i).machine(), "job " + a.get(i).job().id());
            assertEquals(a.get(i).start(), b.get(i).start(), "job " + a.get(i).job().id());
            assertEquals(a.get(i).end(), b.get(i).end(), "job " + a.get(i).job().id());
        }
        // and the population's results add up to the totals
        Map<String, PopulationResults> per = PopulationResults.of(b, br.trades(), List.of("all"), j -> "all");
        PopulationResults all = per.get("all");
        assertEquals(1, per.size());
        assertEquals(br.metrics().jobs(), all.jobs());
        assertEquals(br.metrics().completed(), all.completed());
        assertEquals(br.metrics().meanWait(), all.meanWait(), 1e-6);
        MarketEconomics e = MarketEconomics.of(new ArrayList<>(new TreeMap<>(br.trades()).values()),
                List.of("m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11", "m12", "m13", "m14",
                        "m15", "m16", "m17", "m18"), new double[18]);
        assertEquals(e.welfare(), all.utility(), 1e-6 * Math.abs(e.welfare()));
        assertEquals(e.revenue(), all.pricePaid(), 1e-6 * e.revenue());
    }

    @Test
    void withMaxOfferNumberTheUserChoosesAmongTheBestKByItsOwnRule() throws IOException {
        // a ends a 100 s job first (speed 2: 50 s) but charges 10 x 2 x 50 = 1000; b ends at 100 and charges 200
        String grid = "machines: [{name: a, nodes: 8, speed: 2, objective: '10 * NumberOfProcessors * RunTime'}, "
                + "{name: b, nodes: 8, objective: 'NumberOfProcessors * RunTime'}]";
        String req = "REQUEST \"k\" {\n  KEY \"MaxOfferNumber\" {VALUE \"MaxOfferNumber\" {%d}}\n%s"
                + "  KEY \"Utility\" {ELEMENT 1 {VALUE \"UtilityValue\" {-EndTime}}}\n}\n";
        String cheapest = "  KEY \"OfferChoice\" {VALUE \"OfferChoice\" {-JobCost}}\n";
        Job job = new Job(1, 0, 0, 100, 100, 2, 1, 1, 100);
        Object[][] cases = {{0, cheapest, "a"}, {1, cheapest, "a"}, {2, "", "a"}, {2, cheapest, "b"}};
        int n = 0;
        for (Object[] c : cases) {
            String file = "k" + n++ + ".req";
            ExperimentSpec spec = spec(grid, "{mf: MF2, uf: UF1}", "populations: [{name: k, users: [1], request: "
                    + file + "}]\n", Map.of(file, req.formatted((Integer) c[0], (String) c[1])));
            RunResult r = HeadlessRun.run(new GridMarket(1, spec, workload(job)));
            assertEquals(c[2], r.trades().get(0).accepted().machineName(),
                    "MaxOfferNumber " + c[0] + (((String) c[1]).isEmpty() ? "" : " choosing the cheapest"));
        }
    }

    @Test
    void coAllocationCombinesOnlyMachinesOfOneOperatingSystemWhenTheRequestAsks() throws IOException {
        String grid = "machines: [{name: a, nodes: 64, operatingSystem: Linux}, {name: b, nodes: 64, "
                + "operatingSystem: AIX}, {name: c, nodes: 32, operatingSystem: Linux}]";
        String req = "REQUEST \"o\" {\n  KEY \"OperationSystemEqual\" {VALUE \"OperationSystemEqual\" {%d}}\n"
                + "  KEY \"Utility\" {ELEMENT 1 {VALUE \"UtilityValue\" {-StartTime}}}\n}\n";
        Job wide = new Job(1, 0, 0, 100, 100, 90, 1, 1, 100);
        for (int equal : new int[] {0, 1}) {
            ExperimentSpec spec = spec(grid, "{mf: MF2, uf: UF1, coAllocation: needed}",
                    "populations: [{name: o, users: [1], request: o" + equal + ".req}]\n",
                    Map.of("o" + equal + ".req", req.formatted(equal)));
            RunResult r = HeadlessRun.run(new GridMarket(1, spec, workload(wide)));
            Trade t = r.trades().get(0);
            assertNotNull(t.accepted());
            assertEquals(equal == 1 ? "a+c" : "a+b", t.accepted().machineName(),
                    "most free nodes first, among the machines the request allows");
            r.outcomes().forEach(o -> assertEquals(0, o.start()));
        }
    }
}
