package gridmarket.sim.metrics;

import gridmarket.sim.machine.Machine;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Rejection;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.result.JobStatus;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** SPEC R's metrics on a case computed by hand. */
class RunMetricsTest {
    private static final double EPS = 1e-9;

    private static JobOutcome done(long id, long submit, long start, long run, int[] nodes) {
        Job j = new Job(id, (int) id, submit, run, run, nodes.length, 1, 1, run);
        return new JobOutcome(j, JobStatus.COMPLETED, null, "m", start, start + run, nodes, 1);
    }

    private static int[] range(int from, int to) {
        return java.util.stream.IntStream.range(from, to).toArray();
    }

    @Test
    void metricsOfAHandComputedRun() {
        // j0: 6 nodes, submit 0, runs [0, 100)    weight 600, response 100, wait 0,   slowdown 100/100 = 1
        // j1: 8 nodes, submit 0, runs [100, 150)  weight 400, response 150, wait 100, slowdown 150/50  = 3
        // j2: 2 nodes, submit 10, runs [40, 45)   weight 10,  response 35,  wait 30,  slowdown 35/10   = 3.5
        //     (run time 5 < the bound 10, so the bound divides)
        // j3: rejected (wider than the machine), submitted at 20
        List<JobOutcome> outcomes = List.of(done(0, 0, 0, 100, range(0, 6)), done(1, 0, 100, 50, range(0, 8)),
                done(2, 10, 40, 5, range(6, 8)),
                JobOutcome.rejected(new Job(3, 3, 20, 10, 10, 11, 1, 1, 10),
                        new Rejection(RejectionReason.TOO_WIDE, "needs 11 nodes")));
        RunMetrics m = RunMetrics.of(outcomes, List.of(new Machine("m", 0, 10)));

        assertEquals(4, m.jobs());
        assertEquals(3, m.completed());
        assertEquals(1, m.rejected());
        assertEquals(Map.of(RejectionReason.TOO_WIDE, 1), m.rejectedByReason());
        assertEquals((100 + 150 + 35) / 3.0, m.art(), EPS, "ART: mean response");
        assertEquals((600 * 100 + 400 * 150 + 10 * 35) / 1010.0, m.awrt(), EPS, "AWRT: area-weighted response");
        assertEquals((600 * 0 + 400 * 100 + 10 * 30) / 1010.0, m.awwt(), EPS, "AWWT: area-weighted wait");
        assertEquals((0 + 100 + 30) / 3.0, m.meanWait(), EPS);
        assertEquals((1 + 3 + 3.5) / 3, m.meanBoundedSlowdown(), EPS, "bounded slowdown");
        assertEquals(0, m.firstSubmit());
        assertEquals(150, m.lastEnd());
        assertEquals(150, m.makespan());
        assertEquals(1010 / (10.0 * 150), m.utilization(), EPS, "busy node-seconds / (nodes * makespan)");
        assertEquals(1010, m.machines().get("m").work());
        assertEquals(1010 / (10.0 * 150), m.machines().get("m").utilization(), EPS);
    }

    @Test
    void partsOfASplitJobCountOnceAsAJobAndOnEachMachineForTheirWork() {
        Job j = new Job(7, 0, 5, 100, 100, 6, 1, 1, 100); // submitted at 5: the span starts there
        List<JobOutcome> parts = List.of(
                new JobOutcome(j, JobStatus.COMPLETED, null, "a", 10, 110, range(0, 4), 2),
                new JobOutcome(j, JobStatus.COMPLETED, null, "b", 10, 110, range(0, 2), 2));
        RunMetrics m = RunMetrics.of(parts, List.of(new Machine("a", 0, 4), new Machine("b", 1, 4)));
        assertEquals(1, m.jobs());
        assertEquals(105, m.awrt(), EPS);
        assertEquals(5, m.awwt(), EPS);
        assertEquals(5, m.firstSubmit());
        assertEquals(105, m.makespan());
        assertEquals(400, m.machines().get("a").work());
        assertEquals(200, m.machines().get("b").work());
        assertEquals(600 / (8.0 * 105), m.utilization(), EPS);
        assertEquals(400 / (4.0 * 105), m.machines().get("a").utilization(), EPS);
    }

    @Test
    void aRunWithoutCompletedJobsHasZeroMetricsNotNaN() {
        RunMetrics m = RunMetrics.of(List.of(JobOutcome.rejected(new Job(1, 0, 5, 10, 10, 9, 1, 1, 10),
                new Rejection(RejectionReason.TOO_WIDE, "x"))),
                List.of(new Machine("m", 0, 8)));
        assertEquals(0, m.completed());
        assertEquals(0, m.awrt());
        assertEquals(0, m.utilization());
    }
}
