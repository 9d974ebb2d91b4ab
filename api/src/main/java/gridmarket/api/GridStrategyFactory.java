package gridmarket.api;

import java.util.Set;

/**
 * Makes a grid strategy (SPEC C8-C10, E): the agents that take the grid's jobs and schedule them on the machines;
 * named in an experiment by {@code strategy: NAME}, with its own settings in {@code strategyParameters} ({@link #check}
 * refuses what it cannot take). gridmarket's own ({@code local}, {@code jobsharing}, {@code multisite},
 * {@code market}) are registered the same way.
 */
public interface GridStrategyFactory extends Extension {
    /** How the strategy runs the experiment's local policy, which decides the policies it takes. */
    PolicyUse policyUse();

    /**
     * The blocks of the experiment the strategy reads besides {@code strategyParameters}: {@code market} (the
     * message market of {@link GridSetup#market()}), {@code multisite}; none by default. A block given that the
     * strategy does not read is refused, so that a forgotten strategy is not silently ignored.
     */
    default Set<String> blocks() {
        return Set.of();
    }

    /** The strategy's agents for one run. */
    Grid create(GridSetup setup);
}
