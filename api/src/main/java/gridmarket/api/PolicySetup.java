package gridmarket.api;

import gridmarket.sim.policy.OrderParameters;
import gridmarket.sim.policy.PreemptionParameters;
import gridmarket.sim.policy.WaitLimit;

/**
 * What a local policy is made with: its block {@code policyParameters} and, read from it, the typed parameters of
 * gridmarket's own policies.
 */
public interface PolicySetup {
    /** The keys of {@code policyParameters} as given, for a policy's own settings. */
    Settings parameters();

    /** Seed 004's WaitLimit ({@code waitLimit:}), {@link WaitLimit#NONE} when none is given. */
    WaitLimit waitLimit();

    /** SMART's and PSRS' order parameters ({@code weighted}, {@code gamma}, {@code recompute}), defaults filled in. */
    OrderParameters order();

    /** PFCFS' parameters: {@code preset} with every value given ({@code x}, {@code n}, ...) in its place. */
    PreemptionParameters preemption(PreemptionParameters preset);
}
