package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import gridmarket.sim.forkjoin.ForkJoinParameters;
import gridmarket.sim.forkjoin.ForkJoinPolicy;
import gridmarket.sim.forkjoin.Parallelism;
import gridmarket.sim.forkjoin.ServiceDemand;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The {@code forkjoin} section of an experiment with {@code model: forkjoin}: Karatza and Hilzer's closed system
 * (seed 001; SPEC S1). Defaults are the paper's settings with N = 16, C = 2 and d = e = 10. Setters reject values
 * out of range, so the loader can name the line and column.
 *
 * <pre>
 * model: forkjoin
 * forkjoin: {policy: sqfcfs, jobs: 48, cv: 4, parallelismEpoch: 20, serviceEpoch: 20, replications: 10}
 * </pre>
 */
@JsonPropertyOrder({"policy", "processors", "jobs", "meanService", "meanIo", "parallelism", "service", "cv",
        "parallelismEpoch", "serviceEpoch", "estimationError", "lstfLimit", "warmup", "measured", "replications"})
public final class ForkJoinSpec {
    private String policy = ForkJoinPolicy.PRFCFS.key();
    private int processors = 16;
    private int jobs = 16;
    private double meanService = 1;
    private double meanIo = 0.531;
    private String parallelism = "varying";
    private String service = "varying";
    private double cv = 2;
    private double parallelismEpoch = 10;
    private double serviceEpoch = 10;
    private double estimationError;
    private int lstfLimit = 10;
    private int warmup = 2000;
    private int measured = 20000;
    private int replications = 10;

    /** Routing x ordering: {@code prfcfs | sqfcfs | prstf | prsnutf | prlstf}. */
    public String getPolicy() {
        return policy;
    }

    public void setPolicy(String policy) {
        if (ForkJoinPolicy.byKey(policy) == null) {
            throw new IllegalArgumentException("unknown policy '" + policy + "' (expected " + ForkJoinPolicy.keys()
                    + ")");
        }
        this.policy = policy;
    }

    /** P, the number of processors (1 .. 1024). */
    public int getProcessors() {
        return processors;
    }

    public void setProcessors(int processors) {
        this.processors = inRange("processors", processors, 1, 1024);
    }

    /** N, the degree of multiprogramming (1 .. 100,000). */
    public int getJobs() {
        return jobs;
    }

    public void setJobs(int jobs) {
        this.jobs = inRange("jobs", jobs, 1, 100_000);
    }

    /** x, the mean task service demand (&gt; 0). */
    public double getMeanService() {
        return meanService;
    }

    public void setMeanService(double meanService) {
        this.meanService = positive("meanService", meanService);
    }

    /** z, the mean I/O service time (&gt; 0). */
    public double getMeanIo() {
        return meanIo;
    }

    public void setMeanIo(double meanIo) {
        this.meanIo = positive("meanIo", meanIo);
    }

    /** Tasks per job: {@code varying | uniform | normal | one}. */
    public String getParallelism() {
        return parallelism;
    }

    public void setParallelism(String parallelism) {
        this.parallelism = key("parallelism", parallelism, Parallelism.values());
    }

    /** Task service demand: {@code varying | exponential | branching_erlang}. */
    public String getService() {
        return service;
    }

    public void setService(String service) {
        this.service = key("service", service, ServiceDemand.values());
    }

    /** C, the branching Erlang's coefficient of variation (&gt; 1). */
    public double getCv() {
        return cv;
    }

    public void setCv(double cv) {
        if (!(cv > 1) || !Double.isFinite(cv)) {
            throw new IllegalArgumentException("cv must be a number > 1, got " + cv);
        }
        this.cv = cv;
    }

    /** d, the mean epoch of the task-count distribution (&gt; 0). */
    public double getParallelismEpoch() {
        return parallelismEpoch;
    }

    public void setParallelismEpoch(double parallelismEpoch) {
        this.parallelismEpoch = positive("parallelismEpoch", parallelismEpoch);
    }

    /** e, the mean epoch of the service-demand distribution (&gt; 0). */
    public double getServiceEpoch() {
        return serviceEpoch;
    }

    public void setServiceEpoch(double serviceEpoch) {
        this.serviceEpoch = positive("serviceEpoch", serviceEpoch);
    }

    /** E, the relative estimation error of service demands, in [0, 1). */
    public double getEstimationError() {
        return estimationError;
    }

    public void setEstimationError(double estimationError) {
        if (!(estimationError >= 0 && estimationError < 1)) {
            throw new IllegalArgumentException("estimationError must be in [0, 1), got " + estimationError);
        }
        this.estimationError = estimationError;
    }

    /** l, STF choices in a row before PrLSTF takes the oldest task (1 .. 1000). */
    public int getLstfLimit() {
        return lstfLimit;
    }

    public void setLstfLimit(int lstfLimit) {
        this.lstfLimit = inRange("lstfLimit", lstfLimit, 1, 1000);
    }

    /** Job completions discarded at the start of each replication (0 .. 10,000,000). */
    public int getWarmup() {
        return warmup;
    }

    public void setWarmup(int warmup) {
        this.warmup = inRange("warmup", warmup, 0, 10_000_000);
    }

    /** Job completions measured per replication (1 .. 100,000,000). */
    public int getMeasured() {
        return measured;
    }

    public void setMeasured(int measured) {
        this.measured = inRange("measured", measured, 1, 100_000_000);
    }

    /** Independent replications (1 .. 1000); 2 or more give confidence intervals. */
    public int getReplications() {
        return replications;
    }

    public void setReplications(int replications) {
        this.replications = inRange("replications", replications, 1, 1000);
    }

    /** The model's parameters. */
    public ForkJoinParameters toParameters() {
        return new ForkJoinParameters(processors, jobs, ForkJoinPolicy.byKey(policy), meanService, meanIo,
                Parallelism.valueOf(parallelism.toUpperCase(Locale.ROOT)),
                ServiceDemand.valueOf(service.toUpperCase(Locale.ROOT)), cv, parallelismEpoch, serviceEpoch,
                estimationError, lstfLimit, warmup, measured);
    }

    private static int inRange(String name, int v, int min, int max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + " must be in " + min + " .. " + max + ", got " + v);
        }
        return v;
    }

    /**
     * A mean time or epoch length: within [1e-6, 1e9] (a checked range: outside it the next event time rounds to the
     * current one, or to infinity, and the simulated clock would stop).
     */
    private static double positive(String name, double v) {
        if (!(v >= 1e-6 && v <= 1e9)) {
            throw new IllegalArgumentException(name + " must be a number in [1e-6, 1e9], got " + v);
        }
        return v;
    }

    private static String key(String name, String value, Enum<?>[] values) {
        String keys = Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(" | "));
        if (value == null || Arrays.stream(values).noneMatch(v -> v.name().toLowerCase(Locale.ROOT).equals(value))) {
            throw new IllegalArgumentException("unknown " + name + " '" + value + "' (expected " + keys + ")");
        }
        return value;
    }
}
