package gridmarket.sim.failure;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobSubmitter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.grid.ConservativeJobSharing;
import gridmarket.sim.grid.GridScheduler;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Kill;
import gridmarket.sim.result.Piece;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import sim.engine.SimState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failures worked out by hand on a 4-node machine. Job 1 (2 nodes, 100 s) starts at 0; job 2 (4 nodes, 50 s) is
 * reserved for 100, when job 1 is planned to end. The whole machine fails at 40 and is repaired at 60: job 1 is
 * killed after 40 s on 2 nodes (80 node-seconds lost), goes back to the head of the queue, runs [60, 160); job 2's
 * reservation moves from 100 to 160 (broken, 60 s late) and it runs [160, 210).
 */
class NodeFailuresTest {

    private record Run(List<JobOutcome> outcomes, JobLedger ledger, NodeFailures failures) {
    }

    private static Run run(BiFunction<List<MachineSchedule>, Object[], QueueAgent> agent, List<OutageWindow> trace,
                           Map<Integer, FailureModel> models, long checkpoint, List<Job> jobs, int... sizes) {
        return run(agent, trace, List.of(), models, checkpoint, jobs, sizes);
    }

    private static Run run(BiFunction<List<MachineSchedule>, Object[], QueueAgent> agent, List<OutageWindow> trace,
                           List<OutageWindow> maintenance, Map<Integer, FailureModel> models, long checkpoint,
                           List<Job> jobs, int... sizes) {
        SimState state = new SimState(1);
        state.start();
        EventClock clock = new EventClock(state.schedule);
        JobLedger ledger = new JobLedger();
        List<MachineSchedule> machines = new ArrayList<>();
        for (int m = 0; m < sizes.length; m++) {
            machines.add(new MachineSchedule(new Machine("m" + (m + 1), m, sizes[m])));
        }
        QueueAgent q = agent.apply(machines, new Object[] {clock, ledger});
        JobSubmitter submitter = new JobSubmitter(jobs, q, clock);
        NodeFailures failures = new NodeFailures(machines, machines.stream().map(m -> q).toList(), trace,
                maintenance, models, checkpoint, 7, clock, () -> submitter.submitted() < jobs.size() || !q.queue().isEmpty()
                || machines.stream().anyMatch(m -> m.running().stream().anyMatch(a -> !a.outage())));
        submitter.start();
        failures.start(0);
        while (state.schedule.step(state)) {
            // to the end
        }
        return new Run(ledger.outcomes(), ledger, failures);
    }

    private static BiFunction<List<MachineSchedule>, Object[], QueueAgent> local(Policy p) {
        return (ms, cl) -> new LocalScheduler(ms.get(0), p.newScheduler(), (EventClock) cl[0], (JobLedger) cl[1]);
    }

    private static List<Job> twoJobs() {
        return List.of(new Job(1, 0, 0, 100, 100, 2, 1, 1, 100), new Job(2, 1, 0, 50, 50, 4, 1, 1, 50));
    }

    @ParameterizedTest
    @ValueSource(strings = {"easy", "conservative"})
    void aFailureKillsTheRunningJobAndBreaksTheReservation(String policy) {
        Run r = run(local(Policy.byKey(policy)), List.of(new OutageWindow(0, 4, 40, 60)), Map.of(), 0, twoJobs(), 4);
        check(r);
    }

    @Test
    void conservativeJobSharingKillsAndReplansTheSame() {
        Run r = run((ms, cl) -> new ConservativeJobSharing(ms, (EventClock) cl[0], (JobLedger) cl[1]),
                List.of(new OutageWindow(0, 4, 40, 60)), Map.of(), 0, twoJobs(), 4);
        check(r);
    }

    @Test
    void easyJobSharingKillsTheJobAndRunsItAgain() {
        Run r = run((ms, cl) -> new GridScheduler(ms, true, null, (EventClock) cl[0], (JobLedger) cl[1]),
                List.of(new OutageWindow(0, 4, 40, 60)), Map.of(), 0, twoJobs(), 4);
        check(r);
    }

