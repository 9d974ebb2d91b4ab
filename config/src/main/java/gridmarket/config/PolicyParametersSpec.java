package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.PolicySetup;
import gridmarket.api.Registry;
import gridmarket.api.Settings;
import gridmarket.sim.policy.OrderParameters;
import gridmarket.sim.policy.PreemptionParameters;
import gridmarket.sim.policy.WaitLimit;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parameters of the reordering policies SMART and PSRS (SPEC C6): {@code weighted}, {@code gamma} and
 * {@code recompute}; see {@link OrderParameters}. The defaults are the thesis' (unweighted, gamma 2, 2/3).
 *
 * <p>And of PFCFS (SPEC C7): {@code x} (percent), {@code n} (a whole number, or {@code unlimited}), {@code delay},
 * {@code delta} and {@code penalty} (seconds), {@code idle} (percent); see {@link PreemptionParameters}. Each one given overrides the value of
 * the policy's preset ({@code pfcfs}, {@code pfcfs1}, {@code pfcfs2}, {@code pfcfs3}).
 */
public final class PolicyParametersSpec {

    private boolean weighted = OrderParameters.DEFAULTS.weighted();
    private double gamma = OrderParameters.DEFAULTS.gamma();
    private double recompute = OrderParameters.DEFAULTS.recompute();
    private Double x;
    private String n;
    private Long delay;
    private Long delta;
    private Long penalty;
    private Double idle;
    private final Set<String> given = new TreeSet<>();
    /** Keys gridmarket's own policies do not read: a plug-in policy's settings, or typos its check refuses. */
    private final Map<String, Object> others = new LinkedHashMap<>();

    /** Whether jobs weigh their planned area (the thesis' weighted case) rather than 1. */
    public boolean isWeighted() {
        return weighted;
    }

    public void setWeighted(boolean weighted) {
        this.weighted = weighted;
        given.add("weighted");
    }

    /** SMART's bin factor, at least {@value SettingsSchema#MIN_GAMMA} (default 2). */
    public double getGamma() {
        return gamma;
    }

    public void setGamma(double gamma) {
        if (!SettingsSchema.POLICY_GAMMA.allows(gamma)) {
            throw new IllegalArgumentException("gamma must be a finite number of at least " + SettingsSchema.MIN_GAMMA
                    + " (nearer 1, an estimate's bin overflows), got " + gamma);
        }
        this.gamma = gamma;
        given.add("gamma");
    }

    /**
     * The order is recomputed when the waiting jobs it covers make up less than this share of the queue; in
     * {@code ]0, 1]} (default 2/3; 1 recomputes at every arrival).
     */
    public double getRecompute() {
        return recompute;
    }

    public void setRecompute(double recompute) {
        if (!SettingsSchema.POLICY_RECOMPUTE.allows(recompute)) {
            throw new IllegalArgumentException("recompute must be above 0 and at most 1, got " + recompute);
        }
        this.recompute = recompute;
        given.add("recompute");
    }

    /** PFCFS: a job is wide when it needs more than this percentage of the nodes, in {@code ]0, 100[}. */
    public Double getX() {
        return x;
    }

    public void setX(double x) {
        if (!SettingsSchema.POLICY_X.allows(x)) {
            throw new IllegalArgumentException("x must be above 0 and below 100 (percent), got " + x);
        }
        this.x = x;
        given.add("x");
    }

    /** PFCFS: the most context switches per wide job, a whole number of at least 1 or {@code unlimited}. */
    public String getN() {
        return n;
    }

    public void setN(String n) {
        maxPreemptions(n);
        this.n = n;
        given.add("n");
    }

