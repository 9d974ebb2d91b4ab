package gridmarket.api;

import gridmarket.market.roles.UserStrategy;

/**
 * Makes a user strategy (the customer's role: the requests it writes, the utility they carry, whether it re-bids and
 * swaps) for each user agent; named in an experiment by {@code market: {user: {strategy: NAME, ...its settings}}}.
 */
public interface UserStrategyFactory extends Extension {
    /** The strategy of one user; its settings passed {@link #check}. */
    UserStrategy create(UserSetup user, Settings settings);
}
