package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults an independent check of the market found, each on a hand-made case that failed before its fix: parts of a
 * co-allocated job on machines of different speeds, a split no group of combinable machines can hold, a request
 * refused for its budgets with no search time, and the ReservationBudget over a request's life.
 */
class MarketFaultsTest {
    private static Job job(int order, long submit, int nodes, long estimate, long runTime, int site) {
        return new Job(order + 1, order, submit, runTime, estimate, nodes, 1, 1, estimate, 0, site);
    }

    private static GridMarket model(String grid, String market, Path dir, Job... jobs) {
        String yaml = "name: t\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, load: 0.5, "
                + "meanRunTime: 100}}\n" + grid + "\nstrategy: market\nmarket: " + market + "\n";
        ExperimentSpec spec = new ExperimentLoader().load(dir.resolve("t.yaml").toString(), yaml, dir);
        return new GridMarket(1, spec, new Workload("hand-made", List.of(), List.of(jobs), Map.of()));
    }

    private static JobOutcome outcome(RunResult r, long id) {
        return r.outcomes().stream().filter(o -> o.job().id() == id).findFirst().orElseThrow();
    }

    /** m1 runs at the trace's speed, m2 twice as fast: a job runs 100 s on m1 and 50 s on m2. */
    private static final String TWO_SPEEDS = "sites: [{name: s1, machines: [{name: m1, nodes: 4, speed: 1}]}, "
            + "{name: s2, machines: [{name: m2, nodes: 4, speed: 2}]}]";

    @Test
    void aJobIsNeverSplitOverMachinesOnWhichItRunsForDifferentTimes() {
        // Before: parts planned with m1's 100 s, m2's part ran 50 s: the parts ended apart.
        RunResult r = HeadlessRun.run(model(TWO_SPEEDS, "{mf: MF1, uf: UF1}", Path.of("."),
                job(0, 0, 6, 100, 100, 0)));
        JobOutcome o = outcome(r, 1);
        assertEquals(RejectionReason.TOO_WIDE, o.rejection().reason(), o.toString());
        assertTrue(o.reason().startsWith("needs 6 nodes but no group of reachable machines it may combine"),
                o.reason());
    }

    @Test
    void onMachinesOfOneSpeedTheSplitStillHappensAndItsPartsEndTogether() {
        String same = TWO_SPEEDS.replace("speed: 2", "speed: 2").replace("speed: 1", "speed: 2");
        RunResult r = HeadlessRun.run(model(same, "{mf: MF1, uf: UF1}", Path.of("."), job(0, 0, 6, 100, 80, 0)));
        List<JobOutcome> parts = r.outcomes().stream().filter(o -> o.job().id() == 1).toList();
        assertEquals(2, parts.size());
        assertEquals(parts.get(0).start(), parts.get(1).start());
        assertEquals(parts.get(0).end(), parts.get(1).end());
        assertEquals(40, parts.get(0).end() - parts.get(0).start(), "80 s at speed 2");
    }

    @Test
    void aRequestNoCombinableGroupCanHoldIsRejectedAtOnceNotRetriedUntilTheEnd() {
        // Before: it waited for a change, and each change (B's end) gave it another round of messages.
        GridMarket m = model(TWO_SPEEDS, "{mf: MF1, uf: UF1}", Path.of("."), job(0, 0, 6, 100, 100, 0),
                job(1, 0, 2, 500, 500, 0), job(2, 10, 1, 50, 50, 1));
        List<Long> rounds = new ArrayList<>();
        m.setMarketObserver((origin, request, offers, winner, now) -> {
            if (request.job().id() == 1) {
                rounds.add(now);
            }
        });
        RunResult r = HeadlessRun.run(m);
        assertEquals(List.of(0L), rounds, "one round");
        assertEquals(RejectionReason.TOO_WIDE, outcome(r, 1).rejection().reason());
    }

