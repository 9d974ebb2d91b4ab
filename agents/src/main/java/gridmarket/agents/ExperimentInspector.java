package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentChecks;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.Setting;
import gridmarket.config.SettingsSchema;
import sim.util.Interval;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The bean MASON's model inspector shows beside a {@link GridMarket}: the experiment's parameters as getX/setX, domX
 * and desX. They edit the experiment the model was built from and take effect at the model's next start. A value the
 * experiment rejects, or one that makes a combination the model cannot run ({@link ExperimentChecks}, the loader's
 * checks), is ignored, as HeatBugs' setters do: the inspector then shows the old value again.
 */
public final class ExperimentInspector {
    private final ExperimentSpec spec;

    ExperimentInspector(ExperimentSpec spec) {
        this.spec = spec;
    }

    public int getStrategy() {
        return strategies().indexOf(spec.getStrategy());
    }

    public void setStrategy(int i) {
        if (i >= 0 && i < strategies().size()) {
            edit(spec::getStrategy, spec::setStrategy, strategies().get(i));
        }
    }

    public Object domStrategy() {
        return strategies().toArray(String[]::new);
    }

    /** The registered grid strategies: gridmarket's own, then the plug-ins'. */
    private static java.util.List<String> strategies() {
        return java.util.List.copyOf(
                gridmarket.api.Registry.current().all(gridmarket.api.GridStrategyFactory.class).keySet());
    }

    public String desStrategy() {
        return "Grid strategy (next start): each site on its own, job-sharing, multi-site, or the economic market";
    }

    public int getPolicy() {
        return policies().indexOf(spec.getPolicy());
    }

    public void setPolicy(int i) {
        if (i >= 0 && i < policies().size()) {
            edit(spec::getPolicy, spec::setPolicy, policies().get(i));
        }
    }

    public Object domPolicy() {
        return policies().toArray(String[]::new);
    }

    /** The registered policies: gridmarket's own, then the plug-ins'. */
    private static java.util.List<String> policies() {
        return java.util.List.copyOf(
                gridmarket.api.Registry.current().all(gridmarket.api.LocalPolicyFactory.class).keySet());
    }

    public String desPolicy() {
        return "Local policy (next start); jobsharing and multisite take fcfs or easy, jobsharing conservative too";
    }

    public String getMf() {
        return spec.getMarket().getMf();
    }

    public void setMf(String mf) {
        edit(spec.getMarket()::getMf, spec.getMarket()::setMf, mf);
    }

    public String desMf() {
        return "Machine owners' objective function MF (market, next start): MF1..MF6 or a formula";
    }

    public String getUf() {
        return spec.getMarket().getUf();
    }

    public void setUf(String uf) {
        edit(spec.getMarket()::getUf, spec.getMarket()::setUf, uf);
    }

    public String desUf() {
        return "Users' utility function UF (market, next start): UF1..UF5 or a formula";
    }

    public double getOverhead() {
        return spec.getMultisite().getOverhead();
    }

    public void setOverhead(double p) {
        edit(spec.getMultisite()::getOverhead, spec.getMultisite()::setOverhead, p);
    }

    public Object domOverhead() {
        return interval(SettingsSchema.MULTISITE_OVERHEAD);
    }

    public String desOverhead() {
        return "Multi-site overhead p (multisite, next start): a split job runs (1 + p) times longer; 0.25 = 25 %";
    }

    public int getHops() {
        return spec.getMarket().getHops();
    }

    public void setHops(int hops) {
        edit(spec.getMarket()::getHops, spec.getMarket()::setHops, hops);
    }

    public Object domHops() {
        return interval(SettingsSchema.MARKET_HOPS);
    }

    public String desHops() {
        return "How far a request is forwarded (market, next start): 0 = own domain only, 1 = its peers, ...";
    }

    public int getNodeSets() {
        return spec.getMarket().getNodeSets();
    }

    public void setNodeSets(int c) {
        edit(spec.getMarket()::getNodeSets, spec.getMarket()::setNodeSets, c);
    }

    public Object domNodeSets() {
        return interval(SettingsSchema.MARKET_NODE_SETS);
    }

    public String desNodeSets() {
        return "C: node sets tried per feasible start window (market, next start), at least 1";
    }

    public int getStartTimes() {
        return spec.getMarket().getStartTimes();
    }

    public void setStartTimes(int z) {
        edit(spec.getMarket()::getStartTimes, spec.getMarket()::setStartTimes, z);
    }

    public Object domStartTimes() {
        return interval(SettingsSchema.MARKET_START_TIMES);
    }

    public String desStartTimes() {
        return "Z: start times tried per node set (market, next start), at least 1";
    }

    /** A setting's range as MASON's inspector shows it: a slider, whole numbers for a whole-number setting. */
    private static Interval interval(Setting s) {
        return s.kind() == Setting.Kind.WHOLE ? new Interval((long) s.min(), (long) s.max())
                : new Interval(s.min(), s.max());
    }

    /** Applies a value, keeping the old one if the experiment rejects it or can no longer be run with it. */
    private <T> void edit(Supplier<T> current, Consumer<T> apply, T value) {
        T old = current.get();
        try {
            apply.accept(value);
            ExperimentChecks.check(spec);
        } catch (IllegalArgumentException | ConfigException refused) {
            apply.accept(old);
        }
    }
}
