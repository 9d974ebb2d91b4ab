package gridmarket.agents;

import gridmarket.sim.forkjoin.ForkJoinParameters;
import gridmarket.sim.forkjoin.ForkJoinPolicy;
import gridmarket.sim.forkjoin.ForkJoinStats;
import gridmarket.sim.forkjoin.Parallelism;
import gridmarket.sim.forkjoin.ServiceDemand;
import gridmarket.sim.metrics.ConfidenceInterval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Karatza's closed system against exact results and the paper's qualitative findings. */
class ForkJoinModelTest {

    /**
     * Exact mean-value analysis of a closed product-form network of single-server FCFS stations with exponential
     * service (Reiser and Lavenberg): {@code demands[i]} = visit ratio x mean service time of station i.
     */
    static double mvaThroughput(double[] demands, int jobs) {
        double[] q = new double[demands.length];
        double x = 0;
        for (int n = 1; n <= jobs; n++) {
            double[] r = new double[demands.length];
            double total = 0;
            for (int i = 0; i < demands.length; i++) {
                r[i] = demands[i] * (1 + q[i]);
                total += r[i];
            }
            x = n / total;
            for (int i = 0; i < demands.length; i++) {
                q[i] = x * r[i];
            }
        }
        return x;
    }

    private static ForkJoinParameters oneTaskExponential(int jobs, ForkJoinPolicy policy) {
        return new ForkJoinParameters(16, jobs, policy, 1, 0.531, Parallelism.ONE, ServiceDemand.EXPONENTIAL, 2,
                10, 10, 0, 10, 2000, 20000);
    }

    /**
     * One task per job, exponential service, probabilistic routing and FCFS queues: a product-form network of 16
     * processors (visit ratio 1/16 each, service 1) and the I/O unit (visit ratio 1, service z = 0.531), solved
     * exactly by MVA. The simulated throughput's and utilization's 95 % intervals contain the exact values.
     */
    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {4, 16, 48})
    void prfcfsWithOneExponentialTaskMatchesMeanValueAnalysis(int jobs) {
        double[] demands = new double[17];
        java.util.Arrays.fill(demands, 0, 16, 1.0 / 16);
        demands[16] = 0.531;
        double exact = mvaThroughput(demands, jobs);
        ForkJoinRun run = ForkJoinRun.run(oneTaskExponential(jobs, ForkJoinPolicy.PRFCFS), 1, 10);
        ConfidenceInterval x = run.throughput();
        assertTrue(x.contains(exact), "MVA " + exact + " in " + x);
        assertTrue(x.relativeHalfWidth() < 0.02, "a tight interval: " + x);
        ConfidenceInterval u = run.utilization();
        assertTrue(u.contains(exact / 16), "utilization " + exact / 16 + " in " + u);
        // and the check has teeth: the exact throughput with a 5 % slower I/O unit lies outside
        demands[16] = 0.531 * 1.05;
        assertTrue(!x.contains(mvaThroughput(demands, jobs)), "a slower I/O unit excluded from " + x);
    }

    @Test
    void sameSeedSameReplicationOtherSeedOther() {
        ForkJoinParameters p = ForkJoinParameters.paper(24, ForkJoinPolicy.PRLSTF);
        ForkJoinStats a = ForkJoinRun.run(p, 5, 1).replications().get(0);
        assertEquals(a, ForkJoinRun.run(p, 5, 1).replications().get(0));
        assertNotEquals(a, ForkJoinRun.run(p, 6, 1).replications().get(0));
    }

    /**
     * Sect. 4.1: the lowest utilization under PrFCFS, the highest under SQFCFS, in the paper's workload; Sect. 4.2:
     * SQFCFS has the smallest RT_max.
     */
    @Test
    void shortestQueueRoutingBeatsProbabilisticRouting() {
        ForkJoinRun fcfs = ForkJoinRun.run(ForkJoinParameters.paper(16, ForkJoinPolicy.PRFCFS), 1, 5);
        ForkJoinRun sq = ForkJoinRun.run(ForkJoinParameters.paper(16, ForkJoinPolicy.SQFCFS), 1, 5);
        ForkJoinRun stf = ForkJoinRun.run(ForkJoinParameters.paper(16, ForkJoinPolicy.PRSTF), 1, 5);
        assertTrue(sq.utilization().mean() > stf.utilization().mean());
        assertTrue(stf.utilization().mean() > fcfs.utilization().mean());
        assertTrue(sq.maxResponseTime().mean() < fcfs.maxResponseTime().mean());
        assertTrue(stf.maxResponseTime().mean() > fcfs.maxResponseTime().mean(), "STF is unfair");
    }
}
