package gridmarket.sim.policy;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.PoissonWorkloadGenerator;
import gridmarket.sim.workload.PoissonWorkloadGenerator.ProcessorDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Seed 004's schemes on queues worked out by hand, and the equalities the paper states: FPLPFS = LPFS (Sect. 3.3),
 * FPFS with WaitLimit 0 = FCFS (Sect. 4.2). Jobs: (submit, nodes, runTime); the schemes never see run times.
 */
class SpaceSharingSchedulerTest {

    /** Job id (1-based, in the order given) to start time. */
    static Map<Long, Long> starts(Scheduler policy, int nodes, List<Job> jobs) {
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        JobLedger ledger = new JobLedger();
        LocalScheduler scheduler = new LocalScheduler(new MachineSchedule(new Machine("m1", 0, nodes)), policy, clock,
                ledger);
        new JobSubmitter(jobs, scheduler, clock).start();
        while (state.schedule.step(state)) {
            // run to the end
        }
        Map<Long, Long> out = new TreeMap<>();
        for (JobOutcome o : ledger.outcomes()) {
            assertEquals(true, o.completed(), "job " + o.job().id() + " completed");
            out.put(o.job().id(), o.start());
        }
        assertEquals(jobs.size(), out.size(), "every job has an outcome");
        return out;
    }

    static List<Job> jobs(long[][] rows) {
        List<Job> list = new ArrayList<>();
        for (long[] j : rows) {
            list.add(new Job(list.size() + 1, list.size(), j[0], j[2], j[2], (int) j[1], 1, 1, j[2]));
        }
        return list;
    }

    private static Map<Long, Long> starts(Policy p, WaitLimit limit, int nodes, long[][] rows) {
        return starts(p.newScheduler(limit), nodes, jobs(rows));
    }

    private static Map<Long, Long> expect(long... startTimes) {
        Map<Long, Long> m = new TreeMap<>();
        for (int i = 0; i < startTimes.length; i++) {
            m.put(i + 1L, startTimes[i]);
        }
        return m;
    }

    /** A 10-node machine full until 100; then A (2 nodes), B (9) and C (4) wait, in that arrival order. */
    private static final long[][] SEARCH = {{0, 10, 100}, {1, 2, 40}, {2, 9, 50}, {3, 4, 30}};

    @Test
    void fcfsStopsAtTheFirstJobThatDoesNotFit() {
        // At 100: A starts (8 idle), B does not fit, so C waits too. A ends at 140: B (9)? only 8 idle: C fits? FCFS
        // waits for B, which fits at 140 (10 idle); C at 190 when B ends.
        assertEquals(expect(0, 100, 140, 190), starts(Policy.FCFS, WaitLimit.NONE, 10, SEARCH));
    }

    @Test
    void fpfsDispatchesEveryJobThatFits() {
        // At 100: A (2), B does not fit, C (4) fits. B needs 9: at 140 A ends (6 idle), at 130 C ends... C ends 130
        // (4 idle + 0), A ends 140 -> 10 idle: B at 140.
        assertEquals(expect(0, 100, 140, 100), starts(Policy.FPFS, WaitLimit.NONE, 10, SEARCH));
    }

    @Test
    void mpfsDispatchesTheWidestFirst() {
        // Queue sorted widest first: B (9), C (4), A (2). At 100 B starts; C does not fit and MPFS stops at the head.
        // B ends at 150: C and A start.
        assertEquals(expect(0, 150, 100, 150), starts(Policy.MPFS, WaitLimit.NONE, 10, SEARCH));
    }

    @Test
    void lpfsDispatchesTheNarrowestFirst() {
        // Sorted A (2), C (4), B (9): A and C start at 100; B waits until both ended: C at 130, A at 140.
        assertEquals(expect(0, 100, 140, 100), starts(Policy.LPFS, WaitLimit.NONE, 10, SEARCH));
    }

    @Test
    void fpmpfsSearchesTheQueueSortedWidestFirst() {
        // Sorted B (9), C (4), A (2): at 100 B starts, C does not fit (1 idle), A does not either; B ends 150.
        // A 1-node job D arriving at 4 would fit the last idle node: it goes to the tail and is found by the search.
        long[][] rows = {{0, 10, 100}, {1, 2, 40}, {2, 9, 50}, {3, 4, 30}, {4, 1, 10}};
        assertEquals(expect(0, 150, 100, 150, 100), starts(Policy.FPMPFS, WaitLimit.NONE, 10, rows));
        assertEquals(expect(0, 150, 100, 150, 150), starts(Policy.MPFS, WaitLimit.NONE, 10, rows));
    }

    /**
     * FPFS where WaitLimit changes the order. J (6 nodes) runs 0-100 on 10 nodes; W (8) waits from 1; S1 (4) arrives
     * at 2 and S2 (4) at 60. Without a limit both small jobs start on arrival and W waits until S2 ends at 110. With a
     * limit of 10 s, W has waited 1 s when S1 arrives (S1 starts), but 59 s when S2 arrives: the search stops at W, so
     * S2 waits; at 100 W starts and S2 follows at 110.
     */
    @Test
    void waitLimitStopsTheSearchAtAJobThatWaitedTooLong() {
        long[][] rows = {{0, 6, 100}, {1, 8, 10}, {2, 4, 50}, {60, 4, 50}};
        assertEquals(expect(0, 110, 2, 60), starts(Policy.FPFS, WaitLimit.NONE, 10, rows));
        assertEquals(expect(0, 100, 2, 110), starts(Policy.FPFS, new WaitLimit(10), 10, rows));
        assertEquals(expect(0, 100, 2, 110), starts(Policy.FPMPFS, new WaitLimit(10), 10, rows));
    }

