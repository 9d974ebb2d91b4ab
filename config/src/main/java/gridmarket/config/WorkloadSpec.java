package gridmarket.config;

import java.util.Locale;

/**
 * Where an experiment's jobs come from: an SWF trace ({@code swf}, relative to the experiment file), a Batsim JSON
 * workload ({@code batsim}, likewise) or a generator ({@code generate}), exactly one of the three.
 */
public final class WorkloadSpec {
    private String swf;
    private String batsim;
    private GeneratorSpec generate;
    private String onBadLine = "fail";
    private boolean killAtEstimate;
    private ShapeSpec shape;
    private boolean exactEstimates;

    /** Path of an SWF trace, plain or gzip; relative paths are resolved against the experiment file's folder. */
    public String getSwf() {
        return swf;
    }

    public void setSwf(String swf) {
        if (swf == null || swf.isBlank()) {
            throw new IllegalArgumentException("swf must name a file");
        }
        this.swf = swf;
    }

    /** Path of a Batsim JSON workload ({@link BatsimWorkloadFile}), resolved as {@link #getSwf()} is. */
    public String getBatsim() {
        return batsim;
    }

    public void setBatsim(String batsim) {
        if (batsim == null || batsim.isBlank()) {
            throw new IllegalArgumentException("batsim must name a file");
        }
        this.batsim = batsim;
    }

    /** A generated workload instead of a trace. */
    public GeneratorSpec getGenerate() {
        return generate;
    }

    public void setGenerate(GeneratorSpec generate) {
        this.generate = generate;
    }

    /** {@code fail} (default): a malformed SWF line is an error; {@code skip}: it is dropped and counted. */
    public String getOnBadLine() {
        return onBadLine;
    }

    public void setOnBadLine(String onBadLine) {
        String v = onBadLine == null ? "" : onBadLine.toLowerCase(Locale.ROOT);
        if (!v.equals("fail") && !v.equals("skip")) {
            throw new IllegalArgumentException("onBadLine must be fail or skip, got '" + onBadLine + "'");
        }
        this.onBadLine = v;
    }

    /** Trace shaping (index range, width limit, shift, wide-job split); {@code null} = none. */
    public ShapeSpec getShape() {
        return shape;
    }

    public void setShape(ShapeSpec shape) {
        this.shape = shape;
    }

    /**
     * If true, every estimate equals the job's run time: schedulers know exact run times, as in the thesis' Table 2.4
     * and in models that reserve at submission and never move a reservation.
     */
    public boolean isExactEstimates() {
        return exactEstimates;
    }

    public void setExactEstimates(boolean exactEstimates) {
        this.exactEstimates = exactEstimates;
    }

    /** If true, a job runs at most its requested time (it is killed at its estimate). */
    public boolean isKillAtEstimate() {
        return killAtEstimate;
    }

    public void setKillAtEstimate(boolean killAtEstimate) {
        this.killAtEstimate = killAtEstimate;
    }
}
