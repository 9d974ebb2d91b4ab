package gridmarket.agents;

import gridmarket.config.PopulationSpec;
import gridmarket.config.Populations;
import gridmarket.market.language.TemplateTerms;
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
    private final UserAgent.Preferences preferences;
    private final Populations populations;
    private final Map<String, TemplateTerms> templates;
    private final Map<String, UserAgent> users = new HashMap<>();
    private long nextRequestId = 1;

    /**
     * @param populations which trace user belongs to which population
     * @param templates   each population's template, by population name
     */
    MarketRouting(List<MetaManagerAgent> domains, boolean perSite, UserAgent.Preferences preferences,
                  Populations populations, Map<String, TemplateTerms> templates) {
        this.domains = domains;
        this.perSite = perSite;
        this.preferences = preferences;
        this.populations = populations;
        this.templates = templates;
    }

    @Override
    public void expect(Job job) {
        domains.get(job.site()).planStep(job.submit());
    }

    @Override
    public void submit(Job job) {
        Optional<PopulationSpec> population = populations.of(job.user());
        String name = perSite ? "site-" + domains.get(job.site()).name()
                + population.map(p -> "-" + p.getName()).orElse("") : "user-" + job.user();
        UserAgent user = users.computeIfAbsent(name, n -> new UserAgent(n, preferences,
                population.map(p -> templates.get(p.getName())).orElse(null)));
        domains.get(job.site()).receive(user.request(job, job.site(), nextRequestId++), user);
    }

    /** The user agents made so far. */
    int users() {
        return users.size();
    }
}
