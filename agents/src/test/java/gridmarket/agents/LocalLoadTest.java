package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Local load beside the grid on hand-made cases, each start worked out by hand: a machine's local job delays a grid
 * job under local EASY, EASY and conservative job-sharing and the market, and a market owner's compression moves the
 * market's reservations but never a local one. The local jobs are given as machines' own traces (the workload's
 * {@code tracedLocal}), so which jobs are local is fixed by hand.
 */
class LocalLoadTest {
    @TempDir
    Path dir;

    /** A job of site {@code site}: id = order + 1. */
    private static Job job(int order, long submit, int nodes, long estimate, long runTime, int site) {
        return new Job(order + 1, order, submit, runTime, estimate, nodes, 1, 1, estimate, 0, site);
    }

    private static Job job(int order, long submit, int nodes, long estimate, long runTime) {
        return job(order, submit, nodes, estimate, runTime, 0);
    }

    private static final String ONE = "machines: [{name: m1, nodes: 4}]";
    private static final String TWO = "sites: [{name: s1, machines: [{name: m1, nodes: 4}, {name: m2, nodes: 4}]}]";

    /**
     * @param local job order to the machine it is local to
     */
    private RunResult run(String grid, String strategy, String localPolicy, Map<Integer, String> local, Job... jobs)
            throws IOException {
        String yaml = "name: t\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, load: 0.5, "
                + "meanRunTime: 100}}\n" + grid + "\n" + strategy + "\nlocalLoad: {share: 0, policy: " + localPolicy
                + "}\n";
        ExperimentSpec spec = new ExperimentLoader().load("t.yaml", yaml, dir);
        return HeadlessRun.run(new GridMarket(1, spec, new Workload("hand-made", List.of(), List.of(jobs), Map.of(),
                local)));
    }

    private static JobOutcome outcome(RunResult r, long id) {
        return r.outcomes().stream().filter(o -> o.job().id() == id).findFirst().orElseThrow();
    }

    /**
     * One 4-node machine under local EASY: grid job G (order 0, 4 nodes, 100 s) and local job L (order 1, 4 nodes,
     * 100 s) both arrive at 0. The local queue passes first in an instant, so L takes the machine at 0 although G is
     * first in the workload; G, which sees L only as busy nodes, starts at L's end, 100. Without the local load G
     * would have started at 0.
     */
    @Test
    void aLocalJobDelaysAGridJobUnderLocalEasy() throws IOException {
        Job g = job(0, 0, 4, 100, 100);
        Job l = job(1, 0, 4, 100, 100);
        RunResult r = run(ONE, "strategy: local\npolicy: easy", "fcfs", Map.of(1, "m1"), g, l);
        assertEquals(0, outcome(r, 2).start());
        assertEquals(100, outcome(r, 1).start());
        assertEquals(Set.of(1), r.localJobs());
        RunResult alone = run(ONE, "strategy: local\npolicy: easy", "fcfs", Map.of(), g, l);
        assertEquals(0, outcome(alone, 1).start(), "without local load the workload's order holds");
    }

    /**
     * Two 4-node machines under EASY job-sharing: local L1 (m1, 4 nodes, 100 s) and L2 (m2, 4 nodes, 200 s) arrive at
     * 0 and take both machines; grid job G (3 nodes, 50 s) arrives at 5 and waits for the first machine the local
     * jobs free: m1 at 100. The grid scheduler gets a pass at L1's end although L1 is not its job.
     */
    @Test
    void aLocalJobDelaysAGridJobUnderEasyJobSharing() throws IOException {
        RunResult r = run(TWO, "strategy: jobsharing\npolicy: easy", "fcfs", Map.of(0, "m1", 1, "m2"),
                job(0, 0, 4, 100, 100), job(1, 0, 4, 200, 200), job(2, 5, 3, 50, 50));
        JobOutcome g = outcome(r, 3);
        assertEquals("m1", g.machine());
        assertEquals(100, g.start());
        assertEquals("m2", outcome(r, 2).machine());
    }

