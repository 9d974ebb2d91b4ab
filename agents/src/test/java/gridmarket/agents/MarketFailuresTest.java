package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.failure.FailureMeasures;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Piece;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The market under node failures on hand-made cases, each start worked out by hand: a failure kills a running job
 * and breaks a reservation, the owner tells both users, and each asks the market again.
 */
class MarketFailuresTest {
    @TempDir
    Path dir;

    /** A job of site 0: id = order + 1. */
    private static Job job(int order, long submit, int nodes, long estimate, long runTime) {
        return new Job(order + 1, order, submit, runTime, estimate, nodes, 1, 1, estimate, 0, 0);
    }

    private static final String TWO_SITES = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
            + "{name: s2, machines: [{name: m2, nodes: 4}]}]";

    private static final String MARKET = "{mf: MF1, uf: UF1, rescheduling: none}";

    private GridMarket model(String failures, String maintenance, long checkpoint, Job... jobs) throws IOException {
        return model(TWO_SITES, MARKET, failures, maintenance, checkpoint, jobs);
    }

    private GridMarket model(String grid, String market, String failures, String maintenance, long checkpoint,
                             Job... jobs) throws IOException {
        String keys = "";
        if (failures != null) {
            Files.writeString(dir.resolve("failures.csv"), "machine,nodes,start,end\n" + failures);
            keys = "  trace: " + dir.resolve("failures.csv") + "\n";
        }
        String maint = "";
        if (maintenance != null) {
            Files.writeString(dir.resolve("maintenance.csv"), "machine,nodes,start,end\n" + maintenance);
            maint = "  maintenance: " + dir.resolve("maintenance.csv") + "\n";
        }
        String yaml = "name: t\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, load: 0.5, "
                + "meanRunTime: 100}}\n" + grid + "\nstrategy: market\n"
                + "market: " + market + "\n"
                + "failures:\n" + keys + maint + "  checkpoint: " + checkpoint + "\n";
        ExperimentSpec spec = new ExperimentLoader().load("t.yaml", yaml, dir);
        return new GridMarket(1, spec, new Workload("hand-made", List.of(), List.of(jobs), Map.of()));
    }

    /** A one-node job submitted at 3000, on its own then: the run lasts past the failures. */
    private static final Job LATE = job(3, 3000, 1, 10, 10);

    private static JobOutcome outcome(RunResult r, long id) {
        return r.outcomes().stream().filter(o -> o.job().id() == id).findFirst().orElseThrow();
    }

    /**
     * A (4 nodes, 1000 s) starts at 0 on m1 (both machines idle: the lower index wins the tie); B (4 nodes, 1000 s)
     * at 0 on m2; C (4 nodes, 500 s, submitted at 10) is promised m1 at 1000 (both machines are free then; m1 wins
     * the tie). m1 fails wholly at 100 until 1200: A is killed after 100 s (400 node-s lost) and C's reservation,
     * which would start before the repair, is broken. Both ask again at 100, A first (its notice was sent first):
     * A gets m2 at 1000 (m1 is down until 1200), to 2000; then C gets m1 at 1200 (m2 is A's until 2000), to 1700:
     * one promise broken, by 1200 - 1000 = 200 s.
     */
    @Test
    void aFailureKillsARunningJobAndBreaksAReservationAndBothUsersAskAgain() throws IOException {
        RunResult r = HeadlessRun.run(model("m1,all,100,1200\n", null, 0,
                job(0, 0, 4, 1000, 1000), job(1, 0, 4, 1000, 1000), job(2, 10, 4, 500, 500), LATE));
        JobOutcome a = outcome(r, 1);
        assertEquals("m2", a.machine());
        assertEquals(List.of(new Piece(0, 100), new Piece(1000, 2000)), a.pieces());
        assertEquals(0, a.start(), "the wait is to the first start");
        assertEquals(2000, a.end());
        assertTrue(a.reason().startsWith("killed on m1 nodes 0-3 at 100 (run since 0)"), a.reason());
        JobOutcome b = outcome(r, 2);
        assertEquals("m2", b.machine());
        assertEquals(0, b.start());
        JobOutcome c = outcome(r, 3);
        assertEquals("m1", c.machine());
        assertEquals(1200, c.start());
        assertEquals(1700, c.end());
        assertEquals(1200L, r.trades().get(2).promisedStart(), "the promise is the new offer's start");
        FailureMeasures f = r.failures();
        assertEquals(1, f.outages());
        assertEquals(1, f.killed());
        assertEquals(400, f.lostNodeSeconds(), "4 nodes for 100 s");
        assertEquals(1, f.reservationsBroken());
        assertEquals(200, f.brokenDelaySeconds());
        // a round on two single-machine domains: ask and answer at home and at the peer, accept, lost (6)
        assertEquals(6 + 1 + 6, r.trades().get(0).messages(), "the first round, the Killed notice, the second");
        assertEquals(6 + 1 + 6, r.trades().get(2).messages(), "the first round, the Broken notice, the second");
        assertEquals(6, r.trades().get(1).messages(), "B was not hit");
    }

