package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import gridmarket.sim.policy.OrderParameters;

import java.util.Set;
import java.util.TreeSet;

/**
 * Parameters of the reordering policies SMART and PSRS (SPEC C6): {@code weighted}, {@code gamma} and
 * {@code recompute}; see {@link OrderParameters}. The defaults are the thesis' (unweighted, gamma 2, 2/3).
 */
public final class PolicyParametersSpec {
    private boolean weighted = OrderParameters.DEFAULTS.weighted();
    private double gamma = OrderParameters.DEFAULTS.gamma();
    private double recompute = OrderParameters.DEFAULTS.recompute();
    private final Set<String> given = new TreeSet<>();

    /** Whether jobs weigh their planned area (the thesis' weighted case) rather than 1. */
    public boolean isWeighted() {
        return weighted;
    }

    public void setWeighted(boolean weighted) {
        this.weighted = weighted;
        given.add("weighted");
    }

    /** SMART's bin factor, above 1 (default 2). */
    public double getGamma() {
        return gamma;
    }

    public void setGamma(double gamma) {
        if (!(gamma > 1) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("gamma must be a number above 1, got " + gamma);
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
        if (!(recompute > 0 && recompute <= 1)) {
            throw new IllegalArgumentException("recompute must be above 0 and at most 1, got " + recompute);
        }
        this.recompute = recompute;
        given.add("recompute");
    }

    /** The keys the experiment file set, for refusing them where the policy has no use for them. */
    @JsonIgnore
    public Set<String> given() {
        return given;
    }

    /** The parameters as the scheduler takes them. */
    public OrderParameters toOrderParameters() {
        return new OrderParameters(weighted, gamma, recompute);
    }
}
