package gridmarket.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Local load beside the grid (docs/EXPERIMENTS.md, "Local load"): jobs that go straight to a machine's own scheduler,
 * never through the grid or the market. Each job of the workload is local with probability {@code share}, drawn
 * from a generator of its own seeded from the experiment's seed; {@code traces} names, per machine, an SWF trace
 * whose jobs are all local to that machine; {@code policy} is how each machine's local scheduler orders its queue
 * ({@code fcfs} or {@code easy}).
 */
public final class LocalLoadSpec {
    private double share;
    private String policy = "fcfs";
    private Map<String, String> traces = new LinkedHashMap<>();

    /** The probability that a job of the workload is local, 0 to 1. */
    public double getShare() {
        return share;
    }

    public void setShare(double share) {
        if (!SettingsSchema.LOCAL_LOAD_SHARE.allows(share)) {
            throw new IllegalArgumentException("share must be between 0 and 1, got " + share);
        }
        this.share = share;
    }

    /** The local schedulers' policy for their local jobs: {@code fcfs} or {@code easy}. */
    public String getPolicy() {
        return policy;
    }

    public void setPolicy(String policy) {
        if (policy == null || !SettingsSchema.LOCAL_LOAD_POLICY.choices().contains(policy)) {
            throw new IllegalArgumentException("policy must be fcfs or easy, got '" + policy + "'");
        }
        this.policy = policy;
    }

    /** Per machine name, an SWF trace of jobs local to that machine (paths absolute once loaded). */
    public Map<String, String> getTraces() {
        return traces;
    }

    public void setTraces(Map<String, String> traces) {
        if (traces == null) {
            throw new IllegalArgumentException("traces must be a mapping of machine names to SWF files");
        }
        this.traces = new LinkedHashMap<>(traces);
    }
}
