package gridmarket.sim.ibts;

/**
 * The workload and machine of da Silva, Campos and Scherson's IBTS experiment (seed 002, Sect. 4; SPEC S2). Time is
 * counted in slices: a slice is {@code quantum} instruction times, in which every scheduled thread executes up to
 * {@code quantum} instructions. Immutable; validated on construction.
 *
 * @param processors        P, the machine's processors, at least 1 (the paper: 1024)
 * @param classes           job classes, at least 1 (10); class k (1-based) has {@code ceil(k * P / classes)}
 *                          threads, its degree of parallelism
 * @param jobsPerClass      jobs in each class, at least 1 (50); jobs arrive taking one class after the other
 * @param arrivalsPerSlice  mean Poisson arrival rate in jobs per slice, &gt; 0 (2)
 * @param quantum           instructions per slice, at least 1 (100)
 * @param meanLength        mean instructions of a job's threads, &gt; 0; every thread of a job has the same
 *                          count (data parallel), drawn exponential and rounded up
 * @param commRate          probability that an instruction is a communication, in [0, 1) (0.001)
 * @param commLatency       instruction times a thread waits for one communication, at least 0
 */
public record IbtsParameters(int processors, int classes, int jobsPerClass, double arrivalsPerSlice, int quantum,
                             double meanLength, double commRate, int commLatency) {

    public IbtsParameters {
        atLeast("processors", processors, 1);
        atLeast("classes", classes, 1);
        atLeast("jobsPerClass", jobsPerClass, 1);
        atLeast("quantum", quantum, 1);
        atLeast("commLatency", commLatency, 0);
        if (!(arrivalsPerSlice > 0) || !Double.isFinite(arrivalsPerSlice)) {
            throw new IllegalArgumentException("arrivalsPerSlice must be finite and > 0, was " + arrivalsPerSlice);
        }
        if (!(meanLength > 0) || !Double.isFinite(meanLength)) {
            throw new IllegalArgumentException("meanLength must be finite and > 0, was " + meanLength);
        }
        if (!(commRate >= 0 && commRate < 1)) {
            throw new IllegalArgumentException("commRate must be in [0, 1), was " + commRate);
        }
    }

    private static void atLeast(String name, int v, int min) {
        if (v < min) {
            throw new IllegalArgumentException(name + " must be >= " + min + ", was " + v);
        }
    }

    /** Threads of a class-k job (k = 1..classes). */
    public int threads(int k) {
        return (int) Math.min(processors, ((long) k * processors + classes - 1) / classes);
    }
}
