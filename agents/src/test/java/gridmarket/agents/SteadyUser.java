package gridmarket.agents;

import gridmarket.api.Settings;
import gridmarket.api.UserSetup;
import gridmarket.api.UserStrategyFactory;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.market.roles.UserStrategy;
import gridmarket.sim.workload.Job;

/**
 * A user strategy registered the way a plug-in's is (this module's test services): the thesis' requests from a user
 * who keeps the first offer it holds (never re-bids).
 */
public final class SteadyUser implements UserStrategyFactory {
    @Override
    public String name() {
        return "steady";
    }

    @Override
    public String description() {
        return "the thesis' requests; keeps the first offer it holds";
    }

    @Override
    public UserStrategy create(UserSetup user, Settings settings) {
        UserStrategy thesis = user.thesis();
        return new UserStrategy() {
            @Override
            public Request request(Job job, int domain, long requestId) {
                return thesis.request(job, domain, requestId);
            }

            @Override
            public boolean rebids(Request request, Offer held, int idleNodes) {
                return false;
            }
        };
    }
}
