package gridmarket.api.builtin;

import gridmarket.api.Grid;
import gridmarket.api.GridSetup;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.PolicyUse;

import java.util.Set;

/** Strategy {@code market} (SPEC E1-E10): users, machine owners and MetaManagers trading requests and offers. */
final class MarketStrategy implements GridStrategyFactory {
    @Override
    public String name() {
        return "market";
    }

    @Override
    public String description() {
        return "the economic market: users, machine owners and MetaManagers trading requests and offers (E1-E10)";
    }

    @Override
    public PolicyUse policyUse() {
        return PolicyUse.NONE;
    }

    @Override
    public Set<String> blocks() {
        return Set.of("market");
    }

    @Override
    public Grid create(GridSetup setup) {
        return setup.market();
    }
}
