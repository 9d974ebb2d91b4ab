package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.Offer;
import gridmarket.market.Trade;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Co-allocation, rescheduling and budgets of the market on hand-made workloads (SPEC E6, E7, E10). */
class MarketMechanismsTest {

    /** A job of site {@code site}: id = order + 1. */
    private static Job job(int order, long submit, int nodes, long estimate, long runTime, int site) {
        return new Job(order + 1, order, submit, runTime, estimate, nodes, 1, 1, estimate, 0, site);
    }

    private static GridMarket model(String grid, String market, Job... jobs) {
        String yaml = "name: t\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, load: 0.5, "
                + "meanRunTime: 100}}\n" + grid + "\nstrategy: market\nmarket: " + market + "\n";
        ExperimentSpec spec = new ExperimentLoader().load("t.yaml", yaml, Path.of("."));
        return new GridMarket(1, spec, new Workload("hand-made", List.of(), List.of(jobs), Map.of()));
    }

    private static final String TWO_SITES = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
            + "{name: s2, machines: [{name: m2, nodes: 4}]}]";

    private static JobOutcome outcome(RunResult r, long id) {
        return r.outcomes().stream().filter(o -> o.job().id() == id).findFirst().orElseThrow();
    }

    /** A on m1 to 1000; B on m2, planned to 1000 but ends at 100; C waits for 1000 on m1. */
    private static Job[] holeOnTheOtherMachine() {
        return new Job[] {job(0, 0, 4, 1000, 1000, 0), job(1, 0, 4, 1000, 100, 0), job(2, 1, 4, 500, 500, 0)};
    }

    @Test
    void rebiddingSwapsToAStrictlyBetterOfferAndReleasesTheOldNodes() {
        GridMarket compress = model(TWO_SITES, "{mf: MF1, uf: UF1, rescheduling: compress}",
                holeOnTheOtherMachine());
        RunResult c = HeadlessRun.run(compress);
        assertEquals(1000, outcome(c, 3).start(), "compression alone cannot cross machines");
        assertEquals("m1", outcome(c, 3).machine());

        GridMarket rebid = model(TWO_SITES, "{mf: MF1, uf: UF1, rescheduling: rebid}", holeOnTheOtherMachine());
        rebid.start();
        while (rebid.schedule.getTime() < 100) { // through the instant at which B ends
            rebid.schedule.step(rebid);
        }
        assertTrue(rebid.owners().get(0).schedule().reservations().isEmpty(), "C's old reservation on m1 is gone");
        while (rebid.schedule.step(rebid)) {
            // to the end
        }
        rebid.finish();
        JobOutcome o = rebid.ledger().outcomes().stream().filter(x -> x.job().id() == 3).findFirst().orElseThrow();
        assertEquals(100, o.start(), "C moved to the hole on m2");
        assertEquals("m2", o.machine());
        Trade t = rebid.trades().get(2);
        assertEquals(1, t.swaps());
        assertEquals(100L, t.promisedStart(), "the promise is the offer it holds");
        assertEquals(6, c.trades().get(2).messages(), "ask and answer at home and at the peer, accept, release");
        assertEquals(6 + 6 + 1, t.messages(), "the re-bid's round and the release of the old reservation count");
    }

    @Test
    void rebiddingNeverSwapsToAnOfferThatIsOnlyAsGood() {
        GridMarket rebid = model(TWO_SITES, "{mf: MF1, uf: '0', rescheduling: rebid}", holeOnTheOtherMachine());
        RunResult r = HeadlessRun.run(rebid);
        assertEquals(0, r.trades().get(2).swaps(), "every offer has the same utility: no swap");
        assertEquals(6 + 6, r.trades().get(2).messages(), "a re-bid that changes nothing still costs its round");
        assertEquals("m1", outcome(r, 3).machine());
    }