    /**
     * Multi-site EASY on two 4-node machines: job 1 (6 nodes, 100 s) runs at 0 on both; job 2 (8 nodes, 50 s) waits
     * as the queue's head, its shadow at 100. m2 fails whole at 40 and is repaired at 60: both of job 1's parts are
     * killed (6 nodes x 40 s lost), it runs again [60, 160), and job 2's promise moves from 100 to 160 (60 s late).
     */
    @Test
    void multiSiteKillsEveryPartAndTheHeadsPromiseMoves() {
        Run r = run((ms, cl) -> new GridScheduler(ms, true, new MultiSiteRules(0, 1, 0), (EventClock) cl[0],
                        (JobLedger) cl[1]), List.of(new OutageWindow(1, 4, 40, 60)), Map.of(), 0,
                List.of(new Job(1, 0, 0, 100, 100, 6, 1, 1, 100), new Job(2, 1, 0, 50, 50, 8, 1, 1, 50)), 4, 4);
        List<JobOutcome> one = r.outcomes().stream().filter(o -> o.job().id() == 1).toList();
        List<JobOutcome> two = r.outcomes().stream().filter(o -> o.job().id() == 2).toList();
        assertTrue(one.stream().allMatch(JobOutcome::completed) && two.stream().allMatch(JobOutcome::completed));
        for (JobOutcome part : one) {
            assertEquals(List.of(new Piece(0, 40), new Piece(60, 160)), part.pieces(), part.toString());
            assertTrue(part.reason().startsWith("killed on m1+m2") || part.reason().startsWith("killed on m2+m1"),
                    part.reason());
        }
        for (JobOutcome part : two) {
            assertEquals(160, part.start());
            assertEquals(210, part.end());
        }
        assertEquals(1, r.ledger().killedAttempts(), "one attempt of one job, all its parts");
        assertEquals(6 * 40, r.ledger().lostNodeSeconds());
        assertEquals(1, r.ledger().reservationsBroken());
        assertEquals(60, r.ledger().brokenDelaySeconds());
    }

    private static void check(Run r) {
        JobOutcome one = r.outcomes().get(0);
        JobOutcome two = r.outcomes().get(1);
        assertTrue(one.completed() && two.completed());
        assertEquals(1, one.job().id());
        assertEquals(100, one.job().runTime(), "the workload's job, not a resubmitted copy");
        assertEquals(List.of(new Kill("m1", "0-1", 0, 40, 80)), one.kills());
        assertEquals(List.of(new Piece(0, 40), new Piece(60, 160)), one.pieces());
        assertEquals(0, one.start(), "a killed job's start is its first attempt's");
        assertEquals(160, one.end());
        assertEquals("killed on m1 nodes 0-1 at 40 (run since 0)", one.reason());
        assertEquals(160, two.start());
        assertEquals(210, two.end());
        assertEquals(1, r.ledger().killedAttempts());
        assertEquals(80, r.ledger().lostNodeSeconds());
        assertEquals(1, r.ledger().reservationsBroken());
        assertEquals(60, r.ledger().brokenDelaySeconds());
        assertEquals(1, r.failures().outages().size());
        assertEquals(4 * 20, r.failures().outages().get(0).downNodeSeconds(0, 210));
    }

    @Test
    void aCheckpointKeepsTheWorkUpToIt() {
        // checkpoints every 30 s: the kill at 40 keeps 30 s, so job 1 runs 70 s more, [60, 130), and loses 2 x 10
        Run r = run(local(Policy.byKey("conservative")), List.of(new OutageWindow(0, 4, 40, 60)), Map.of(), 30,
                twoJobs(), 4);
        JobOutcome one = r.outcomes().get(0);
        assertEquals(130, one.end());
        assertEquals(20, r.ledger().lostNodeSeconds());
        assertEquals(100, one.job().runTime());
        assertEquals(130, r.outcomes().get(1).start());
    }

    @Test
    void aPartialFailureLeavesTheOtherNodesRunning() {
        // 2 of 4 nodes fail at 40: either job 1's (killed) or the idle ones (job 1 runs on); never a job on them
        Run r = run(local(Policy.byKey("easy")), List.of(new OutageWindow(0, 2, 40, 60)), Map.of(), 0, twoJobs(), 4);
        Outage o = r.failures().outages().get(0);
        assertEquals(2, o.nodeIds().length);
        for (JobOutcome j : r.outcomes()) {
            List<Piece> runs = j.pieces().isEmpty() ? List.of(new Piece(j.start(), j.end())) : j.pieces();
            Piece last = runs.get(runs.size() - 1);
            boolean overlaps = last.start() < o.end() && o.start() < last.end();
            for (int n : j.nodeIds()) {
                for (int f : o.nodeIds()) {
                    assertTrue(!overlaps || n != f, "job " + j.job().id() + " on failed node " + n);
                }
            }
        }
        assertEquals(r.ledger().killedAttempts(), r.outcomes().get(0).kills().size());
    }

