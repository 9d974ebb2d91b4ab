package gridmarket.sim.workload;

import ec.util.MersenneTwisterFast;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The synthetic workloads of seed 004 (SPEC W3(c)): Aida, Kasahara and Narita, "Job Scheduling Scheme for Pure Space
 * Sharing among Rigid Jobs", Sect. 4.1 "Simulation Model". Jobs arrive as a Poisson stream, run for an exponentially
 * distributed time and request a number of processors drawn from one of the paper's two models; the arrival rate is
 * set from the load of the paper's formula (1), {@code rho = lambda * p / (m * mu)}.
 *
 * <p>The paper's own settings, for reference: mean execution time {@code 1/mu} = 10 s and 5000 jobs per replication
 * (Sect. 4.1); "Uniform Dist." with 256 processors, or "Real Dist." (Table 2) on the 8-processor Cenju-3
 * (Sect. 4.1); the Cenju-3 experiment of Sect. 6.3 used 500 jobs, processors uniform on [1, 8] and a mean execution
 * time of 32 s. {@link #builder()} starts from the Sect. 4.1 uniform model.
 *
 * <p>Discretisation (times are integer seconds, SPEC "Event order"): the k-th arrival instant is the sum of k
 * exponential inter-arrival draws, rounded to the nearest second, so the <em>first job is submitted at time 0</em> and
 * the trace starts at 0 like a shifted real trace (SPEC W2); a run time is {@code max(1, round(draw))} seconds. Because
 * that rounding raises the mean run time slightly (about 0.45 % at 10 s), {@code 1/mu} in formula (1) is taken as the
 * exact mean of the run times actually produced ({@link #expectedRunTime()}), which the paper defines it to be ("1/mu
 * denotes the mean execution time of a job"); the offered load of the generated jobs is then {@code rho} in
 * expectation.
 *
 * <p>Reproducibility: one {@link MersenneTwisterFast} per call of {@link #generate()}, seeded with all 64 bits of the
 * seed; per job it draws, in this order, the inter-arrival gap (not for the first job), the run time and the processor
 * count. The same parameters give the same jobs on every machine and JVM.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class PoissonWorkloadGenerator {

    /** The processor-count models of Sect. 4.1 of seed 004. */
    public enum ProcessorDistribution {
        /**
         * Uniform integer on {@code 1..m}. Sect. 4.1 model 1, "Uniform Dist.": "uniformly distributed on [1, 256], and
         * the multiprocessor system has 256 processors"; Sect. 6.3 uses the same on [1, 8] for the Cenju-3 runs.
         * Allowed for any machine size.
         */
        UNIFORM,
        /**
         * Sect. 4.1 model 2, "Real Dist.": Table 2 "The number of requested processors", measured on 10027 jobs of the
         * authors' 8-processor NEC Cenju-3. Only for {@code m = 8}.
         */
        CENJU3;

        /** Lower-case name used in source descriptions, e.g. {@code uniform}. */
        public String key() {
            return name().toLowerCase();
        }

        /**
         * The probability of each processor count on a machine of {@code nodes} nodes: element {@code k-1} is
         * P(p = k). For {@link #CENJU3} these are Table 2's ratios divided by their sum (the printed ratios, rounded to
         * four places, add up to 0.9999).
         *
         * @throws IllegalArgumentException if the distribution is not defined for that machine size
         */
        public double[] probabilities(int nodes) {
            checkNodes(this, nodes);
            double[] p = new double[nodes];
            if (this == UNIFORM) {
                Arrays.fill(p, 1.0 / nodes);
            } else {
                for (int k = 0; k < nodes; k++) {
                    p[k] = CENJU3_RATIOS[k] / CENJU3_SUM;
                }
            }
            return p;
        }

        /**
         * The mean processor count {@code p} of formula (1) on a machine of {@code nodes} nodes: {@code (m+1)/2} for
         * {@link #UNIFORM}, about 4.6261 for {@link #CENJU3}.
         *
         * @throws IllegalArgumentException if the distribution is not defined for that machine size
         */
        public double mean(int nodes) {
            double[] p = probabilities(nodes);
            double mean = 0;
            for (int k = 0; k < p.length; k++) {
                mean += (k + 1) * p[k];
            }
            return mean;
        }

        int sample(MersenneTwisterFast random, int nodes) {
            if (this == UNIFORM) {
                return 1 + random.nextInt(nodes);
            }
            double u = random.nextDouble() * CENJU3_SUM;
            double cumulative = 0;
            for (int k = 0; k < CENJU3_RATIOS.length; k++) {
                cumulative += CENJU3_RATIOS[k];
                if (u < cumulative) {
                    return k + 1;
                }
            }
            // u can reach the sum only through rounding of the running total
            return CENJU3_RATIOS.length;
        }
    }

    /** Machine size of the NEC Cenju-3 Model 8S that Table 2 was measured on (Sect. 4.1, Sect. 6.1). */
    public static final int CENJU3_NODES = 8;

    /**
     * Seed 004, Sect. 4.1, Table 2 "The number of requested processors": the ratio of jobs requesting 1, 2, ..., 8
     * processors, copied as printed.
     */
    static final double[] CENJU3_RATIOS = {0.1698, 0.1718, 0.0464, 0.1837, 0.0295, 0.0316, 0.0357, 0.3314};

    private static final double CENJU3_SUM;

    static {
        double s = 0;
        for (double r : CENJU3_RATIOS) {
            s += r;
        }
        CENJU3_SUM = s;
    }

    /**
     * What to generate. Immutable; every component is validated on construction.
     *
     * @param jobs           number of jobs, greater than zero
     * @param nodes          machine size {@code m} in nodes, greater than zero ({@link #CENJU3_NODES} for CENJU3)
     * @param load           offered load {@code rho} of formula (1), greater than zero (values of 1 or more make an
     *                       overloaded machine, which is allowed)
     * @param meanRunTime    mean of the exponential run-time draw in seconds ({@code 1/mu} before rounding to whole
     *                       seconds), finite and greater than zero
     * @param processors     processor-count model; {@code null} not permitted
     * @param overEstimation factor {@code f >= 1}: estimate = {@code ceil(runTime * f)} seconds; 1 means exact
     *                       estimates (the paper's schedulers either know the run time exactly or not at all)
     * @param users          number of synthetic users, at least 0: 0 gives every job user -1 (unknown, as the paper
     *                       has no users); {@code k > 0} gives job {@code i} (0-based) user {@code 1 + i mod k}
     * @param seed           random seed; all 64 bits are used
     */
    public record Parameters(int jobs, int nodes, double load, double meanRunTime, ProcessorDistribution processors,
                             double overEstimation, int users, long seed) {

        public Parameters {
            if (jobs <= 0) {
                throw new IllegalArgumentException("jobs must be > 0, was " + jobs);
            }
            if (nodes <= 0) {
                throw new IllegalArgumentException("nodes must be > 0, was " + nodes);
            }
            if (!(load > 0) || !Double.isFinite(load)) {
                throw new IllegalArgumentException("load must be finite and > 0, was " + load);
            }
            if (!(meanRunTime > 0) || !Double.isFinite(meanRunTime)) {
                throw new IllegalArgumentException("meanRunTime must be finite and > 0 seconds, was " + meanRunTime);
            }
            Objects.requireNonNull(processors, "processors");
            checkNodes(processors, nodes);
            if (!(overEstimation >= 1) || !Double.isFinite(overEstimation)) {
                throw new IllegalArgumentException("overEstimation must be finite and >= 1, was " + overEstimation);
            }
            if (users < 0) {
                throw new IllegalArgumentException("users must be >= 0, was " + users);
            }
        }

        /** The same parameters with another seed, for replications. */
        public Parameters withSeed(long newSeed) {
            return new Parameters(jobs, nodes, load, meanRunTime, processors, overEstimation, users, newSeed);
        }

        /**
         * The description used as the workload's source, e.g. {@code poisson(jobs=5000, nodes=256, load=0.5,
         * meanRunTime=10.0, processors=uniform, overEstimation=1.0, users=0, seed=1)}; it names every parameter, so
         * the workload can be generated again from it.
         */
        public String describe() {
            return "poisson(jobs=" + jobs + ", nodes=" + nodes + ", load=" + load + ", meanRunTime=" + meanRunTime
                    + ", processors=" + processors.key() + ", overEstimation=" + overEstimation + ", users=" + users
                    + ", seed=" + seed + ")";
        }
    }

    /**
     * Builds {@link Parameters}. Defaults are the paper's Sect. 4.1 uniform model: 5000 jobs, 256 nodes,
     * {@link ProcessorDistribution#UNIFORM}, mean run time 10 s; plus load 0.5 (the load of Table 3), exact estimates,
     * no users and seed 0.
     */
    public static final class Builder {
        private int jobs = 5000;
        private int nodes = 256;
        private double load = 0.5;
        private double meanRunTime = 10;
        private ProcessorDistribution processors = ProcessorDistribution.UNIFORM;
        private double overEstimation = 1;
        private int users;
        private long seed;

        private Builder() {
        }

        /** Number of jobs. */
        public Builder jobs(int v) {
            jobs = v;
            return this;
        }

        /** Machine size {@code m} in nodes. */
        public Builder nodes(int v) {
            nodes = v;
            return this;
        }

        /** Offered load {@code rho}. */
        public Builder load(double v) {
            load = v;
            return this;
        }

        /** Mean run time in seconds. */
        public Builder meanRunTime(double v) {
            meanRunTime = v;
            return this;
        }

        /** Processor-count model. */
        public Builder processors(ProcessorDistribution v) {
            processors = v;
            return this;
        }

        /** Estimate over-estimation factor, at least 1. */
        public Builder overEstimation(double v) {
            overEstimation = v;
            return this;
        }

        /** Number of synthetic users; 0 for none (user -1). */
        public Builder users(int v) {
            users = v;
            return this;
        }

        /** Random seed. */
        public Builder seed(long v) {
            seed = v;
            return this;
        }

        /**
         * The parameters.
         *
         * @throws IllegalArgumentException naming the first invalid parameter and its value
         */
        public Parameters build() {
            return new Parameters(jobs, nodes, load, meanRunTime, processors, overEstimation, users, seed);
        }
    }

    private final Parameters parameters;

    /** A generator for the given parameters; {@code null} not permitted. */
    public PoissonWorkloadGenerator(Parameters parameters) {
        this.parameters = Objects.requireNonNull(parameters, "parameters");
    }

    /** A builder holding the defaults of {@link Builder}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The parameters this generator was made with. */
    public Parameters parameters() {
        return parameters;
    }

    /**
     * The mean run time in seconds of the generated jobs, {@code E[max(1, round(X))]} for X exponential with mean
     * {@code meanRunTime}: this is {@code 1/mu} of formula (1). Exact, not estimated: with {@code q(x) = e^(-x/mean)},
     * P(round X >= k) = q(k - 1/2) for k >= 1, whose sum is {@code q(1/2) / (1 - q(1))}, and the {@code max(1, .)}
     * adds P(round X = 0) = {@code 1 - q(1/2)}.
     */
    public double expectedRunTime() {
        double theta = parameters.meanRunTime();
        double half = Math.exp(-0.5 / theta);
        // expm1 keeps 1 - q(1) accurate when the mean is many seconds and q(1) is close to 1
        return half / -Math.expm1(-1 / theta) - Math.expm1(-0.5 / theta);
    }

    /** The mean processor count {@code p} of formula (1) for these parameters. */
    public double meanProcessors() {
        return parameters.processors().mean(parameters.nodes());
    }

    /**
     * The Poisson arrival rate {@code lambda} in jobs per second, from formula (1) solved for lambda:
     * {@code lambda = rho * m * mu / p}, with {@code 1/mu} = {@link #expectedRunTime()} and {@code p} =
     * {@link #meanProcessors()}.
     */
    public double arrivalRate() {
        return parameters.load() * parameters.nodes() / (meanProcessors() * expectedRunTime());
    }

    /**
     * Generates the workload: jobs numbered 1..n (id) and 0..n-1 (order) in submission order, status 1 (completed),
     * requested time = estimate. The header (without leading {@code ;}) carries SWF fields ({@code Version},
     * {@code MaxJobs}, {@code MaxRecords}, {@code MaxNodes}, {@code MaxProcs}) and notes naming the model, every
     * parameter and the derived rates, so a written SWF file says how to make it again.
     */
    public Workload generate() {
        Parameters p = parameters;
        long seed = p.seed();
        // MersenneTwisterFast(long) keeps only the low 32 bits of the seed; the array form takes all 64
        MersenneTwisterFast random = new MersenneTwisterFast(new int[] {(int) seed, (int) (seed >>> 32)});
        double meanGap = 1 / arrivalRate();
        List<Job> jobs = new ArrayList<>(p.jobs());
        double arrival = 0;
        for (int i = 0; i < p.jobs(); i++) {
            if (i > 0) {
                arrival += exponential(random, meanGap);
            }
            long submit = Math.round(arrival);
            long runTime = Math.max(1, Math.round(exponential(random, p.meanRunTime())));
            int nodes = p.processors().sample(random, p.nodes());
            long estimate = estimate(runTime, p.overEstimation());
            int user = p.users() == 0 ? -1 : 1 + i % p.users();
            jobs.add(new Job(i + 1, i, submit, runTime, estimate, nodes, user, 1, estimate));
        }
        return new Workload(p.describe(), header(), jobs, Map.of());
    }

    private List<String> header() {
        Parameters p = parameters;
        return List.of(
                "Version: 2.2",
                "Computer: synthetic machine of " + p.nodes() + " nodes",
                "Note: generated by gridmarket " + p.describe(),
                "Note: model of Aida, Kasahara, Narita, Job Scheduling Scheme for Pure Space Sharing among Rigid Jobs,"
                        + " Sect. 4.1: Poisson arrivals, exponential run times, processors "
                        + (p.processors() == ProcessorDistribution.UNIFORM
                                ? "uniform on [1, " + p.nodes() + "]" : "as Table 2 (Cenju-3)"),
                "Note: lambda = " + arrivalRate() + " jobs/s, p = " + meanProcessors() + ", 1/mu = "
                        + expectedRunTime() + " s (mean of the rounded run times), rho = lambda p / (m mu) = "
                        + p.load(),
                "MaxJobs: " + p.jobs(),
                "MaxRecords: " + p.jobs(),
                "Preemption: No",
                "MaxNodes: " + p.nodes(),
                "MaxProcs: " + p.nodes());
    }

    /** An exponential draw with the given mean; {@code 1 - u} lies in (0, 1], so the logarithm is finite. */
    private static double exponential(MersenneTwisterFast random, double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }

    /**
     * {@code ceil(runTime * f)} in decimal arithmetic, so that for example f = 1.1 on 10 s gives 11 s rather than the
     * 12 s that the binary product 11.000000000000002 would round up to.
     */
    static long estimate(long runTime, double factor) {
        if (factor == 1) {
            return runTime;
        }
        return BigDecimal.valueOf(runTime).multiply(BigDecimal.valueOf(factor))
                .setScale(0, RoundingMode.CEILING).longValueExact();
    }

    private static void checkNodes(ProcessorDistribution d, int nodes) {
        if (nodes <= 0) {
            throw new IllegalArgumentException("nodes must be > 0, was " + nodes);
        }
        if (d == ProcessorDistribution.CENJU3 && nodes != CENJU3_NODES) {
            throw new IllegalArgumentException("processors=cenju3 needs nodes=" + CENJU3_NODES
                    + " (Table 2 of seed 004 is for the 8-processor Cenju-3), was nodes=" + nodes);
        }
    }
}