    /**
     * Conservative job-sharing on two 4-node machines: G1 (4 nodes, 100 s) and G2 (4 nodes, 200 s) start at 0 on m1
     * and m2; G3 (4 nodes, 100 s, at 1) is reserved on m1 at 100, the earlier machine. Local job L (m1, 4 nodes,
     * 300 s) arrives at 50 and waits in m1's local queue; at 100 G1 ends and the local queue, passing first, starts L
     * on m1. G3's reservation is broken by the local job: the grid re-plans and reserves G3 on m2 at 200, where it
     * starts.
     */
    @Test
    void aLocalJobTakesAConservativeGridReservationsNodes() throws IOException {
        RunResult r = run(TWO, "strategy: jobsharing\npolicy: conservative", "fcfs", Map.of(3, "m1"),
                job(0, 0, 4, 100, 100), job(1, 0, 4, 200, 200), job(2, 1, 4, 100, 100), job(3, 50, 4, 300, 300));
        JobOutcome l = outcome(r, 4);
        assertEquals("m1", l.machine());
        assertEquals(100, l.start());
        JobOutcome g3 = outcome(r, 3);
        assertEquals("m2", g3.machine());
        assertEquals(200, g3.start());
        RunResult alone = run(TWO, "strategy: jobsharing\npolicy: conservative", "fcfs", Map.of(),
                job(0, 0, 4, 100, 100), job(1, 0, 4, 200, 200), job(2, 1, 4, 100, 100), job(3, 50, 4, 300, 300));
        assertEquals(100, outcome(alone, 3).start(), "without local load G3 keeps its reservation on m1");
        assertEquals("m1", outcome(alone, 3).machine());
    }

    /**
     * The market on one 4-node machine, rescheduling none: G1 (4 nodes, 100 s) is promised 0; local job L (4 nodes,
     * 100 s, at 5) is reserved by the owner at its earliest start, 100; G2 (4 nodes, 50 s, at 6) is offered only the
     * start after L, 200. Without the local job, G2 would start at 100.
     */
    @Test
    void aLocalJobDelaysAGridJobInTheMarket() throws IOException {
        String market = "strategy: market\nmarket: {mf: MF1, uf: UF1, rescheduling: none}";
        Job g1 = job(0, 0, 4, 100, 100);
        Job l = job(1, 5, 4, 100, 100);
        Job g2 = job(2, 6, 4, 50, 50);
        RunResult r = run(ONE, market, "fcfs", Map.of(1, "m1"), g1, l, g2);
        assertEquals(100, outcome(r, 2).start());
        assertEquals(200, outcome(r, 3).start());
        assertEquals(200L, r.trades().get(2).promisedStart());
        assertTrue(!r.trades().containsKey(1), "a local job makes no trade");
        RunResult alone = run(ONE, market, "fcfs", Map.of(), g1, job(1, 6, 4, 50, 50));
        assertEquals(100, outcome(alone, 2).start(), "without the local job G2 comes second");
    }

    /**
     * As above, but G1 ends at 10, long before its estimate, and the owner compresses: G2's reservation (200) moves
     * to 10, the earliest start with room for its 50 s before L; L's reservation stays at 100, where a movable one
     * would have moved to 60 (after G2). The local job starts where it was reserved when it arrived.
     */
    @Test
    void compressionNeverMovesALocalReservation() throws IOException {
        String market = "strategy: market\nmarket: {mf: MF1, uf: UF1, rescheduling: compress}";
        RunResult r = run(ONE, market, "fcfs", Map.of(1, "m1"), job(0, 0, 4, 100, 10), job(1, 5, 4, 100, 100),
                job(2, 6, 4, 50, 50));
        assertEquals(10, outcome(r, 3).start(), "the market's reservation moves up");
        assertEquals(100, outcome(r, 2).start(), "the local one does not");
    }