    /**
     * Maintenance of the whole machine in [120, 150) is known from the start: job 2 (4 nodes, 50 s) cannot run in
     * [100, 150), so its reservation steps over the window to 150; job 3 (2 nodes, 30 s, submitted at 0) fits
     * beside job 1 at once. No job is killed and no promise broken, since the plan counted the window.
     */
    @ParameterizedTest
    @ValueSource(strings = {"local", "jobsharing"})
    void aConservativeReservationStepsOverAMaintenanceWindow(String strategy) {
        List<Job> jobs = new ArrayList<>(twoJobs());
        jobs.add(new Job(3, 2, 0, 30, 30, 2, 1, 1, 30));
        Run r = run(strategy.equals("local") ? local(Policy.byKey("conservative"))
                        : (ms, cl) -> new ConservativeJobSharing(ms, (EventClock) cl[0], (JobLedger) cl[1]),
                List.of(), List.of(new OutageWindow(0, 4, 120, 150)), Map.of(), 0, jobs, 4);
        assertEquals(0, r.outcomes().get(0).start());
        assertEquals(150, r.outcomes().get(1).start(), "stepped over [120, 150)");
        assertEquals(200, r.outcomes().get(1).end());
        assertEquals(0, r.outcomes().get(2).start());
        assertEquals(0, r.ledger().killedAttempts());
        assertEquals(0, r.ledger().reservationsBroken());
        Outage o = r.failures().outages().get(0);
        assertTrue(o.planned());
        assertEquals(4, o.nodeIds().length);
        assertEquals(120, o.start());
    }

    /** A job too long to end before the window (2 nodes, 130 s) waits until it is over, though nodes are idle. */
    @Test
    void noJobRunsIntoAMaintenanceWindowThatNeedsItsNodes() {
        List<Job> jobs = List.of(new Job(1, 0, 0, 130, 130, 2, 1, 1, 130), new Job(2, 1, 0, 100, 100, 2, 1, 1, 100));
        Run r = run(local(Policy.byKey("conservative")), List.of(), List.of(new OutageWindow(0, 3, 120, 150)),
                Map.of(), 0, jobs, 4);
        assertEquals(150, r.outcomes().get(0).start(), "1 node is left in the window: the job steps over it");
        assertEquals(0, r.outcomes().get(1).start());
    }

    /** A failure before a maintenance window is repaired by its start, and the window then takes its nodes. */
    @Test
    void aFailureBeforeMaintenanceIsRepairedWhenItBegins() {
        Run r = run(local(Policy.byKey("conservative")), List.of(new OutageWindow(0, 4, 40, 500)),
                List.of(new OutageWindow(0, 4, 120, 150)), Map.of(), 0, twoJobs(), 4);
        List<Outage> o = r.failures().outages();
        assertEquals(2, o.size());
        assertEquals(120, o.get(0).end(), "repaired as maintenance begins");
        assertTrue(o.get(1).planned());
        assertEquals(150, r.outcomes().get(0).kills().size() == 1 ? r.outcomes().get(0).pieces().get(1).start() : -1);
    }

    private static List<String> describe(List<JobOutcome> outcomes) {
        return outcomes.stream().map(o -> o.job().id() + " " + o.start() + "-" + o.end() + " " + o.nodeRanges() + " "
                + o.pieces() + " " + o.kills()).toList();
    }

    @Test
    void aModelFailsMachinesOnlyWhileWorkIsLeftAndTheSameWayEachRun() {
        FailureModel model = new FailureModel(Distribution.exponential(500), Distribution.weibull(100, 0.7), 2);
        List<Job> jobs = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            jobs.add(new Job(k + 1, k, k * 60L, 200, 400, 1 + k % 4, 1, 1, 400));
        }
        Run a = run(local(Policy.byKey("conservative")), List.of(), Map.of(0, model), 0, jobs, 4);
        Run b = run(local(Policy.byKey("conservative")), List.of(), Map.of(0, model), 0, jobs, 4);
        assertEquals(40, a.outcomes().size());
        assertTrue(a.outcomes().stream().allMatch(JobOutcome::completed));
        assertTrue(a.failures().outages().size() > 1, "failures happened");
        assertEquals(describe(a.outcomes()), describe(b.outcomes()));
        long lastEnd = a.outcomes().stream().mapToLong(JobOutcome::end).max().orElseThrow();
        Outage last = a.failures().outages().get(a.failures().outages().size() - 1);
        assertTrue(last.start() <= lastEnd, "no failure drawn after the last job ended");
    }
}
