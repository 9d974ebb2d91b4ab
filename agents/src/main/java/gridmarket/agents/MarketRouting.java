package gridmarket.agents;

import gridmarket.api.Settings;
import gridmarket.api.UserSetup;
import gridmarket.api.UserStrategyFactory;
import gridmarket.config.PopulationSpec;
import gridmarket.config.Populations;
import gridmarket.market.language.TemplateTerms;
import gridmarket.market.roles.UserStrategy;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.workload.Job;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Strategy {@code market}: a submitted job becomes its user's request to the MetaManager of the job's origin site.
 * User agents are made on first use, one per trace user or one per site community (with populations, one per site
 * community and population); a user of a population writes its requests from the population's template.
 */
final class MarketRouting implements JobRouter {
    private final List<MetaManagerAgent> domains;
    private final boolean perSite;
    private final ThesisUser.Preferences preferences;
    private final UserStrategyFactory strategy;
    private final Settings settings;
    private final Populations populations;
    private final Map<String, TemplateTerms> templates;
    private final Map<String, UserAgent> users = new HashMap<>();
    private long nextRequestId = 1;
    /** The run's domain outages, or {@code null}: every request goes to its own site's MetaManager. */
    private DomainOutages outages;

    /**
     * @param populations which trace user belongs to which population
     * @param templates   each population's template, by population name
     */
    MarketRouting(List<MetaManagerAgent> domains, boolean perSite, ThesisUser.Preferences preferences,
                  Populations populations, Map<String, TemplateTerms> templates, UserStrategyFactory strategy,
                  Settings settings) {
        this.strategy = strategy;
        this.settings = settings;
        this.domains = domains;
        this.perSite = perSite;
        this.preferences = preferences;
        this.populations = populations;
        this.templates = templates;
    }

    /** Sends an unreachable domain's users' requests to the fallback domain, if there is one. */
    void outages(DomainOutages outages) {
        this.outages = outages;
    }

    /** The domain whose MetaManager takes the job's request: its site's, or the fallback while that is unreachable. */
    private int origin(Job job) {
        return outages == null ? job.site() : outages.origin(job.site(), job.submit());
    }

    @Override
    public void expect(Job job) {
        domains.get(origin(job)).planStep(job.submit());
    }

    @Override
    public void submit(Job job) {
        Optional<PopulationSpec> population = populations.of(job.user());
        String name = perSite ? "site-" + domains.get(job.site()).name()
                + population.map(p -> "-" + p.getName()).orElse("") : "user-" + job.user();
        UserAgent user = users.computeIfAbsent(name, n -> newUser(n,
                new ThesisUser(n, preferences, population.map(p -> templates.get(p.getName())).orElse(null))));
        int origin = origin(job);
        if (origin != job.site()) {
            outages.redirected();
        }
        user.submit(job, domains.get(origin), nextRequestId++);
    }

    /** A user agent with the experiment's user strategy, made for the thesis' user of that name. */
    private UserAgent newUser(String name, ThesisUser thesis) {
        return new UserAgent(name, strategy.create(new UserSetup() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String population() {
                return thesis.population();
            }

            @Override
            public UserStrategy thesis() {
                return thesis;
            }
        }, settings));
    }

    /** What each user's strategy reports of itself, by user name in name order; users that report nothing left out. */
    Map<String, Object> userSummaries() {
        Map<String, Object> out = new java.util.TreeMap<>();
        users.forEach((name, user) -> {
            Map<String, Object> own = user.strategySummary();
            if (!own.isEmpty()) {
                out.put(name, own);
            }
        });
        return out;
    }

    /** The user agents made so far. */
    int users() {
        return users.size();
    }
}
