package gridmarket.market.language;

import gridmarket.sim.workload.Job;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A REQUEST used for the jobs of a user population (SPEC E9, thesis 7.3.2): its plain keys (Hops, JobBudget, ...) are
 * settings, its key {@value #CHOICES} lists the environments the job can run in. For a job on a machine, the first
 * ELEMENT whose CONDITION holds is the job's {@link Environment} there; a machine no element matches gets no offer.
 *
 * <p>Names are looked up in this order: the job's values (NumberOfProcessors, RunTime, StartTime, ... as the caller
 * fills them), then the template's plain keys, then the machine's attributes. So {@code NumberOfProcessors} in a
 * condition is the job's width, as in the thesis' example; a machine publishes its own node count as {@code Nodes}.
 * Immutable.
 */
public final class RequestTemplate {
    /** The key whose elements are the alternative environments (the thesis' example calls it Utility). */
    public static final String CHOICES = "Utility";
    /** The value of an element that gives the job's run time in that environment, in seconds. */
    public static final String RUN_TIME = "RunTime";
    /** The longest run time a template may give, in seconds: the simulated clock's range (10^12 s). */
    public static final double MAX_RUN_TIME = 1e12;
    /** The value of an element that gives the user's utility of an offer. */
    public static final String UTILITY = "UtilityValue";
    /** The setting that gives the user's own rule for choosing among the offers it receives (MaxOfferNumber > 0). */
    public static final String CHOICE = "OfferChoice";

    private final DescriptionObject request;
    private final Attributes settings;
    private final List<Element> elements;

    private RequestTemplate(DescriptionObject request, Attributes settings, List<Element> elements) {
        this.request = request;
        this.settings = settings;
        this.elements = elements;
    }

    /**
     * The template a REQUEST object describes.
     *
     * @throws LanguageException if the object is not a REQUEST, or has no key {@value #CHOICES} of elements
     */
    public static RequestTemplate of(DescriptionObject request) throws LanguageException {
        if (request.kind() != ObjectKind.REQUEST) {
            throw new LanguageException(request.kind() + " \"" + request.id() + "\" is no REQUEST");
        }
        Key choices = request.key(CHOICES).orElseThrow(() -> new LanguageException("REQUEST \"" + request.id()
                + "\": no KEY \"" + CHOICES + "\" with the ELEMENTs a machine is chosen by"));
        if (choices.elements().isEmpty()) {
            throw new LanguageException("REQUEST \"" + request.id() + "\": KEY \"" + CHOICES + "\" holds VALUEs; "
                    + "it must hold ELEMENTs");
        }
        return new RequestTemplate(request, Attributes.of(request), choices.elements());
    }

