package gridmarket.sim.policy;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Piece;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PFCFS on small cases worked out by hand from the thesis' Table 3.1 and Table 4.1 with the choices of
 * docs/POLICIES.md. The common case: 4 nodes, x = 50 %; job 1 (2 nodes, 100 s) and job 2 (1 node, 100 s) start at 0,
 * the wide job 3 (4 nodes, 20 s) arrives at 10 and may preempt from 15 (delay 5 s); job 4 (1 node, 5 s) arrives at 12
 * behind it.
 */
class PreemptiveFcfsSchedulerTest {

    static Job job(long id, int order, long submit, long run, int nodes) {
        return new Job(id, order, submit, run, run, nodes, 1, 1, run);
    }

    static List<Job> common() {
        return List.of(job(1, 0, 0, 100, 2), job(2, 1, 0, 100, 1), job(3, 2, 10, 20, 4), job(4, 3, 12, 5, 1));
    }

    /** Runs the jobs on one machine of {@code nodes} nodes; outcomes by job id. */
    static Map<Long, JobOutcome> run(List<Job> jobs, int nodes, Scheduler scheduler) {
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        JobLedger ledger = new JobLedger();
        MachineSchedule machine = new MachineSchedule(new Machine("m", 0, nodes));
        LocalScheduler agent = new LocalScheduler(machine, scheduler, clock, ledger);
        new JobSubmitter(jobs, agent, clock).start();
        while (state.schedule.step(state)) {
            // to the end
        }
        Map<Long, JobOutcome> byId = new LinkedHashMap<>();
        for (JobOutcome o : ledger.outcomes()) {
            byId.put(o.job().id(), o);
        }
        assertEquals(jobs.size(), byId.size(), "one outcome per job");
        assertFeasible(new ArrayList<>(byId.values()), nodes);
        return byId;
    }

    static Map<Long, JobOutcome> run(List<Job> jobs, int nodes, PreemptionParameters p) {
        return run(jobs, nodes, new PreemptiveFcfsScheduler(p));
    }

    /** Every piece on the job's nodes, no node in two pieces at once, run time (plus penalties) conserved. */
    static void assertFeasible(List<JobOutcome> outcomes, int nodes) {
        List<long[]> held = new ArrayList<>(); // node, start, end, job id
        for (JobOutcome o : outcomes) {
            List<Piece> pieces = o.pieces().isEmpty() ? List.of(new Piece(o.start(), o.end())) : o.pieces();
            assertEquals(o.start(), pieces.get(0).start(), "job " + o.job().id() + " starts with its first piece");
            assertEquals(o.end(), pieces.get(pieces.size() - 1).end(), "job " + o.job().id() + " ends its last");
            for (int i = 1; i < pieces.size(); i++) {
                assertTrue(pieces.get(i - 1).end() < pieces.get(i).start(), "pieces of job " + o.job().id()
                        + " are apart and in order");
            }
            for (Piece p : pieces) {
                for (int n : o.nodeIds()) {
                    assertTrue(n >= 0 && n < nodes);
                    held.add(new long[] {n, p.start(), p.end(), o.job().id()});
                }
            }
        }
        for (long[] a : held) {
            for (long[] b : held) {
                if (a != b && a[0] == b[0] && a[1] < b[2] && b[1] < a[2]) {
                    throw new AssertionError("node " + a[0] + " held by jobs " + a[3] + " and " + b[3] + " at once");
                }
            }
        }
    }

    static List<Piece> pieces(long... bounds) {
        List<Piece> p = new ArrayList<>();
        for (int i = 0; i < bounds.length; i += 2) {
            p.add(new Piece(bounds[i], bounds[i + 1]));
        }
        return p;
    }

    @Test
    void oneSwitchRunsTheWideJobToCompletionThenResumesTheOthers() {
        // at 15 one node is idle, 3 are missing: no running job covers 3, so the widest (job 1), then the narrowest
        // covering the last one (job 2); job 3 runs [15, 35); jobs 1 and 2 resume at 35 with 85 s left; job 4 waited
        // behind job 3 and takes the idle node 3 at 35
        Map<Long, JobOutcome> o = run(common(), 4, new PreemptionParameters(50, 1, 5, 60, 0));
        assertEquals(pieces(0, 15, 35, 120), o.get(1L).pieces());
        assertEquals(pieces(0, 15, 35, 120), o.get(2L).pieces());
        assertEquals(List.of(), o.get(3L).pieces());
        assertEquals(15, o.get(3L).start());
        assertEquals(35, o.get(3L).end());
        assertArrayEquals(new int[] {0, 1, 2, 3}, o.get(3L).nodeIds());
        assertEquals(35, o.get(4L).start());
        assertArrayEquals(new int[] {3}, o.get(4L).nodeIds());
        assertEquals(100, o.get(1L).busyTime(), "job 1 ran its 100 s");
    }