    /**
     * With 10 s per hop between the two domains a round decides when the peer's answer is back, 20 s after it began,
     * for starts 51 s after it began (5 hops of 10 s and a second); a domain prices on its schedule as the request
     * arrives. A (submitted at 0) is promised m2 at 51 (m1 prices the 51 s idle before the start from 0, m2 from 10:
     * m2 is cheaper); B (at 100) m1 at 151; C (at 200) m2 at 1051, after A (m1 is B's to 1151). m2 fails wholly at 300
     * until 1200: A is killed after 249 s (996 node-s lost) and C's reservation broken. The notices take a hop and
     * arrive at 310, where both ask again, A first: m1 answers 1151 at once, m2 its repair, 1200, at 320; at 330 A
     * takes m1 at 1151. C's round heard m1 offer 1151 too (before A's accept) and takes it, but its own owner refuses
     * it at once: C waits for a change of the schedules, B's end at 1151, and asks again for starts from 1202 (m1 is
     * A's to 2151): C starts on m2 at 1202. The promise was 1051: broken by 151 s.
     */
    @Test
    void withLatencyTheNoticesAndTheNewRoundsTakeTheirTime() throws IOException {
        RunResult r = HeadlessRun.run(model(TWO_SITES, "{mf: MF1, uf: UF1, rescheduling: none, latency: 10}",
                "m2,all,300,1200\n", null, 0, job(0, 0, 4, 1000, 1000), job(1, 100, 4, 1000, 1000),
                job(2, 200, 4, 500, 500), LATE));
        JobOutcome a = outcome(r, 1);
        assertEquals(List.of(new Piece(51, 300), new Piece(1151, 2151)), a.pieces());
        assertEquals("m1", a.machine());
        JobOutcome b = outcome(r, 2);
        assertEquals(List.of("m1", 151L, 1151L), List.of(b.machine(), b.start(), b.end()));
        JobOutcome c = outcome(r, 3);
        assertEquals(List.of("m2", 1202L), List.of(c.machine(), c.start()));
        assertEquals(996, r.failures().lostNodeSeconds());
        assertEquals(1, r.failures().reservationsBroken());
        assertEquals(151, r.failures().brokenDelaySeconds());
        assertEquals(6 + 1 + 6, r.trades().get(0).messages(), "the first round, the Killed notice, the second");
        assertEquals(3, r.trades().get(2).attempts(), "the first round, the one refused, the one after B's end");
    }

    /** As above with checkpoints every 60 s: A keeps 60 s of its run, so 940 s are left and 160 node-s lost. */
    @Test
    void aCheckpointShortensTheRestartedRequest() throws IOException {
        RunResult r = HeadlessRun.run(model("m1,all,100,1200\n", null, 60,
                job(0, 0, 4, 1000, 1000), job(1, 0, 4, 1000, 1000), job(2, 10, 4, 500, 500), LATE));
        JobOutcome a = outcome(r, 1);
        assertEquals(List.of(new Piece(0, 100), new Piece(1000, 1940)), a.pieces());
        assertEquals(1000, a.job().runTime(), "the job as the workload has it");
        assertEquals(160, r.failures().lostNodeSeconds());
        assertEquals(1200, outcome(r, 3).start(), "m2 is A's until 1940: m1 at its repair is earlier");
    }

