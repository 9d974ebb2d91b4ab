package gridmarket.config;

import java.util.Locale;

/**
 * A generated workload. {@code poisson} (SPEC W3c): Poisson arrivals, exponential run times, processors uniform over
 * 1..nodes or the Cenju-3 distribution, at a given offered load; defaults give a short run on 256 nodes.
 * {@code probabilistic} (W3a): the model of thesis section 2.8.3 fitted to the trace named by {@code fit} (Weibull
 * inter-arrival times, empirical bins of processors, estimate and run time): the thesis' {@code syn} workload.
 * {@code randomized} (W3b): thesis Table 2.3, every parameter uniform; reads only {@code jobs}, {@code nodes} (the
 * widest job) and {@code seed}.
 */
public final class GeneratorSpec {
    /** {@link SettingsSchema#MAX_JOBS}. */
    public static final int MAX_JOBS = SettingsSchema.MAX_JOBS;
    /** {@link SettingsSchema#MAX_OVER_ESTIMATE}. */
    public static final double MAX_OVER_ESTIMATE = SettingsSchema.MAX_OVER_ESTIMATE;
    /** {@link SettingsSchema#MAX_MEAN_RUN_TIME}. */
    public static final long MAX_MEAN_RUN_TIME = SettingsSchema.MAX_MEAN_RUN_TIME;

    private String model = "poisson";
    private int jobs = 2000;
    private int nodes = 256;
    private double load = 0.7;
    private long meanRunTime = 3600;
    private String processors = "uniform";
    private double overEstimate = 1.0;
    private Long seed;
    private String fit;

    /** The generator: {@code poisson}, {@code probabilistic} or {@code randomized}. */
    public String getModel() {
        return model;
    }

    public void setModel(String model) {
        if (!"poisson".equals(model) && !"probabilistic".equals(model) && !"randomized".equals(model)) {
            throw new IllegalArgumentException("unknown workload model '" + model
                    + "' (expected poisson | probabilistic | randomized)");
        }
        this.model = model;
    }

    /** For {@code probabilistic}: the SWF trace the model is fitted to, relative to the experiment file. */
    public String getFit() {
        return fit;
    }

    public void setFit(String fit) {
        if (fit == null || fit.isBlank()) {
            throw new IllegalArgumentException("fit must name an SWF trace");
        }
        this.fit = fit;
    }

    /** Number of jobs, at least 1. */
    public int getJobs() {
        return jobs;
    }

    public void setJobs(int jobs) {
        if (!SettingsSchema.GENERATE_JOBS.allows(jobs)) {
            throw new IllegalArgumentException("jobs must be " + (jobs < 1 ? "at least 1" : "at most " + MAX_JOBS)
                    + ", got " + jobs);
        }
        this.jobs = jobs;
    }

    /** The machine size the load and the processor distribution refer to. */
    public int getNodes() {
        return nodes;
    }

    public void setNodes(int nodes) {
        if (!SettingsSchema.GENERATE_NODES.allows(nodes)) {
            throw new IllegalArgumentException("nodes must be " + (nodes < 1 ? "at least 1" : "at most "
                    + SettingsSchema.MAX_NODES) + ", got " + nodes);
        }
        this.nodes = nodes;
    }

    /** Offered load rho = lambda * E[p] / (nodes * mu), greater than 0. */
    public double getLoad() {
        return load;
    }

    public void setLoad(double load) {
        if (!SettingsSchema.GENERATE_LOAD.allows(load)) { // outside, inter-arrival times overflow the clock
            throw new IllegalArgumentException("load must be in " + SettingsSchema.GENERATE_LOAD.range() + ", got "
                    + load);
        }
        this.load = load;
    }

    /** Mean run time 1/mu in seconds, at least 1. */
    public long getMeanRunTime() {
        return meanRunTime;
    }

    public void setMeanRunTime(long meanRunTime) {
        if (meanRunTime < SettingsSchema.GENERATE_MEAN_RUN_TIME.min()) {
            throw new IllegalArgumentException("meanRunTime must be at least 1 second, got " + meanRunTime);
        }
        if (!SettingsSchema.GENERATE_MEAN_RUN_TIME.allows(meanRunTime)) {
            throw new IllegalArgumentException("meanRunTime must be at most " + MAX_MEAN_RUN_TIME + " seconds, got "
                    + meanRunTime);
        }
        this.meanRunTime = meanRunTime;
    }

    /** Processor distribution: {@code uniform} (1..nodes) or {@code cenju3} (8 nodes). */
    public String getProcessors() {
        return processors;
    }

    public void setProcessors(String processors) {
        String p = processors == null ? "" : processors.toLowerCase(Locale.ROOT);
        if (!p.equals("uniform") && !p.equals("cenju3")) {
            throw new IllegalArgumentException("unknown processor distribution '" + processors
                    + "' (expected uniform | cenju3)");
        }
        this.processors = p;
    }

    /** Estimate = ceil(run time * overEstimate); 1 means exact estimates. */
    public double getOverEstimate() {
        return overEstimate;
    }

    public void setOverEstimate(double overEstimate) {
        if (!SettingsSchema.GENERATE_OVER_ESTIMATE.allows(overEstimate)) { // beyond, estimates leave the clock
            throw new IllegalArgumentException("overEstimate must be at least 1 and at most " + MAX_OVER_ESTIMATE
                    + ", got " + overEstimate);
        }
        this.overEstimate = overEstimate;
    }

    /** Seed of the generator; {@code null} means the experiment's seed. */
    public Long getSeed() {
        return seed;
    }

    public void setSeed(Long seed) {
        this.seed = seed;
    }
}