    @Test
    void aPenaltyLengthensEveryResumedPiece() {
        Map<Long, JobOutcome> o = run(common(), 4, new PreemptionParameters(50, 1, 5, 60, 3));
        assertEquals(pieces(0, 15, 35, 123), o.get(1L).pieces());
        assertEquals(103, o.get(1L).busyTime());
        assertEquals(35, o.get(3L).end(), "the wide job's first piece has no penalty");
    }

    @Test
    void twoSwitchesLeaveTheWideJobWaitingForItsNodes() {
        // gang 10: job 3 runs [15, 25), is suspended; 1 and 2 resume with 85 s left, end at 110; job 3 resumes on its
        // idle nodes [110, 120); job 4 starts after it
        Map<Long, JobOutcome> o = run(common(), 4, new PreemptionParameters(50, 2, 5, 10, 0));
        assertEquals(pieces(15, 25, 110, 120), o.get(3L).pieces());
        assertEquals(pieces(0, 15, 25, 110), o.get(1L).pieces());
        assertEquals(120, o.get(4L).start());
    }

    @Test
    void unlimitedSwitchesAlternateTheGangsUntilOneIsEmpty() {
        // gang 10: job 3 runs [15, 25) and [35, 45); jobs 1 and 2 run [25, 35) between, and resume at 45 with
        // 100 - 15 - 10 = 75 s left
        Map<Long, JobOutcome> o = run(common(), 4,
                new PreemptionParameters(50, PreemptionParameters.UNLIMITED, 5, 10, 0));
        assertEquals(pieces(15, 25, 35, 45), o.get(3L).pieces());
        assertEquals(pieces(0, 15, 25, 35, 45, 120), o.get(1L).pieces());
        assertEquals(pieces(0, 15, 25, 35, 45, 120), o.get(2L).pieces());
        assertEquals(45, o.get(4L).start());
    }

    @Test
    void aJobNoWiderThanXPercentNeverPreempts() {
        // a 3-node job on 4 nodes is wide at x = 50 (3 > 2), not at x = 75 (3 = 3), where PFCFS is FCFS: job 3
        // waits for 3 idle nodes until 100
        List<Job> jobs = List.of(job(1, 0, 0, 100, 2), job(2, 1, 0, 100, 1), job(3, 2, 10, 20, 3));
        Map<Long, JobOutcome> narrow = run(jobs, 4, new PreemptionParameters(75, 1, 5, 60, 0));
        assertEquals(100, narrow.get(3L).start());
        Map<Long, JobOutcome> wide = run(jobs, 4, new PreemptionParameters(50, 1, 5, 60, 0));
        assertEquals(15, wide.get(3L).start());
        // missing 2 of 3: job 1 (2 nodes) alone covers it, so job 2 keeps running
        assertEquals(pieces(0, 15, 35, 120), wide.get(1L).pieces());
        assertEquals(List.of(), wide.get(2L).pieces());
        assertEquals(100, wide.get(2L).end());
    }

    @Test
    void theGreedyChoiceTakesTheNarrowestJobThatCoversWhatIsMissing() {
        // 8 nodes: jobs of 4, 2 and 1 nodes run, 1 node idle; the wide job needs 6: 5 missing, none covers 5, so the
        // widest (4), then 1 missing: the 1-node job, not the 2-node one
        List<Job> jobs = List.of(job(1, 0, 0, 100, 4), job(2, 1, 0, 100, 2), job(3, 2, 0, 100, 1),
                job(4, 3, 10, 20, 6));
        Map<Long, JobOutcome> o = run(jobs, 8, new PreemptionParameters(50, 1, 0, 60, 0));
        assertEquals(10, o.get(4L).start());
        assertEquals(2, o.get(1L).pieces().size());
        assertEquals(List.of(), o.get(2L).pieces());
        assertEquals(2, o.get(3L).pieces().size());
    }

    @Test
    void theDelayCountsFromTheArrivalOfAJobAtAnEmptyQueue() {
        // job 3 arrives at 10 with delay 30, at the head at once: it may preempt from 40 on, not before
        Map<Long, JobOutcome> o = run(common(), 4, new PreemptionParameters(50, 1, 30, 60, 0));
        assertEquals(40, o.get(3L).start());
        assertEquals(pieces(0, 40, 60, 120), o.get(1L).pieces());
    }

