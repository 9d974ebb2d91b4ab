package gridmarket.sim.forkjoin;

import java.util.Objects;

/**
 * One configuration of Karatza's closed system (seed 001; SPEC S1). Times are in units of the mean task service
 * demand (the paper's x = 1). Immutable; every component is validated on construction.
 *
 * @param processors      P, at least 1 (the paper: 16)
 * @param jobs            N, the degree of multiprogramming, at least 1 (the paper: 16 .. 48)
 * @param policy          routing x ordering; {@code null} not permitted
 * @param meanService     x, mean task service demand, &gt; 0 (the paper: 1)
 * @param meanIo          z, mean I/O service time, &gt; 0 (the paper: 0.531, a balanced system)
 * @param parallelism     tasks per job; {@code null} not permitted
 * @param service         task service demand; {@code null} not permitted
 * @param cv              C, the branching Erlang's coefficient of variation, &gt; 1 (the paper: 2 or 4)
 * @param parallelismEpoch d, mean length of the epochs of the task-count distribution, &gt; 0 (10, 20, 30)
 * @param serviceEpoch    e, mean length of the epochs of the service distribution, &gt; 0 (10, 20, 30)
 * @param estimationError E, estimates are uniform within +-E of the demand, in [0, 1) (the paper: 0 .. 0.3)
 * @param lstfLimit       l, STF choices before PrLSTF takes the oldest task, at least 1 (the paper: 10)
 * @param warmup          job completions discarded at the start of a replication, at least 0
 * @param measured        job completions measured per replication, at least 1
 */
public record ForkJoinParameters(int processors, int jobs, ForkJoinPolicy policy, double meanService, double meanIo,
                                 Parallelism parallelism, ServiceDemand service, double cv, double parallelismEpoch,
                                 double serviceEpoch, double estimationError, int lstfLimit, int warmup,
                                 int measured) {

    public ForkJoinParameters {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(service, "service");
        positive("processors", processors);
        positive("jobs", jobs);
        positive("meanService", meanService);
        positive("meanIo", meanIo);
        if (!(cv > 1) || !Double.isFinite(cv)) {
            throw new IllegalArgumentException("cv must be finite and > 1, was " + cv);
        }
        positive("parallelismEpoch", parallelismEpoch);
        positive("serviceEpoch", serviceEpoch);
        if (!(estimationError >= 0 && estimationError < 1)) {
            throw new IllegalArgumentException("estimationError must be in [0, 1), was " + estimationError);
        }
        positive("lstfLimit", lstfLimit);
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup must be >= 0, was " + warmup);
        }
        positive("measured", measured);
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be finite and > 0, was " + v);
        }
    }

    /** The paper's settings (P = 16, x = 1, z = 0.531, varying workload, C = 2, d = e = 10, l = 10) for N jobs. */
    public static ForkJoinParameters paper(int jobs, ForkJoinPolicy policy) {
        return new ForkJoinParameters(16, jobs, policy, 1, 0.531, Parallelism.VARYING, ServiceDemand.VARYING, 2, 10,
                10, 0, 10, 2000, 20000);
    }
}