    /**
     * A job's values as a template sees them: NumberOfProcessors (its nodes), RunTime (its estimate: what the user
     * states, and what the market plans with), StartTime and SubmitTime (its submit time; StartTime is the earliest
     * start the thesis' request asks for), UserID and JobID (the trace's numbers).
     */
    public static Attributes jobValues(Job job) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("NumberOfProcessors", job.nodes());
        v.put(RUN_TIME, job.estimate());
        v.put("StartTime", job.submit());
        v.put("SubmitTime", job.submit());
        v.put("UserID", job.user());
        v.put("JobID", job.id());
        return Attributes.of(v);
    }

    /**
     * A plain setting of the template (e.g. JobBudget, Hops, MaxOfferNumber, SearchTime) for a job: the value of
     * that name evaluated with the job's values over the template's settings; empty if the template does not set it.
     */
    public OptionalDouble setting(String name, Attributes job) throws LanguageException {
        if (!settings.isDefined(name)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(new Evaluator(job.over(settings)).number(Expression.Attribute.named(name)));
    }

    /**
     * The user's own rule for choosing among the offers it receives when MaxOfferNumber > 0: the setting
     * {@value #CHOICE}, an expression over an offer's values; empty if the template gives none.
     */
    public Optional<Expression> choice() {
        Optional<Value.ValueBody> v = settings.get(CHOICE);
        return v.isPresent() && v.get() instanceof Expression e ? Optional.of(e) : Optional.empty();
    }

    /**
     * Evaluates the {@value #CHOICE} rule, if any, for a job on an offer, so that an unknown name or a type error is
     * found before a run.
     */
    public void checkChoice(Attributes job, Attributes offer) throws LanguageException {
        Optional<Value.ValueBody> v = settings.get(CHOICE);
        if (v.isPresent()) {
            if (v.get() instanceof Value.Text t) {
                throw new LanguageException("VALUE \"" + CHOICE + "\" is the text \"" + t.text() + "\", not a number");
            }
            new Evaluator(offer.over(job).over(settings)).number((Expression) v.get());
        }
    }

    /** The template's plain keys as attributes. */
    Attributes settings() {
        return settings;
    }

    /** The REQUEST this template was made from. */
    public DescriptionObject request() {
        return request;
    }

    /**
     * The environment of a job on a machine: the first element whose condition holds, or empty if none does (the
     * machine makes no offer).
     *
     * @param job     the job's values (NumberOfProcessors, RunTime, StartTime, ...)
     * @param machine the machine's attributes
     * @throws LanguageException if a condition reads an unknown attribute or a value of the wrong type
     */
    public Optional<Environment> elementFor(Attributes job, Attributes machine) throws LanguageException {
        Attributes context = job.over(settings).over(machine);
        Evaluator evaluator = new Evaluator(context);
        for (Element e : elements) {
            if (e.condition().isEmpty() || evaluator.holds(e.condition().get())) {
                return Optional.of(new Environment(e, context));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the choice of element can depend on the job: whether a condition reads one of the job's values
     * ({@link #jobValues}), directly or through a setting of the template. If not, the element chosen on a machine is
     * the same for every job ({@link #elementOn}).
     */
    public boolean choiceReadsJob() {
        Set<String> read = new HashSet<>();
        for (Element e : elements) {
            e.condition().ifPresent(c -> names(c, read));
        }
        Set<String> done = new HashSet<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(read);
        while (!todo.isEmpty()) {
            String n = todo.poll();
            if (!done.add(n)) {
                continue;
            }
            if (JOB_VALUES.contains(n)) {
                return true;
            }
            Optional<Value.ValueBody> body = settings.get(n);
            if (body.isPresent() && body.get() instanceof Expression x) {
                Set<String> more = new HashSet<>();
                names(x, more);
                todo.addAll(more);
            }
        }
        return false;
    }

    /**
     * The element that holds on a machine for every job, for a template whose choice reads no job value
     * ({@link #choiceReadsJob()} false); empty if none holds there.
     */
    public Optional<Element> elementOn(Attributes machine) throws LanguageException {
        Evaluator evaluator = new Evaluator(settings.over(machine));
        for (Element e : elements) {
            if (e.condition().isEmpty() || evaluator.holds(e.condition().get())) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** A job's environment in an element known to hold: the element over the job's values, settings and machine. */
    public Environment environment(Element element, Attributes job, Attributes machine) {
        return new Environment(element, job.over(settings).over(machine));
    }

    /** The names a job fills in ({@link #jobValues}). */
    private static final Set<String> JOB_VALUES = Set.of("NumberOfProcessors", RUN_TIME, "StartTime", "SubmitTime",
            "UserID", "JobID");

    private static void names(Condition c, Set<String> out) {
        if (c instanceof Condition.Compare t) {
            out.add(t.attribute().name());
            names(t.expression(), out);
        } else if (c instanceof Condition.CompareText t) {
            out.add(t.attribute().name());
        } else if (c instanceof Condition.Not t) {
            names(t.operand(), out);
        } else if (c instanceof Condition.Defined t) {
            out.add(t.attribute().name());
        } else if (c instanceof Condition.And t) {
            names(t.left(), out);
            names(t.right(), out);
        } else if (c instanceof Condition.Or t) {
            names(t.left(), out);
            names(t.right(), out);
        }
    }

    private static void names(Expression e, Set<String> out) {
        if (e instanceof Expression.Attribute a) {
            out.add(a.name());
        } else if (e instanceof Expression.Negate n) {
            names(n.operand(), out);
        } else if (e instanceof Expression.Binary b) {
            names(b.left(), out);
            names(b.right(), out);
        } else if (e instanceof Expression.Call c) {
            names(c.argument(), out);
        }
    }

    /** {@link #elementFor(Attributes, Attributes)} with the job's values as a map. */
    public Optional<Environment> elementFor(Map<String, ?> job, Attributes machine) throws LanguageException {
        return elementFor(Attributes.of(job), machine);
    }

    /**
     * Evaluates every element's condition and values for a job on a machine, not only up to the first element that
     * holds, so that an unknown attribute or a type error anywhere is found before a run; the utility is evaluated
     * against the given offer values.
     *
     * @throws LanguageException the first error, naming the attribute and where it is written
     */
    public void check(Attributes job, Attributes machine, Attributes offer) throws LanguageException {
        Attributes context = job.over(settings).over(machine);
        Evaluator evaluator = new Evaluator(context);
        for (Element e : elements) {
            if (e.condition().isPresent()) {
                evaluator.holds(e.condition().get());
            }
            Environment environment = new Environment(e, context);
            environment.runTime();
            for (Value v : e.values()) {
                if (!v.name().equals(UTILITY)) {
                    environment.value(v.name());
                }
            }
            environment.utility(offer);
        }
    }

    /**
     * A job's environment on one machine: the element chosen and the names it is evaluated against.
     *
     * @param element the element whose condition held
     * @param context the job's values over the template's settings over the machine's attributes
     */
    public record Environment(Element element, Attributes context) {

        /** The element's number (which environment was chosen). */
        public long number() {
            return element.number();
        }

        /**
         * The job's run time here, in seconds: the element's {@value #RUN_TIME} if it gives one, else the job's
         * RunTime divided by the machine's Speed (1 if the machine has none).
         *
         * @throws LanguageException if neither the element nor the job gives a run time, or it is not a number
         */
        public double runTime() throws LanguageException {
            Evaluator evaluator = new Evaluator(context);
            Optional<Value> given = element.value(RUN_TIME);
            double seconds;
            if (given.isPresent()) {
                seconds = number(given.get(), evaluator);
            } else {
                double speed = context.isDefined("Speed") ? evaluator.number(Expression.Attribute.named("Speed")) : 1;
                seconds = evaluator.number(Expression.Attribute.named(RUN_TIME)) / speed;
            }
            if (!(seconds > 0) || seconds > MAX_RUN_TIME) { // a job that takes no time would be silently made 1 s
                throw new LanguageException("ELEMENT " + number() + ": " + RUN_TIME + " is " + seconds
                        + " on this machine, not a positive number of seconds up to " + (long) MAX_RUN_TIME);
            }
            return seconds;
        }

        /**
         * The user's utility of an offer here: the element's {@value #UTILITY} evaluated with the offer's values
         * (StartTime, EndTime, JobCost, ...) over this environment's RunTime over the context; empty if the element
         * gives none (the market's utility function applies).
         */
        public OptionalDouble utility(Attributes offer) throws LanguageException {
            Optional<Value> utility = element.value(UTILITY);
            if (utility.isEmpty()) {
                return OptionalDouble.empty();
            }
            Attributes here = offer.over(Attributes.of(Map.of(RUN_TIME, runTime()))).over(context);
            return OptionalDouble.of(number(utility.get(), new Evaluator(here)));
        }

        /** Another value of the element (e.g. Memory): a Double or a String, evaluated against the context. */
        public Optional<Object> value(String name) throws LanguageException {
            Optional<Value> v = element.value(name);
            return v.isEmpty() ? Optional.empty() : Optional.of(new Evaluator(context).value(v.get()));
        }

        private double number(Value v, Evaluator evaluator) throws LanguageException {
            if (v.body() instanceof Value.Text t) {
                throw new LanguageException("ELEMENT " + element.number() + ": VALUE \"" + v.name()
                        + "\" is the text \"" + t.text() + "\", not a number");
            }
            return evaluator.number((Expression) v.body());
        }
    }
}