    @Test
    void aRequestLeftOverItsBudgetWhenTheRunEndsIsRejectedForItsBudget() {
        // No search time: the request waits until the run has no events left. Before: "simulation_ended".
        RunResult r = HeadlessRun.run(model("machines: [{name: m1, nodes: 4}]", "{mf: MF1, uf: UF1, jobBudget: 10}",
                Path.of("."), job(0, 0, 4, 100, 100, 0)));
        JobOutcome o = outcome(r, 1);
        assertEquals(RejectionReason.OVER_BUDGET, o.rejection().reason(), o.reason());
    }

    @Test
    void aReservationBudgetCoversEveryReservationOfARequestSwapsIncluded() {
        // Each reservation costs 6 and the budget is 10: the first reservation fits; a swap would reserve a second
        // (12 in all). Before, a re-bid swap reserved past the budget.
        String grid = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}]}]";
        String market = "{mf: MF1, uf: UF1, rescheduling: rebid, reservationCost: 6, reservationBudget: 10}";
        Job[] jobs = {job(0, 0, 4, 1000, 1000, 0), job(1, 0, 4, 1000, 100, 0), job(2, 1, 4, 500, 500, 0)};
        RunResult capped = HeadlessRun.run(model(grid, market, Path.of("."), jobs));
        assertEquals(0, capped.trades().get(2).swaps(), "a swap would spend 12 of 10");
        RunResult free = HeadlessRun.run(model(grid, market.replace("reservationBudget: 10", "reservationBudget: 12"),
                Path.of("."), jobs));
        assertEquals(1, free.trades().get(2).swaps(), "with 12 the swap is affordable, so the cap is what stops it");
    }

    @Test
    void reBiddingOnSitesThatCannotReachEachOtherRuns() {
        // Each site its own island: an owner's idle nodes are announced only where they can be heard. Before, the
        // announcement to the other island stopped the run ("domain 1 is not reachable from 0").
        String grid = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}]}]";
        RunResult r = HeadlessRun.run(model(grid, "{mf: MF1, uf: UF1, rescheduling: rebid, hops: 0, "
                + "peers: {s1: [], s2: []}}", Path.of("."), job(0, 0, 4, 1000, 100, 0), job(1, 0, 4, 500, 500, 0),
                job(2, 0, 4, 1000, 100, 1), job(3, 0, 4, 500, 500, 1)));
        assertEquals(4, r.outcomes().stream().filter(JobOutcome::completed).count());
    }

    @Test
    void anOwnerStrategysPriceThatIsNoPriceStopsTheRunNamingIt() {
        // A plug-in's strategy is held to what formula pricing is: finite and >= 0; and -0.0 is 0.
        gridmarket.sim.machine.MachineSchedule m = new gridmarket.sim.machine.MachineSchedule(
                new gridmarket.sim.machine.Machine("m1", 0, 4));
        gridmarket.market.OfferGenerator search = new gridmarket.market.OfferGenerator(
                new gridmarket.market.OfferSettings(4, 3, 8, 1));
        gridmarket.market.Request request = RoleFixture.request(job(0, 0, 2, 100, 100, 0), 0, "UF1", 1);
        for (double bad : new double[] {Double.NaN, -5, Double.POSITIVE_INFINITY}) {
            OfferDesk desk = new OfferDesk(0, m, (r, p, now) -> bad, search, 1, 0, 0, 1);
            gridmarket.market.FormulaException e = org.junit.jupiter.api.Assertions.assertThrows(
                    gridmarket.market.FormulaException.class, () -> desk.offers(request, 0, 0));
            assertTrue(e.getMessage().startsWith("machine m1, job 1: its owner strategy (") && e.getMessage()
                    .contains("gave the price " + bad), e.getMessage());
        }
        OfferDesk zero = new OfferDesk(0, m, (r, p, now) -> -0.0, search, 1, 0, 0, 1);
        assertEquals(0, Double.compare(0.0, zero.offers(request, 0, 0).offers().get(0).jobCost()));
    }
}
