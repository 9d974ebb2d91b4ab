package gridmarket.api;

import gridmarket.market.roles.OwnerStrategy;

/**
 * Makes an owner strategy (the provider's role: pricing and what it hears) for each machine; named in an experiment
 * by {@code market: {owner: {strategy: NAME, ...its settings}}}.
 */
public interface OwnerStrategyFactory extends Extension {
    /** The strategy of one machine's owner; its settings passed {@link #check}. */
    OwnerStrategy create(OwnerSetup machine, Settings settings);
}
