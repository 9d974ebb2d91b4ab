package gridmarket.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Node failures of a run (docs/FAILURES.md): a failure trace ({@code trace}, a CSV file read by
 * {@link FailureTrace}), maintenance windows known in advance ({@code maintenance}, a CSV file of the same format),
 * failure models per machine ({@code models}), and the checkpoint interval of running jobs
 * ({@code checkpoint}, seconds; 0, the default, restarts a killed job from scratch); and, in the market, domain
 * outages: traders unreachable for a while, from a CSV file ({@code outages}, read by {@link OutageTrace}) or drawn
 * per domain ({@code outageModels}), how long a round waits for an unreachable domain ({@code outageTimeout}) and where
 * an unreachable domain's users send new requests ({@code fallback}). The outage keys are {@code null} when unset,
 * so that an experiment without them is written as it was.
 */
public final class FailuresSpec {
    /** The default {@code outageTimeout}, seconds (docs/FAILURES.md says why). */
    public static final long DEFAULT_OUTAGE_TIMEOUT = 60;

    private String trace;
    private String maintenance;
    private List<FailureModelSpec> models = new ArrayList<>();
    private long checkpoint;
    private String outages;
    private List<DomainOutageModelSpec> outageModels;
    private Long outageTimeout;
    private String fallback;

    /** The failure trace's path as written (relative to the experiment file), or {@code null}. */
    public String getTrace() {
        return trace;
    }

    public void setTrace(String trace) {
        this.trace = trace;
    }

    /** The maintenance schedule's path as written (relative to the experiment file), or {@code null}. */
    public String getMaintenance() {
        return maintenance;
    }

    public void setMaintenance(String maintenance) {
        this.maintenance = maintenance;
    }

    public List<FailureModelSpec> getModels() {
        return models;
    }

    public void setModels(List<FailureModelSpec> models) {
        if (models == null) {
            throw new IllegalArgumentException("models must be a list");
        }
        this.models = models;
    }

    /** Seconds between checkpoints of a running job; 0 for none. */
    public long getCheckpoint() {
        return checkpoint;
    }

    public void setCheckpoint(long checkpoint) {
        if (!SettingsSchema.FAILURES_CHECKPOINT.allows(checkpoint)) {
            throw new IllegalArgumentException("checkpoint must be between 0 and " + SettingsSchema.MAX_SECONDS
                    + " seconds, got " + checkpoint);
        }
        this.checkpoint = checkpoint;
    }

    /** The domain outage file's path as written (relative to the experiment file), or {@code null}. */
    public String getOutages() {
        return outages;
    }

    public void setOutages(String outages) {
        this.outages = outages;
    }

    /** The domain outage models as written, or {@code null} if none were given. */
    public List<DomainOutageModelSpec> getOutageModels() {
        return outageModels;
    }

    public void setOutageModels(List<DomainOutageModelSpec> outageModels) {
        if (outageModels == null) {
            throw new IllegalArgumentException("outageModels must be a list");
        }
        this.outageModels = outageModels;
    }

    /** The domain outage models, empty if none. */
    public List<DomainOutageModelSpec> outageModelList() {
        return outageModels == null ? List.of() : outageModels;
    }

    /** Seconds a round waits for an unreachable domain beyond its answer's round trip, as written, or {@code null}. */
    public Long getOutageTimeout() {
        return outageTimeout;
    }

    public void setOutageTimeout(Long outageTimeout) {
        if (outageTimeout == null || !SettingsSchema.FAILURES_OUTAGE_TIMEOUT.allows(outageTimeout)) {
            throw new IllegalArgumentException("outageTimeout must be between 1 and " + SettingsSchema.MAX_SECONDS
                    + " seconds, got " + outageTimeout);
        }
        this.outageTimeout = outageTimeout;
    }

    /** The timeout the run uses: as written, or {@link #DEFAULT_OUTAGE_TIMEOUT}. */
    public long outageTimeoutSeconds() {
        return outageTimeout == null ? DEFAULT_OUTAGE_TIMEOUT : outageTimeout;
    }

    /** {@code wait} or a domain's name, as written, or {@code null}. */
    public String getFallback() {
        return fallback;
    }

    public void setFallback(String fallback) {
        this.fallback = fallback;
    }

    /** Where an unreachable domain's users send new requests: a domain's name, or {@code null} to wait. */
    public String fallbackDomain() {
        return fallback == null || "wait".equals(fallback) ? null : fallback;
    }

    /** Whether nodes fail or are maintained in this run. */
    public boolean hasNodeFailures() {
        return trace != null || maintenance != null || !models.isEmpty();
    }

    /** Whether domains' traders go down in this run. */
    public boolean hasDomainOutages() {
        return outages != null || !outageModelList().isEmpty();
    }
}