    /**
     * Local FCFS in the market reserves a local job no earlier than the machine's previous local job; local EASY
     * reserves it in the earliest hole. G (2 nodes, 100 s) is promised 0, leaving two nodes idle; local L1 (4 nodes,
     * 100 s, at 1) is reserved at 100; local L2 (2 nodes, 50 s, at 2) fits in the hole beside G at once under EASY
     * ([2, 52), before L1), but under FCFS not before L1's start, and L1 holds every node to 200: L2 gets 200.
     */
    @Test
    void localFcfsKeepsTheLocalOrderInTheMarketAndEasyBackfills() throws IOException {
        String market = "strategy: market\nmarket: {mf: MF1, uf: UF1, rescheduling: none}";
        Job[] jobs = {job(0, 0, 2, 100, 100), job(1, 1, 4, 100, 100), job(2, 2, 2, 50, 50)};
        RunResult easy = run(ONE, market, "easy", Map.of(1, "m1", 2, "m1"), jobs);
        assertEquals(100, outcome(easy, 2).start());
        assertEquals(2, outcome(easy, 3).start(), "EASY: in the hole beside G, at once");
        RunResult fcfs = run(ONE, market, "fcfs", Map.of(1, "m1", 2, "m1"), jobs);
        assertEquals(100, outcome(fcfs, 2).start());
        assertEquals(200, outcome(fcfs, 3).start(), "FCFS: not before L1, which holds every node to 200");
    }

    /** A local job wider than its machine is rejected, with its reason, under the queues and in the market alike. */
    @Test
    void aLocalJobWiderThanItsMachineIsRejected() throws IOException {
        for (String strategy : List.of("strategy: jobsharing\npolicy: easy",
                "strategy: market\nmarket: {mf: MF1, uf: UF1}")) {
            RunResult r = run(TWO, strategy, "fcfs", Map.of(0, "m2"), job(0, 0, 6, 100, 100),
                    job(1, 0, 2, 100, 100));
            JobOutcome wide = outcome(r, 1);
            assertEquals(RejectionReason.TOO_WIDE, wide.rejection().reason(), strategy);
            assertEquals("needs 6 nodes but machine m2 has 4", wide.reason(), strategy);
            assertTrue(outcome(r, 2).completed(), strategy);
        }
    }

    /**
     * Which jobs are local depends on the seed and the jobs' numbers only: the same under every strategy, a share of
     * about {@code share} of them, and others under another seed.
     */
    @Test
    void theSameJobsAreLocalUnderEveryStrategy() throws IOException {
        Job[] jobs = new Job[2000];
        for (int i = 0; i < jobs.length; i++) {
            jobs[i] = job(i, i * 50L, 1 + i % 4, 100, 30 + i % 70, i % 2);
        }
        String twoSites = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}]}]";
        Set<Integer> js = localOf(twoSites, "strategy: jobsharing\npolicy: easy", 1, jobs);
        Set<Integer> market = localOf(twoSites, "strategy: market\nmarket: {mf: MF1, uf: UF1}", 1, jobs);
        assertEquals(js, market);
        assertTrue(js.size() > 540 && js.size() < 660, "about 30 % of 2000: " + js.size());
        assertNotEquals(js, localOf(twoSites, "strategy: jobsharing\npolicy: easy", 2, jobs), "another seed");
    }

    private Set<Integer> localOf(String grid, String strategy, long seed, Job... jobs) throws IOException {
        String yaml = "name: t\nseed: " + seed + "\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, "
                + "load: 0.5, meanRunTime: 100}}\n" + grid + "\n" + strategy + "\nlocalLoad: {share: 0.3}\n";
        ExperimentSpec spec = new ExperimentLoader().load("t.yaml", yaml, dir);
        RunResult r = HeadlessRun.run(new GridMarket(seed, spec, new Workload("hand-made", List.of(),
                List.of(jobs), Map.of())));
        assertEquals(jobs.length, r.outcomes().stream().map(JobOutcome::job).distinct().count(), "every job ends");
        return r.localJobs();
    }
}
