package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import gridmarket.sim.ibts.IbtsParameters;

/**
 * The {@code ibts} section of an experiment with {@code model: ibts}: da Silva, Campos and Scherson's IBTS and
 * IBTS-parallel on one job set (seed 002, Sect. 4; SPEC S2). Defaults are the paper's where it gives them (1024
 * processors, 10 classes of 50 jobs, 2 arrivals per slice, 100-instruction slices, 0.001 communications per
 * instruction); thread length and communication latency are this project's choices (docs/EXPERIMENTS.md).
 */
@JsonPropertyOrder({"processors", "classes", "jobsPerClass", "arrivalsPerSlice", "quantum", "meanLength",
        "commRate", "commLatency", "replications"})
public final class IbtsSpec {
    private int processors = 1024;
    private int classes = 10;
    private int jobsPerClass = 50;
    private double arrivalsPerSlice = 2;
    private int quantum = 100;
    private double meanLength = 2000;
    private double commRate = 0.001;
    private int commLatency = 100;
    private int replications = 10;

    public int getProcessors() {
        return processors;
    }

    public void setProcessors(int v) {
        processors = inRange("processors", v, 1, 65536);
    }

    public int getClasses() {
        return classes;
    }

    public void setClasses(int v) {
        classes = inRange("classes", v, 1, 1000);
    }

    public int getJobsPerClass() {
        return jobsPerClass;
    }

    public void setJobsPerClass(int v) {
        jobsPerClass = inRange("jobsPerClass", v, 1, 100_000);
    }

    /** Mean Poisson arrivals per slice (&gt; 0). */
    public double getArrivalsPerSlice() {
        return arrivalsPerSlice;
    }

    public void setArrivalsPerSlice(double v) {
        if (!(v >= 1e-6 && v <= 1e6)) { // outside, arrival times overflow the slice counter or never come
            throw new IllegalArgumentException("arrivalsPerSlice must be a number in [1e-6, 1e6], got " + v);
        }
        arrivalsPerSlice = v;
    }

    /** Instructions per slice. */
    public int getQuantum() {
        return quantum;
    }

    public void setQuantum(int v) {
        quantum = inRange("quantum", v, 1, 1_000_000);
    }

    /** Mean instructions per thread (&gt; 0). */
    public double getMeanLength() {
        return meanLength;
    }

    public void setMeanLength(double v) {
        if (!(v > 0) || !Double.isFinite(v) || v > 1e9) {
            throw new IllegalArgumentException("meanLength must be a number in (0, 1e9], got " + v);
        }
        meanLength = v;
    }

    /** Probability that an instruction communicates, in [0, 1). */
    public double getCommRate() {
        return commRate;
    }

    public void setCommRate(double v) {
        if (!(v >= 0 && v < 1)) {
            throw new IllegalArgumentException("commRate must be in [0, 1), got " + v);
        }
        commRate = v;
    }

    /** Instruction times a thread waits per communication. */
    public int getCommLatency() {
        return commLatency;
    }

    public void setCommLatency(int v) {
        commLatency = inRange("commLatency", v, 0, 1_000_000);
    }

    /** Job sets (seeds seed, seed + 1, ...), each run under both schedulers. */
    public int getReplications() {
        return replications;
    }

    public void setReplications(int v) {
        replications = inRange("replications", v, 1, 1000);
    }

    /** The model's parameters. */
    public IbtsParameters toParameters() {
        return new IbtsParameters(processors, classes, jobsPerClass, arrivalsPerSlice, quantum, meanLength, commRate,
                commLatency);
    }

    private static int inRange(String name, int v, int min, int max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + " must be in " + min + " .. " + max + ", got " + v);
        }
        return v;
    }
}
