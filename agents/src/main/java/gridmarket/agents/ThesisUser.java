package gridmarket.agents;

import gridmarket.market.JobValue;
import gridmarket.market.Request;
import gridmarket.market.RequestTerms;
import gridmarket.market.UtilityFunction;
import gridmarket.market.ValueModel;
import gridmarket.market.roles.UserStrategy;
import gridmarket.market.language.Attributes;
import gridmarket.market.language.TemplateTerms;
import gridmarket.sim.workload.Job;

import java.util.OptionalDouble;

/**
 * The thesis' user (a trace user, or a site's user community), the market's default {@link UserStrategy}: it turns
 * jobs into requests (SPEC E1, E2) that carry its utility function and budgets, so users may differ. A user of a population (issue 14) writes each request from the population's template: its
 * settings (Hops, budgets, SearchTime, Min/MaxMulti-Site, MaxOfferNumber) where the template gives them, the market's
 * otherwise, and its fit per machine (the ELEMENT that holds there, run time, UtilityValue).
 */
final class ThesisUser implements UserStrategy {
    private final String name;
    private final Preferences preferences;
    private final TemplateTerms population;

    /**
     * What a user wants of the market.
     *
     * @param utility      the utility function that values offers
     * @param job          JobBudget
     * @param offers       OfferBudget
     * @param reservation  ReservationBudget
     * @param searchTime   seconds a request may search ({@link Long#MAX_VALUE}: until the run ends)
     * @param hops         how far requests are forwarded
     * @param minMultiSite MinMulti-Site: fewest nodes per part of a co-allocated job
     * @param maxMultiSite MaxMulti-Site: most machines per co-allocated job (0: any)
     * @param values       what its jobs are worth, their budgets and deadlines (market.value, else its defaults)
     */
    record Preferences(UtilityFunction utility, double job, double offers, double reservation, long searchTime,
                       int hops, int minMultiSite, int maxMultiSite, ValueModel values) {
    }

    /** @param population the template this user's requests are written from, or {@code null} (the market's user) */
    ThesisUser(String name, Preferences preferences, TemplateTerms population) {
        this.name = name;
        this.preferences = preferences;
        this.population = population;
    }

    /** The population this user belongs to, or {@code null}. */
    String population() {
        return population == null ? null : population.population();
    }

    /** The request for a job submitted now to the MetaManager {@code domain}. */
    @Override
    public Request request(Job job, int domain, long requestId) {
        Preferences p = preferences;
        if (population == null) {
            long deadline = p.searchTime() == Long.MAX_VALUE ? Long.MAX_VALUE : job.submit() + p.searchTime();
            return new Request(requestId, job, name, domain, job.nodes(), job.estimate(), job.submit(),
                    Long.MAX_VALUE, deadline, p.hops(), 0, p.job(), p.offers(), p.reservation(), p.utility(),
                    p.minMultiSite(), p.maxMultiSite(), null);
        }
        Attributes values = population.jobValues(job);
        long searchTime = (long) setting("SearchTime", job, values, p.searchTime());
        long deadline = searchTime == Long.MAX_VALUE ? Long.MAX_VALUE : job.submit() + searchTime;
        RequestTerms terms = population.forJob(job, values);
        return new Request(requestId, job, name, domain, job.nodes(), job.estimate(), job.submit(), Long.MAX_VALUE,
                deadline, (int) setting("Hops", job, values, p.hops()),
                (int) setting("MaxOfferNumber", job, values, 0), setting("JobBudget", job, values, p.job()),
                setting("OfferBudget", job, values, p.offers()),
                setting("ReservationBudget", job, values, p.reservation()), p.utility(),
                (int) setting("MinMulti-Site", job, values, p.minMultiSite()),
                (int) setting("MaxMulti-Site", job, values, p.maxMultiSite()), terms);
    }

    /** The job's value, budget and deadline from the run's value model; the thesis' user itself ignores them. */
    @Override
    public JobValue value(Job job) {
        return preferences.values().of(job);
    }

    /** A setting of the population's template for this job, else the market's ({@code otherwise}). */
    private double setting(String key, Job job, Attributes values, double otherwise) {
        OptionalDouble v = population.setting(key, job, values);
        return v.isPresent() ? v.getAsDouble() : otherwise;
    }
}
