package gridmarket.api.builtin;

import gridmarket.api.GridQueue;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.PolicySetup;
import gridmarket.api.Settings;
import gridmarket.api.SettingsException;
import gridmarket.sim.policy.OrderParameters;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.policy.PreemptionParameters;
import gridmarket.sim.policy.Scheduler;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** One of gridmarket's own local policies (SPEC C1-C7), registered like a plug-in's by {@link BuiltinPolicies}. */
final class BuiltinPolicy implements LocalPolicyFactory {
    /** The keys SMART and PSRS read. */
    static final Set<String> ORDER_KEYS = Set.of("weighted", "gamma", "recompute");
    /** The keys PFCFS reads. */
    static final Set<String> PREEMPTION_KEYS = Set.of("x", "n", "delay", "delta", "penalty", "idle");

    private final Policy policy;

    BuiltinPolicy(Policy policy) {
        this.policy = policy;
    }

    @Override
    public String name() {
        return policy.key();
    }

    @Override
    public String description() {
        return policy.description();
    }

    @Override
    public Scheduler create(PolicySetup setup) {
        return policy.newScheduler(setup.waitLimit(), setup.order(), setup.preemption(policy.preset()));
    }

    /** The names of the thesis' grid queues: FCFS, EASY and conservative backfilling across machines. */
    @Override
    public GridQueue acrossMachines() {
        return switch (policy) {
            case FCFS -> GridQueue.FCFS;
            case EASY -> GridQueue.EASY;
            case CONSERVATIVE -> GridQueue.CONSERVATIVE;
            default -> GridQueue.NONE;
        };
    }

    @Override
    public boolean takesWaitLimit() {
        return policy.takesWaitLimit();
    }

    @Override
    public boolean preempts() {
        return policy.preempts();
    }

    @Override
    public Set<String> parameterKeys() {
        return policy.reorders() ? ORDER_KEYS : policy.preempts() ? PREEMPTION_KEYS : Set.of();
    }

    @Override
    public void check(Settings parameters) {
        for (String key : parameters.keys()) {
            if (!ORDER_KEYS.contains(key) && !PREEMPTION_KEYS.contains(key)) {
                throw new SettingsException("unknown key '" + key + "' (policy '" + name() + "' reads "
                        + (parameterKeys().isEmpty() ? "none" : String.join(", ", new TreeSet<>(parameterKeys())))
                        + ")");
            }
            if (!parameterKeys().contains(key)) {
                throw new SettingsException("'" + key + "' does not apply to policy '" + name() + "' (only to "
                        + (ORDER_KEYS.contains(key) ? "smart-* and psrs*" : "pfcfs*") + ")");
            }
        }
        PreemptionParameters preset = policy.preset();
        if (preset != null) {
            boolean unlimited = "unlimited".equals(parameters.text("n",
                    preset.maxPreemptions() == PreemptionParameters.UNLIMITED ? "unlimited" : "1"));
            long penalty = (long) parameters.number("penalty", preset.penalty(), 0, Long.MAX_VALUE);
            long delta = (long) parameters.number("delta", preset.gang(), 0, Long.MAX_VALUE);
            if (unlimited && penalty >= delta) {
                throw new SettingsException("penalty " + penalty + " s is not below delta " + delta + " s while n is "
                        + "unlimited: every switch would cost a gang more than it can run, and no job would ever end");
            }
        }
    }

    @Override
    public Map<String, Object> summary(PolicySetup setup) {
        Map<String, Object> p = new LinkedHashMap<>();
        if (policy.reorders()) {
            OrderParameters o = setup.order();
            p.put("weighted", o.weighted());
            p.put("gamma", plain(o.gamma()));
            p.put("recompute", o.recompute());
        } else if (policy.preempts()) {
            PreemptionParameters o = setup.preemption(policy.preset());
            p.put("x", plain(o.widePercent()));
            p.put("n", o.maxPreemptions() == PreemptionParameters.UNLIMITED ? "unlimited" : o.maxPreemptions());
            p.put("delay", o.delay());
            p.put("delta", o.gang());
            p.put("penalty", o.penalty());
            p.put("idle", plain(o.idlePercent()));
        }
        return p;
    }

    /** A whole value as a whole number (x = 40, not 40.0, in summaries, tables and chart labels). */
    private static Number plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? (Number) (long) v : (Number) v;
    }
}
