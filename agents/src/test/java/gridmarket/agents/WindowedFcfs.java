package gridmarket.agents;

import gridmarket.api.LocalPolicyFactory;
import gridmarket.api.PolicySetup;
import gridmarket.sim.policy.FcfsScheduler;
import gridmarket.sim.policy.Scheduler;

import java.util.Map;
import java.util.Set;

/**
 * A local policy with a setting of its own, registered the way a plug-in's is (this module's test services): FCFS,
 * reporting the {@code window} it was given.
 */
public final class WindowedFcfs implements LocalPolicyFactory {
    @Override
    public String name() {
        return "windowed-fcfs";
    }

    @Override
    public String description() {
        return "FCFS with a window setting, for tests";
    }

    @Override
    public Set<String> parameterKeys() {
        return Set.of("window");
    }

    @Override
    public Scheduler create(PolicySetup setup) {
        setup.parameters().number("window", 1, 1, 100);
        return new FcfsScheduler();
    }

    @Override
    public Map<String, Object> summary(PolicySetup setup) {
        return Map.of("window", setup.parameters().number("window", 1, 1, 100));
    }
}