    /**
     * On m1 alone every offer costs its start (MF 'StartTime') against a JobBudget of 500, and a request searches
     * for 0 s. A (4 nodes, 1000 s) starts at 0 (cost 0); m1 fails wholly at 100 until 1200 and kills it after 100 s
     * (400 node-s lost). A's new request searches from 100 for 0 s as its first did: m1's earliest start is its
     * repair, 1200, which costs 1200 > 500, so A is rejected at 100. Its row keeps the killed attempt: the piece
     * [0, 100) and the kill, then the rejection, in its reason; it starts and ends at its submit time, 0.
     */
    @Test
    void aKilledJobRejectedOnItsNewRequestKeepsItsKilledAttempt() throws IOException {
        RunResult r = HeadlessRun.run(model("machines: [{name: m1, nodes: 4}]",
                "{mf: 'StartTime', uf: UF1, jobBudget: 500, searchTime: 0, rescheduling: none}",
                "m1,all,100,1200\n", null, 0, job(0, 0, 4, 1000, 1000), LATE));
        JobOutcome a = outcome(r, 1);
        assertFalse(a.completed());
        assertEquals(List.of(0L, 0L), List.of(a.start(), a.end()), "a rejected job starts and ends at its submit");
        assertEquals(List.of(new Piece(0, 100)), a.pieces());
        assertEquals(1, a.kills().size());
        assertEquals("killed on m1 nodes 0-3 at 100 (run since 0); "
                + "no acceptable offer within the search time (budgets)", a.reason(), "the kill, then the rejection");
        assertEquals(1, r.failures().killed());
        assertEquals(400, r.failures().lostNodeSeconds(), "4 nodes for 100 s");
        assertEquals(0, r.failures().jobsKilled(), "only completed jobs count there");
    }

    /**
     * A maintenance window of m1 (all 4 nodes, [300, 600)) is known from the start: the owner makes no offer across
     * it. A (4 nodes, 200 s) runs at 0 to 200; B (4 nodes, 200 s, submitted at 1) would cross the window at 200, so it
     * steps over it to 600; C (1 node, 50 s, submitted at 2) fits before the window, at 200.
     */
    @Test
    void noOfferCrossesAMaintenanceWindow() throws IOException {
        RunResult r = HeadlessRun.run(model("machines: [{name: m1, nodes: 4}]", MARKET, null, "m1,all,300,600\n", 0,
                job(0, 0, 4, 200, 200), job(1, 1, 4, 200, 200), job(2, 2, 1, 50, 50), job(3, 1000, 1, 10, 10)));
        assertEquals(0, outcome(r, 1).start());
        assertEquals(600, outcome(r, 2).start(), "at 200 it would cross the window");
        assertEquals(200, outcome(r, 3).start(), "one node for 50 s fits between A and the window");
        assertEquals(0, r.failures().killed(), "the window took idle nodes");
        assertEquals(List.of(300L, 600L), List.of(r.outages().get(0).start(), r.outages().get(0).end()));
        assertEquals(4, r.outages().get(0).nodeIds().length);
        assertTrue(r.outages().get(0).planned());
    }

    @Test
    void aCheckpointOnMachinesOfOtherSpeedsIsRefused() {
        String yaml = "name: t\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, load: 0.5, "
                + "meanRunTime: 100}}\nmachines: [{name: m1, nodes: 4, speed: 2}]\nstrategy: market\n"
                + "failures:\n  checkpoint: 60\n  models: [{between: {mean: 1000}, repair: {mean: 100}}]\n";
        ConfigException e = assertThrows(ConfigException.class,
                () -> new ExperimentLoader().load("t.yaml", yaml, dir));
        assertTrue(e.getMessage().contains("failures.checkpoint: 60 (machine m1 has speed 2.0)"), e.getMessage());
    }
}
