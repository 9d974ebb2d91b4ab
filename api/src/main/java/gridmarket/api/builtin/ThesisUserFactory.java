package gridmarket.api.builtin;

import gridmarket.api.Settings;
import gridmarket.api.UserSetup;
import gridmarket.api.UserStrategyFactory;
import gridmarket.market.roles.UserStrategy;

/** The thesis' user, the default: requests from its population's template or the market's settings. */
public final class ThesisUserFactory implements UserStrategyFactory {
    @Override
    public String name() {
        return "thesis";
    }

    @Override
    public String description() {
        return "requests from the population's template or the market's uf and budgets; re-bids for idle nodes, "
                + "swaps to strictly better offers";
    }

    @Override
    public UserStrategy create(UserSetup user, Settings settings) {
        return user.thesis();
    }
}