    @Test
    void theDelayCountsFromWhenTheWideJobReachesTheHeadOfTheQueue() {
        // 4 nodes, delay 30. Job 1 (3 nodes, 100 s) runs from 0; job 2 (2 nodes, 200 s) waits for it and starts at
        // 100; the wide job 3 (4 nodes, 20 s, submitted at 2) is then at the head from 100, preempts job 2 at 130
        // (not at 101, which a delay counted from its submission would allow), runs to 150, and job 2 resumes.
        List<Job> jobs = List.of(job(1, 0, 0, 100, 3), job(2, 1, 1, 200, 2), job(3, 2, 2, 20, 4));
        Map<Long, JobOutcome> o = run(jobs, 4, new PreemptionParameters(50, 1, 30, 60, 0));
        assertEquals(130, o.get(3L).start());
        assertEquals(150, o.get(3L).end());
        assertEquals(pieces(100, 130, 150, 320), o.get(2L).pieces());
    }

    @Test
    void behindAWideJobBeingServedTheDelayCountsFromItsEnd() {
        // 4 nodes, delay 30. Job 1 (3 nodes, 1000 s) runs from 0. The wide job 2 (4 nodes, 100 s, at 10) is at the
        // head from 10 and preempts at 40; the wide job 3 (4 nodes, 50 s, at 20) is picked only when job 2 ends at
        // 140 (Table 3.1: no job is picked while a wide job is served), so it preempts at 170.
        List<Job> jobs = List.of(job(1, 0, 0, 1000, 3), job(2, 1, 10, 100, 4), job(3, 2, 20, 50, 4));
        Map<Long, JobOutcome> o = run(jobs, 4, new PreemptionParameters(50, 1, 30, 60, 0));
        assertEquals(40, o.get(2L).start());
        assertEquals(140, o.get(2L).end());
        assertEquals(170, o.get(3L).start());
        assertEquals(pieces(0, 40, 140, 170, 220, 1150), o.get(1L).pieces());
    }

    @Test
    void outOfRangeParametersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(0, 1, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(100, 1, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 0, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 1, -1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 1, 0, 1, -1));
    }

    /**
     * Table 3.1's Instruction C (idle 50 %): the wide job 3 (4 of 4 nodes, at 10) starts its 5 s delay only when
     * half the nodes are idle, at 50 when job 2 (1 node) ends; then it suspends job 1 alone (2 nodes missing) at 55,
     * runs to 75, and job 1 resumes with 55 s left. Without C it preempts at 15 and needs both running jobs.
     */
    @Test
    void instructionCStartsTheDelayOnlyWhenEnoughNodesAreIdle() {
        List<Job> jobs = List.of(job(1, 0, 0, 100, 2), job(2, 1, 0, 50, 1), job(3, 2, 10, 20, 4),
                job(4, 3, 12, 5, 1));
        Map<Long, JobOutcome> withC = run(jobs, 4, new PreemptionParameters(50, 1, 5, 5, 0, 50));
        assertEquals(55, withC.get(3L).start());
        assertEquals(75, withC.get(3L).end());
        assertEquals(List.of(new Piece(0, 55), new Piece(75, 120)), withC.get(1L).pieces());
        assertEquals(List.of(), withC.get(2L).pieces());
        assertEquals(75, withC.get(4L).start());

        Map<Long, JobOutcome> withoutC = run(jobs, 4, new PreemptionParameters(50, 1, 5, 5, 0, 0));
        assertEquals(15, withoutC.get(3L).start());
        assertEquals(List.of(new Piece(0, 15), new Piece(35, 70)), withoutC.get(2L).pieces());
        assertEquals(List.of(new Piece(0, 15), new Piece(35, 120)), withoutC.get(1L).pieces());
        assertEquals(35, withoutC.get(4L).start());
    }

    /** With more idle nodes asked for than ever come free while the wide job waits, it starts without preempting. */
    @Test
    void aWideJobThatNeverSeesEnoughIdleNodesWaitsAsInFcfs() {
        Map<Long, JobOutcome> o = run(common(), 4, new PreemptionParameters(50, 1, 5, 5, 0, 50));
        assertEquals(100, o.get(3L).start());
        assertTrue(o.values().stream().allMatch(r -> r.pieces().isEmpty()), "nothing preempted");
    }

    @Test
    void idleOutsideItsRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 1, 5, 5, 0, 100));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 1, 5, 5, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> new PreemptionParameters(50, 1, 5, 5, 0, Double.NaN));
    }
}