    /**
     * MPFS and LPFS where WaitLimit suppresses sorting: J fills all 10 nodes until 100; A waits from 1, B arrives at
     * 50. Sorted, B would go ahead of A; with a 20 s limit A has waited 49 s, so B stays behind it.
     */
    @Test
    void waitLimitKeepsArrivalsBehindAJobThatWaitedTooLong() {
        long[][] mp = {{0, 10, 100}, {1, 6, 10}, {50, 8, 10}};
        assertEquals(expect(0, 110, 100), starts(Policy.MPFS, WaitLimit.NONE, 10, mp));
        assertEquals(expect(0, 100, 110), starts(Policy.MPFS, new WaitLimit(20), 10, mp));
        assertEquals(expect(0, 100, 110), starts(Policy.MPFS, new WaitLimit(49), 10, mp));
        assertEquals(expect(0, 110, 100), starts(Policy.MPFS, new WaitLimit(50), 10, mp), "49 s waited < 50");
        long[][] lp = {{0, 10, 100}, {1, 8, 10}, {50, 6, 10}};
        assertEquals(expect(0, 110, 100), starts(Policy.LPFS, WaitLimit.NONE, 10, lp));
        assertEquals(expect(0, 100, 110), starts(Policy.LPFS, new WaitLimit(20), 10, lp));
    }

    @Test
    void policiesWithoutStarvationRefuseAWaitLimit() {
        for (Policy p : Policy.values()) {
            boolean seed004 = java.util.EnumSet.of(Policy.MPFS, Policy.LPFS, Policy.FPFS, Policy.FPMPFS, Policy.FPLPFS)
                    .contains(p);
            assertEquals(seed004, p.takesWaitLimit(), p.key());
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Policy.EASY.newScheduler(new WaitLimit(600)));
    }

    private static List<Job> poisson(ProcessorDistribution d, int nodes, double load, long seed) {
        return new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder().jobs(3000).nodes(nodes).load(load)
                .processors(d).seed(seed).build()).generate().jobs();
    }

    @ParameterizedTest(name = "{0} on {1} nodes, load {2}")
    @CsvSource({"UNIFORM, 256, 0.6", "UNIFORM, 256, 0.9", "CENJU3, 8, 0.8", "CENJU3, 8, 1.1"})
    void fplpfsEqualsLpfsJobByJob(ProcessorDistribution d, int nodes, double load) {
        List<Job> jobs = poisson(d, nodes, load, 7);
        Map<Long, Long> lpfs = starts(Policy.LPFS.newScheduler(), nodes, jobs);
        assertEquals(lpfs, starts(Policy.FPLPFS.newScheduler(), nodes, jobs));
        // and the equality is not the trivial one: searching in arrival order does differ
        assertNotEquals(lpfs, starts(Policy.FPFS.newScheduler(), nodes, jobs));
        WaitLimit limit = new WaitLimit(nodes == 8 ? 30 : 600);
        assertEquals(starts(Policy.LPFS.newScheduler(limit), nodes, jobs),
                starts(Policy.FPLPFS.newScheduler(limit), nodes, jobs), "with WaitLimit " + limit.seconds());
    }

    @ParameterizedTest(name = "{0} on {1} nodes, load {2}")
    @CsvSource({"UNIFORM, 256, 0.6", "UNIFORM, 256, 0.9", "CENJU3, 8, 1.1"})
    void waitLimitZeroTurnsTheSchemesIntoFcfs(ProcessorDistribution d, int nodes, double load) {
        List<Job> jobs = poisson(d, nodes, load, 11);
        Map<Long, Long> fcfs = starts(new FcfsScheduler(), nodes, jobs);
        for (Policy p : List.of(Policy.MPFS, Policy.LPFS, Policy.FPFS, Policy.FPMPFS)) {
            assertEquals(fcfs, starts(p.newScheduler(new WaitLimit(0)), nodes, jobs), p.key());
            assertNotEquals(fcfs, starts(p.newScheduler(), nodes, jobs), p.key() + " without a limit");
        }
    }

    @ParameterizedTest(name = "{0} on {1} nodes, load {2}")
    @CsvSource({"UNIFORM, 256, 0.9", "CENJU3, 8, 1.1"})
    void fpfsWithoutLimitIsListScheduling(ProcessorDistribution d, int nodes, double load) {
        List<Job> jobs = poisson(d, nodes, load, 13);
        assertEquals(starts(new ListScheduler(), nodes, jobs), starts(Policy.FPFS.newScheduler(), nodes, jobs));
    }

    @Test
    void jobsOfEqualSizeKeepTheirArrivalOrder() {
        // The machine is full until 100. A (4 nodes, 50 s), B (6) and C (6) wait; only one 6-node job fits beside A.
        // MPFS sorts widest first but passes an earlier job only with strictly more nodes: B (earlier) before C.
        long[][] rows = {{0, 10, 100}, {1, 4, 50}, {2, 6, 20}, {3, 6, 30}};
        // At 100 B starts; C does not fit and stops the head-only dispatch; at 120 C and A start.
        assertEquals(expect(0, 120, 100, 120), starts(Policy.MPFS, WaitLimit.NONE, 10, rows));
        // LPFS: narrowest first: A and B at 100, C when B ends at 120 (C first would have started at 100).
        assertEquals(expect(0, 100, 100, 120), starts(Policy.LPFS, WaitLimit.NONE, 10, rows));
    }
}
