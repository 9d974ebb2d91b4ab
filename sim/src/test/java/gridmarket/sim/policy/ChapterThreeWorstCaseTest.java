package gridmarket.sim.policy;

import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static gridmarket.sim.policy.PreemptiveFcfsSchedulerTest.job;
import static gridmarket.sim.policy.PreemptiveFcfsSchedulerTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The worst cases of thesis chapter 3 (weights {@code w = nodes * run time}, Assumption 1), run through FCFS and
 * PFCFS, with the ratios worked out from the constructions.
 */
class ChapterThreeWorstCaseTest {
    /** Theorem 2's bounds for PFCFS without penalty: makespan below 4, weighted completion time below 3.562. */
    static final double MAKESPAN_BOUND = 4;
    static final double COMPLETION_BOUND = 3.562;

    /** PFCFS as the analysis runs it: x = 50 %, preempt at once, one switch, no penalty. */
    static final PreemptionParameters THEORY = new PreemptionParameters(50, 1, 0, 1, 0);

    /**
     * Example 7: m jobs of 1 node and m seconds alternate with m jobs of m nodes and 1 second, the narrow job k
     * submitted at 2k - 2, the wide one at 2k - 1 ("in quick succession"). The optimum is at least the area bound
     * {@code 2m^2 / m = 2m}. FCFS runs each wide job after the narrow one before it: makespan {@code m (m + 1)}, a
     * ratio {@code (m + 1) / 2}. PFCFS runs wide job k in {@code [2k - 1, 2k)}; narrow job k runs every other second
     * from {@code 2k - 2} until {@code 2m - 1}, {@code m - k + 1} seconds, and the {@code k - 1} seconds left from
     * {@code 2m} on (narrow job 1 is done at {@code 2m - 1}): makespan {@code 3m - 1}, within Theorem 2's factor 4.
     */
    @ParameterizedTest(name = "m = {0}")
    @ValueSource(ints = {4, 16, 64})
    void example7(int m) {
        List<Job> jobs = new ArrayList<>();
        for (int k = 1; k <= m; k++) {
            jobs.add(job(2L * k - 1, jobs.size(), 2L * k - 2, m, 1));
            jobs.add(job(2L * k, jobs.size(), 2L * k - 1, 1, m));
        }
        long optimumBound = 2L * m;
        long fcfs = makespan(run(jobs, m, new FcfsScheduler()));
        assertEquals((long) m * (m + 1), fcfs);
        assertEquals((m + 1) / 2.0, (double) fcfs / optimumBound, 1e-12);
        Map<Long, JobOutcome> pfcfs = run(jobs, m, THEORY);
        assertEquals(3L * m - 1, makespan(pfcfs));
        for (int k = 1; k <= m; k++) {
            assertEquals(2L * k - 1, pfcfs.get(2L * k).start(), "wide job " + k + " starts at once");
            assertEquals(k == 1 ? 2L * m - 1 : 2L * m + k - 1, pfcfs.get(2L * k - 1).end(), "narrow job " + k);
        }
        assertTrue((double) makespan(pfcfs) / optimumBound < MAKESPAN_BOUND);
    }

    /**
     * Lemma 1: job i (1 node, m s) just before job j (m nodes, sqrt m s). FCFS, being 1-fair, runs i then j:
     * {@code sum w C = 2m^2 + m^2.5} against the best order's {@code 2m^2 + m^1.5}, a ratio of
     * {@code (2 + sqrt m) / (2 + 1/sqrt m)} that grows without bound. PFCFS lets j preempt i one second after i
     * started (a job started in the same instant has run nothing to suspend): j ends at {@code 1 + sqrt m}, i at
     * {@code m + sqrt m}, so {@code sum w C = 2m^2 + 2m^1.5}, a ratio {@code (2 + 2/sqrt m) / (2 + 1/sqrt m)} below 1.5
     * and Theorem 2's 3.562; j delays i by sqrt m, within its fairness factor {@code 2 + 2 s}.
     */
    @ParameterizedTest(name = "m = {0}")
    @ValueSource(ints = {16, 64, 256, 1024})
    void lemma1(int m) {
        int root = (int) Math.round(Math.sqrt(m));
        List<Job> jobs = List.of(job(1, 0, 0, m, 1), job(2, 1, 0, root, m));
        double best = 2.0 * m * m + Math.pow(m, 1.5);
        double fcfs = weightedCompletion(run(jobs, m, new FcfsScheduler()));
        assertEquals((2 + root) / (2 + 1.0 / root), fcfs / best, 1e-9);
        Map<Long, JobOutcome> p = run(jobs, m, THEORY);
        assertEquals(1 + root, p.get(2L).end());
        assertEquals(m + root, p.get(1L).end());
        double pfcfs = weightedCompletion(p);
        assertEquals((2 + 2.0 / root) / (2 + 1.0 / root), pfcfs / best, 1e-9);
        assertTrue(pfcfs / best < COMPLETION_BOUND);
        assertTrue((double) p.get(1L).end() / m <= 2, "i's flow time at most 2 + 2s times its FCFS one");
    }

    /**
     * Theorem 1: with no job wider than m/2, PFCFS is FCFS (1-fair, never preempts), whatever its parameters. The
     * instance is Lemma 2's tight shape: on 2h nodes, jobs of h nodes alternate with 1-node jobs, both 1 s, so FCFS
     * keeps only h + 1 nodes busy; both schedulers give the same starts.
     */
    @ParameterizedTest(name = "h = {0}")
    @ValueSource(ints = {4, 32})
    void theorem1NoWideJobNoPreemption(int h) {
        List<Job> jobs = new ArrayList<>();
        for (int k = 0; k < 3 * h; k++) {
            jobs.add(job(jobs.size() + 1, jobs.size(), 0, 1, h));
            jobs.add(job(jobs.size() + 1, jobs.size(), 0, 1, 1));
        }
        Map<Long, JobOutcome> fcfs = run(jobs, 2 * h, new FcfsScheduler());
        Map<Long, JobOutcome> pfcfs = run(jobs, 2 * h, new PreemptionParameters(50, PreemptionParameters.UNLIMITED,
                0, 1, 0));
        for (Job j : jobs) {
            assertEquals(fcfs.get(j.id()).start(), pfcfs.get(j.id()).start(), "job " + j.id());
            assertEquals(List.of(), pfcfs.get(j.id()).pieces());
        }
        assertEquals(3L * h, makespan(fcfs), "one pair per second");
    }

    static long makespan(Map<Long, JobOutcome> outcomes) {
        return outcomes.values().stream().mapToLong(JobOutcome::end).max().orElseThrow();
    }

    static double weightedCompletion(Map<Long, JobOutcome> outcomes) {
        return outcomes.values().stream().mapToDouble(o -> o.job().weight() * o.end()).sum();
    }
}