    @Test
    void aJobWiderThanEveryMachineIsCoAllocatedAndItsPartsRunTogether() {
        Job wide = job(0, 0, 6, 100, 80, 0);
        Job blocker = job(1, 0, 1, 300, 300, 1);
        RunResult r = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1, overhead: 0.5}", wide, blocker));
        List<JobOutcome> parts = r.outcomes().stream().filter(o -> o.job().id() == 1).toList();
        assertEquals(2, parts.size(), "one part per machine");
        assertEquals(parts.get(0).start(), parts.get(1).start());
        assertEquals(parts.get(0).end(), parts.get(1).end());
        assertEquals(0, parts.get(0).start(), "both machines hold 3 + 3 or 4 + 2 nodes at once");
        assertEquals(120, parts.get(0).end(), "run time 80 stretched by p = 0.5");
        assertEquals(6, parts.stream().mapToInt(o -> o.nodeIds().length).sum());
        parts.forEach(o -> assertEquals(2, o.spread()));
        Offer won = r.trades().get(0).accepted();
        assertTrue(won.coAllocated());
        assertEquals(won.parts().stream().mapToDouble(p -> p.price()).sum(), won.jobCost(), 1e-9,
                "JobCost is the sum of the parts' prices");

        RunResult off = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1, coAllocation: 'off'}", wide, blocker));
        assertEquals("needs 6 nodes but the widest reachable machine has 4", outcome(off, 1).reason());
        assertEquals(RejectionReason.TOO_WIDE, outcome(off, 1).rejection().reason());
    }

    @Test
    void coAllocationAlwaysCompetesOnUtility() {
        // m1 is busy until 1000 with 3 nodes; m2 with 2 nodes until 500: a 3-node job fits nowhere alone before
        // 500, but 1 + 2 nodes are free at once.
        Job[] jobs = {job(0, 0, 3, 1000, 1000, 0), job(1, 0, 2, 500, 500, 1), job(2, 1, 3, 100, 100, 0)};
        RunResult needed = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1}", jobs));
        assertEquals(500, outcome(needed, 3).start(), "needed: the job fits on one machine, so it waits");
        RunResult always = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1, coAllocation: always}", jobs));
        assertEquals(1, outcome(always, 3).start(), "always: the co-allocated offer starts earlier, UF1 takes it");
        assertEquals(2, always.outcomes().stream().filter(o -> o.job().id() == 3).count());
    }

    @Test
    void anOwnerReturnsItsBestAffordableOfferNotItsBestOneOverBudget() {
        // Per node, prices fall to 0 at start 100 and rise again: the first job (3 nodes, 33 at start 0) is within the
        // budget; for the second (1 node) the earliest start costs 100, a later one 0.
        Job[] jobs = {job(0, 0, 3, 200, 200, 0), job(1, 0, 1, 10, 10, 0)};
        String market = "{mf: 'abs(100 - StartTime) / NumberOfProcessors', uf: UF1, jobBudget: 50, searchTime: 0, startTimes: 3}";
        RunResult r = HeadlessRun.run(model("machines: [{name: m1, nodes: 4}]", market, jobs));
        JobOutcome o = outcome(r, 2);
        assertTrue(o.completed(), "an affordable offer existed: " + o.reason());
        assertEquals(100, o.start());
        assertEquals(0, r.trades().get(1).price(), 1e-9);
    }

    @Test
    void aRejectionNamesTheWidestMachineReachableNotOnlyThoseAsked() {
        String grid = "sites: [{name: s1, machines: [{name: m1, nodes: 32}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 64}]}]";
        RunResult r = HeadlessRun.run(model(grid, "{mf: MF1, uf: UF1, directory: true, coAllocation: 'off'}",
                job(0, 0, 100, 10, 10, 0)));
        assertEquals("needs 100 nodes but the widest reachable machine has 64", outcome(r, 1).reason());
    }

    @Test
    void offersOfOneMachineInOneRoundAreDistinct() {
        GridMarket m = model("machines: [{name: m1, nodes: 8}]", "{mf: MF2, uf: UF2, offersPerMachine: 20, "
                + "nodeSets: 8, startTimes: 5, windows: 8}", job(0, 0, 5, 300, 300, 0), job(1, 0, 2, 100, 50, 0),
                job(2, 1, 4, 200, 200, 0), job(3, 2, 2, 50, 50, 0));
        List<Integer> rounds = new ArrayList<>();
        m.setMarketObserver((origin, request, offers, winner, now) -> {
            Set<String> seen = new HashSet<>();
            for (Offer o : offers) {
                assertTrue(seen.add(o.startTime() + java.util.Arrays.toString(o.parts().get(0).placement().nodes())),
                        "offered twice: " + o);
            }
            rounds.add(offers.size());
        });
        HeadlessRun.run(m);
        assertEquals(4, rounds.size());
        assertTrue(rounds.stream().anyMatch(n -> n > 1), "several offers per round were compared");
    }

    @Test
    void withLatencyNoJobIsRejectedForBudgetsItNeverHadNorAcceptedAfterItsDeadline() {
        String grid = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}]}]";
        Job[] jobs = {job(0, 0, 4, 100, 100, 0), job(1, 0, 4, 100, 100, 1), job(2, 0, 4, 100, 100, 0),
                job(3, 5, 2, 100, 100, 1)};
        GridMarket m = model(grid, "{mf: MF1, uf: UF1, latency: 30, searchTime: 40}", jobs);
        m.setMarketObserver((origin, request, offers, winner, now) -> {
            if (winner != null) {
                assertTrue(now <= request.searchDeadline(), "accepted after the deadline: " + request);
            }
        });
        RunResult r = HeadlessRun.run(m);
        for (JobOutcome o : r.outcomes()) {
            assertFalse(o.reason().contains("budget"), o.reason());
        }
        assertTrue(r.outcomes().stream().anyMatch(o -> !o.completed()), "a 60 s round trip misses a 40 s search");
    }

    @Test
    void aWaitingRequestIsTriedAgainOnlyAfterAChangeOfTheSchedules() {
        // A (4 nodes) is within the budget; for a 1-node job every offer before 1900 costs more: B, C and D wait. Arrivals at 20 and 30 change no
        // schedule, so B is not tried then; A's end at 1000 is a change.
        Job[] jobs = {job(0, 0, 4, 1000, 1000, 0), job(1, 10, 1, 10, 10, 0), job(2, 20, 1, 10, 10, 0),
                job(3, 30, 1, 10, 10, 0)};
        GridMarket m = model("machines: [{name: m1, nodes: 4}]",
                "{mf: 'abs(2000 - StartTime) / NumberOfProcessors^3', uf: UF1, jobBudget: 100, searchTime: 5000, "
                        + "rescheduling: none}",
                jobs);
        List<Long> roundsOfB = new ArrayList<>();
        m.setMarketObserver((origin, request, offers, winner, now) -> {
            if (request.job().id() == 2) {
                roundsOfB.add(now);
            }
        });
        RunResult r = HeadlessRun.run(m);
        assertEquals(List.of(10L, 1000L), roundsOfB);
        assertEquals("no acceptable offer within the search time (budgets)", outcome(r, 2).reason());
    }

    @Test
    void aCoAllocatedJobMovesUpAsAWholeWhenAPartsMachineFreesEarly() {
        // A holds m1 until 1000 (really 100); B holds 2 nodes of m2 until 500. W (6 nodes) is promised 1000 on
        // m1 (4) + m2 (2); when A ends at 100, both parts can start then.
        Job[] jobs = {job(0, 0, 4, 1000, 100, 0), job(1, 0, 2, 500, 500, 1), job(2, 1, 6, 200, 200, 0)};
        RunResult none = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1, rescheduling: none}", jobs));
        assertEquals(1000, outcome(none, 3).start());
        RunResult compress = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1}", jobs));
        List<JobOutcome> parts = compress.outcomes().stream().filter(o -> o.job().id() == 3).toList();
        assertEquals(2, parts.size());
        for (JobOutcome o : parts) {
            assertEquals(100, o.start(), "both parts move together: " + o);
            assertEquals(300, o.end());
        }
        assertEquals(1000L, compress.trades().get(2).promisedStart(), "the promise stays what was accepted");
    }

    @Test
    void aJobNoAllowedSplitCanHoldIsRejectedAtOnce() {
        String grid = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}]}, {name: s3, machines: [{name: m3, nodes: 2}]}]";
        GridMarket m = model(grid, "{mf: MF1, uf: UF1, maxMultiSite: 2}", job(0, 0, 9, 100, 100, 0));
        List<Long> rounds = new ArrayList<>();
        m.setMarketObserver((origin, request, offers, winner, now) -> rounds.add(now));
        RunResult r = HeadlessRun.run(m);
        assertEquals(List.of(0L), rounds, "one round, no waiting");
        assertTrue(outcome(r, 1).reason().startsWith("needs 9 nodes but no split of the reachable machines"),
                outcome(r, 1).reason());
        RunResult three = HeadlessRun.run(model(grid, "{mf: MF1, uf: UF1, maxMultiSite: 3}", job(0, 0, 9, 100, 100, 0)));
        assertTrue(outcome(three, 1).completed(), "three machines may hold it");
    }
}
