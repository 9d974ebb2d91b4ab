package gridmarket.api;

import gridmarket.market.roles.UserStrategy;

/** What a user strategy is made for: one user agent of the market, made on its first job. */
public interface UserSetup {
    /** The user's name: {@code user-7} (a trace user) or {@code site-s1} (a site's community, with its population). */
    String name();

    /** The population the user belongs to, or {@code null} (the market's homogeneous user). */
    String population();

    /**
     * The thesis' user of this name: requests written from the population's template, else from the market's
     * settings ({@code uf}, budgets, hops, searchTime), re-bidding for announced idle nodes that could hold the job and
     * swapping only to a strictly better offer. A strategy may ask it for the request it would write and change it.
     */
    UserStrategy thesis();
}
