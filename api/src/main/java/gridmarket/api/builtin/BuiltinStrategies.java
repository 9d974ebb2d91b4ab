package gridmarket.api.builtin;

import gridmarket.api.ExtensionSet;
import gridmarket.api.GridStrategyFactory;

import java.util.List;

/** gridmarket's own grid strategies: {@code local}, {@code jobsharing}, {@code multisite} and {@code market}. */
public final class BuiltinStrategies implements ExtensionSet {
    @Override
    public List<GridStrategyFactory> extensions() {
        return List.of(new LocalStrategy(), new JobSharingStrategy(false), new JobSharingStrategy(true),
                new MarketStrategy());
    }
}