    private static int maxPreemptions(String n) {
        if ("unlimited".equals(n)) {
            return PreemptionParameters.UNLIMITED;
        }
        try {
            int v = Integer.parseInt(n);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("n must be a whole number of at least 1 or 'unlimited', got " + n);
    }

    /**
     * A time in seconds within {@code [min, 10^12]}: the upper bound (over 30,000 years, the SWF reader's limit too)
     * keeps sums of times far from overflowing.
     */
    private static void seconds(Setting setting, String name, long value) {
        long min = (long) setting.min();
        if (!setting.allows(value)) {
            throw new IllegalArgumentException(name + " must be " + (min == 0 ? ">= 0 seconds" : ">= " + min
                    + " second") + " and at most " + (long) setting.max() + ", got " + value);
        }
    }

    /** PFCFS: seconds a wide job waits at the head of the queue before it may preempt, at least 0. */
    public Long getDelay() {
        return delay;
    }

    public void setDelay(long delay) {
        seconds(SettingsSchema.POLICY_DELAY, "delay", delay);
        this.delay = delay;
        given.add("delay");
    }

    /** PFCFS: the gang length, seconds between two context switches, at least 1. */
    public Long getDelta() {
        return delta;
    }

    public void setDelta(long delta) {
        seconds(SettingsSchema.POLICY_DELTA, "delta", delta);
        this.delta = delta;
        given.add("delta");
    }

    /** PFCFS: seconds added to a job's run each time it resumes, at least 0 (default 0, as in the thesis). */
    public Long getPenalty() {
        return penalty;
    }

    public void setPenalty(long penalty) {
        seconds(SettingsSchema.POLICY_PENALTY, "penalty", penalty);
        this.penalty = penalty;
        given.add("penalty");
    }

    /**
     * PFCFS: Table 3.1's Instruction C, the share of the nodes in percent that must be idle before a wide job's
     * delay starts ({@code [0, 100[}, default 0: left out; 50 is the thesis' literal "m/2").
     */
    public Double getIdle() {
        return idle;
    }

    public void setIdle(double idle) {
        if (!SettingsSchema.POLICY_IDLE.allows(idle)) {
            throw new IllegalArgumentException("idle must be at least 0 and below 100 (percent), got " + idle);
        }
        this.idle = idle;
        given.add("idle");
    }

    /** Whether a registered policy (a plug-in's) reads a key that gridmarket's own do not. */
    static boolean readByAPolicy(String key) {
        return Registry.current().all(LocalPolicyFactory.class).values().stream()
                .anyMatch(f -> f.parameterKeys().contains(key));
    }

    /** Keeps a key that a plug-in policy reads ({@link #readByAPolicy}); the loader refuses every other key. */
    void putPluginKey(String key, Object value) {
        others.put(key, value);
        given.add(key);
    }

    @JsonAnyGetter
    public Map<String, Object> getOthers() {
        return others;
    }

    /** The keys the experiment file set, for refusing them where the policy has no use for them. */
    @JsonIgnore
    public Set<String> given() {
        return given;
    }

    /** The block as the policy reads it: the keys given, with their values. */
    public Settings settings() {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("weighted", weighted);
        all.put("gamma", gamma);
        all.put("recompute", recompute);
        all.put("x", x);
        all.put("n", n);
        all.put("delay", delay);
        all.put("delta", delta);
        all.put("penalty", penalty);
        all.put("idle", idle);
        all.putAll(others);
        all.keySet().retainAll(given);
        return new Settings(all);
    }

    /** What the experiment's policy is made with: this block and the experiment's WaitLimit. */
    public PolicySetup toPolicySetup(WaitLimit waitLimit) {
        return new PolicySetup() {
            @Override
            public Settings parameters() {
                return settings();
            }

            @Override
            public WaitLimit waitLimit() {
                return waitLimit;
            }

            @Override
            public OrderParameters order() {
                return toOrderParameters();
            }

            @Override
            public PreemptionParameters preemption(PreemptionParameters preset) {
                return toPreemptionParameters(preset);
            }
        };
    }

    /** The parameters as the scheduler takes them. */
    public OrderParameters toOrderParameters() {
        return new OrderParameters(weighted, gamma, recompute);
    }

    /** PFCFS's parameters: the preset with every value given here in its place; {@code null} for no preset. */
    public PreemptionParameters toPreemptionParameters(PreemptionParameters preset) {
        PreemptionParameters p = preset;
        if (p == null) {
            return null;
        }
        return new PreemptionParameters(x != null ? x : p.widePercent(), n != null ? maxPreemptions(n)
                : p.maxPreemptions(), delay != null ? delay : p.delay(), delta != null ? delta : p.gang(),
                penalty != null ? penalty : p.penalty(), idle != null ? idle : p.idlePercent());
    }
}
