package gridmarket.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Node failures of a run (docs/FAILURES.md): a failure trace ({@code trace}, a CSV file read by
 * {@link FailureTrace}), maintenance windows known in advance ({@code maintenance}, a CSV file of the same format),
 * failure models per machine ({@code models}), and the checkpoint interval of running jobs
 * ({@code checkpoint}, seconds; 0, the default, restarts a killed job from scratch).
 */
public final class FailuresSpec {
    private String trace;
    private String maintenance;
    private List<FailureModelSpec> models = new ArrayList<>();
    private long checkpoint;

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
}
