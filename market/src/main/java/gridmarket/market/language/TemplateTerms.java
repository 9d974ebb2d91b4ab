package gridmarket.market.language;

import gridmarket.market.Fit;
import gridmarket.market.FormulaException;
import gridmarket.market.OfferUtility;
import gridmarket.market.RequestTerms;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.workload.Job;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A user population's request template bound to the grid's machines (SPEC E9, issue 14): for each job of the
 * population, the request's {@link Fit} on every machine (the first ELEMENT whose CONDITION holds, the run time it
 * gives, its UtilityValue compiled) and the request's settings (Hops, budgets, SearchTime, ...). The template is
 * parsed once, when the experiment is read; a job's fits are worked out once per machine, when the machine is first
 * asked, and kept for the request's later rounds. Where no condition reads a job value (directly or through a
 * setting), the element that holds on a machine is chosen once per machine, for every job.
 */
public final class TemplateTerms {
    /** The request key that restricts co-allocation to machines of one operating system (non-zero: equal). */
    public static final String OS_EQUAL = "OperationSystemEqual";
    private static final String OS = "OperatingSystem";

    private final String population;
    private final RequestTemplate template;
    private final List<Attributes> machines;
    private final List<String> machineNames;
    private final UtilityFunction fallback;
    /** Per machine, the element every job gets there, where the choice reads no job value; else {@code null}. */
    private final Optional<Element>[] fixed;

    /**
     * @param population   the population's name, for messages
     * @param machines     every machine's attributes, by machine index
     * @param machineNames every machine's name, by machine index
     * @param fallback     the market's utility function, for an element that gives no UtilityValue
     */
    public TemplateTerms(String population, RequestTemplate template, List<Attributes> machines,
                         List<String> machineNames, UtilityFunction fallback) {
        this.population = population;
        this.template = template;
        this.machines = List.copyOf(machines);
        this.machineNames = List.copyOf(machineNames);
        this.fallback = fallback;
        @SuppressWarnings("unchecked")
        Optional<Element>[] f = template.choiceReadsJob() ? null : new Optional[machines.size()];
        this.fixed = f;
    }

    /** The environment of a job on a machine: the element chosen once per machine where the choice allows it. */
    private Optional<RequestTemplate.Environment> environment(Attributes job, int machine) throws LanguageException {
        if (fixed == null) {
            return template.elementFor(job, machines.get(machine));
        }
        if (fixed[machine] == null) {
            fixed[machine] = template.elementOn(machines.get(machine));
        }
        return fixed[machine].map(e -> template.environment(e, job, machines.get(machine)));
    }

    /** The population's name. */
    public String population() {
        return population;
    }

    /** A job's values as the template sees them ({@link RequestTemplate#jobValues}). */
    public Attributes jobValues(Job job) {
        return RequestTemplate.jobValues(job);
    }

    /**
     * A setting of the request for a job (Hops, JobBudget, SearchTime, ...), or empty where the template does not set
     * it (the market's setting applies).
     *
     * @throws FormulaException if it is not a number
     */
    public OptionalDouble setting(String name, Job job, Attributes jobValues) {
        try {
            return template.setting(name, jobValues);
        } catch (LanguageException e) {
            throw new FormulaException(where(job) + ": " + e.getMessage());
        }
    }

    /** The request's fit per machine for one job. */
    public RequestTerms forJob(Job job, Attributes jobValues) {
        boolean osEqual = setting(OS_EQUAL, job, jobValues).orElse(0) != 0;
        return new JobTerms(job, jobValues, osEqual);
    }

    private String where(Job job) {
        return "population " + population + ", job " + job.id();
    }

    /** One job's fits, worked out per machine on first use. */
    private final class JobTerms implements RequestTerms {
        private final Job job;
        private final Attributes values;
        private final boolean osEqual;
        private final Fit[] fits = new Fit[machines.size()];
        private final boolean[] known = new boolean[machines.size()];

        JobTerms(Job job, Attributes values, boolean osEqual) {
            this.job = job;
            this.values = values;
            this.osEqual = osEqual;
        }

        @Override
        public OfferUtility choice() {
            Optional<Expression> rule = template.choice();
            if (rule.isEmpty()) {
                return null;
            }
            try {
                return CompiledUtility.compile(RequestTemplate.CHOICE, rule.get(), values.over(template.settings()));
            } catch (LanguageException e) {
                throw new FormulaException(where(job) + ": " + RequestTemplate.CHOICE + ": " + e.getMessage());
            }
        }

        @Override
        public Fit on(int machine) {
            if (!known[machine]) {
                try {
                    fits[machine] = fit(machine);
                } catch (LanguageException e) {
                    throw new FormulaException(where(job) + ", machine " + machineNames.get(machine) + ": "
                            + e.getMessage());
                }
                known[machine] = true;
            }
            return fits[machine];
        }

        private Fit fit(int machine) throws LanguageException {
            Optional<RequestTemplate.Environment> found = environment(values, machine);
            if (found.isEmpty()) {
                return null;
            }
            RequestTemplate.Environment env = found.get();
            double planned = env.runTime();
            long[] times = Fit.scaled(job.estimate(), job.runTime(), planned);
            Optional<Value> given = env.element().value(RequestTemplate.UTILITY);
            OfferUtility utility;
            if (given.isPresent()) {
                if (given.get().body() instanceof Value.Text t) {
                    throw new LanguageException("ELEMENT " + env.number() + ": VALUE \"" + RequestTemplate.UTILITY
                            + "\" is the text \"" + t.text() + "\", not a number");
                }
                utility = CompiledUtility.compile((Expression) given.get().body(),
                        Attributes.of(Map.of(RequestTemplate.RUN_TIME, planned)).over(env.context()));
            } else {
                long plannedTime = times[0];
                utility = (s, e, c, oc, rc) -> fallback.value(s, e, c, job.nodes(), plannedTime, job.submit());
            }
            String group = env.number() + "/" + times[0];
            if (osEqual) {
                Optional<Value.ValueBody> os = machines.get(machine).get(OS);
                group += "/" + (os.isPresent() && os.get() instanceof Value.Text t ? t.text() : "");
            }
            return new Fit(env.number(), times[0], times[1], utility, group);
        }
    }
}
