package gridmarket.api.builtin;

import gridmarket.api.ExtensionSet;
import gridmarket.api.LocalPolicyFactory;
import gridmarket.sim.policy.Policy;

import java.util.Arrays;
import java.util.List;

/** gridmarket's own local policies, every {@link Policy}, as extensions named by their keys ({@code easy}, ...). */
public final class BuiltinPolicies implements ExtensionSet {
    @Override
    public List<LocalPolicyFactory> extensions() {
        return Arrays.stream(Policy.values()).<LocalPolicyFactory>map(BuiltinPolicy::new).toList();
    }
}
