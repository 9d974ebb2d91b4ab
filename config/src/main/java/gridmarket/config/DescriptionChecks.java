package gridmarket.config;

import gridmarket.market.language.Attributes;
import gridmarket.market.language.DescriptionObject;
import gridmarket.market.language.Document;
import gridmarket.market.language.Evaluator;
import gridmarket.market.language.Expression;
import gridmarket.market.language.Key;
import gridmarket.market.language.LanguageException;
import gridmarket.market.language.ObjectKind;
import gridmarket.market.language.Value;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a description-language file on its own ({@code validate FILE.req|.offer|.mach}): the meaning an
 * experiment gives its values, as far as it can be known without the experiment. Every value that can be evaluated
 * from the object's own values (and, in a request, a job's) must be a finite number or a text where one is needed,
 * not defined by itself; the attributes gridmarket gives a meaning have their ranges (NumberOfProcessors a whole
 * number of at least 1, times, costs, budgets and counts at least 0, EndTime not before StartTime); an OFFER names its
 * OfferID; a MASCHINE's attributes are read as an experiment reads a machine file, its Objective probed as a machine
 * function; a REQUEST with a {@code Utility} of elements is checked as a population's template, on a machine that has
 * every machine attribute. Values that read names the object does not define depend on where the object is used, and
 * are left to that place.
 */
public final class DescriptionChecks {
    /** Attributes that are numbers of at least 0 wherever they are given. */
    private static final Set<String> NOT_NEGATIVE = Set.of("Hops", "MaxOfferNumber", "MinMulti-Site",
            "MaxMulti-Site", "SearchTime", "JobBudget", "OfferBudget", "ReservationBudget", "OperationSystemEqual",
            "JobCost", "OfferCost", "ReservationCost", "ReservationTime", "StartTime", "EndTime", "Memory",
            "RunTime", "SubmitTime");
    /** Attributes that are texts wherever they are given (an offer's ids may be either). */
    private static final Set<String> TEXTS = Set.of("OperatingSystem", "Machine", "Objective");
    /** A job's values, as a request template reads them (the probe job of a population's check). */
    private static final Map<String, Object> PROBE_JOB = Map.of("NumberOfProcessors", 1, "RunTime", 1,
            "StartTime", 0, "SubmitTime", 0, "UserID", 1, "JobID", 1);
    /** A machine with every attribute a machine of an experiment may have. */
    private static final Attributes EVERY_ATTRIBUTE = Attributes.of(Map.of("MachineName", "m", "Nodes", 1024,
            "OperatingSystem", "Linux", "Memory", 1_048_576, "Speed", 1, "OfferCost", 0, "ReservationCost", 0));

    private DescriptionChecks() {
    }

    /**
     * Checks every object of a parsed file.
     *
     * @param file the file's name, for messages
     * @throws LanguageException naming the file (and line and column where the value is written), the object and the
     *                           value
     */
    public static void check(String file, Document document) throws LanguageException {
        for (DescriptionObject o : document.objects()) {
            String where = file + ": " + o.kind() + " \"" + o.id() + "\": ";
            try {
                check(file, where, o);
            } catch (ConfigException | IllegalArgumentException e) {
                throw new LanguageException(e.getMessage().startsWith(file) ? e.getMessage() : where + e.getMessage());
            }
        }
    }

    private static void check(String file, String where, DescriptionObject o) throws LanguageException {
        Attributes own = Attributes.of(o);
        Attributes context = o.kind() == ObjectKind.REQUEST ? own.over(Attributes.of(PROBE_JOB)) : own;
        Map<String, Object> values = new LinkedHashMap<>();
        for (Key k : o.keys()) {
            for (Value v : k.values()) {
                if (!closed(v.body(), context, new HashSet<>(), 0)) {
                    continue; // reads a name only the place of use defines
                }
                Object value = evaluate(file, where, v, context);
                values.put(v.name(), value);
                checkRange(where, v.name(), value);
            }
        }
        if (values.get("StartTime") instanceof Double start && values.get("EndTime") instanceof Double end
                && end < start) {
            throw new LanguageException(where + "EndTime " + shown(end) + " is before StartTime " + shown(start));
        }
        switch (o.kind()) {
            case OFFER -> {
                if (o.key("OfferID").isEmpty()) {
                    throw new LanguageException(where + "no KEY \"OfferID\" (an offer names itself)");
                }
            }
            case MASCHINE -> {
                MachineSpec m = new MachineSpec();
                for (Map.Entry<String, Object> e : values.entrySet()) {
                    if (MachineDescription.READ.contains(e.getKey())) {
                        MachineDescription.set(m, e.getKey(), e.getValue(), where);
                    }
                }
                if (m.getObjective() != null) {
                    ExperimentChecks.probe(where + "objective", m.getObjective()); // probed as a machine function
                }
            }
            case REQUEST -> {
                if (o.key("Utility").filter(k -> !k.elements().isEmpty()).isPresent()) {
                    try {
                        ExperimentChecks.checkTemplate(file, o, List.of(EVERY_ATTRIBUTE));
                    } catch (LanguageException e) {
                        // a parse error names its file:line:column; an element's evaluation only the element
                        throw new LanguageException(e.getMessage().startsWith(file) ? e.getMessage()
                                : where + e.getMessage());
                    }
                }
            }
        }
    }

    private static Object evaluate(String file, String where, Value v, Attributes context)
            throws LanguageException {
        try {
            return new Evaluator(context).value(v);
        } catch (LanguageException e) {
            // an error at a written attribute names its file:line:column; one of constants (1/0) names no place
            throw new LanguageException(e.getMessage().startsWith(file) ? e.getMessage()
                    : where + "VALUE \"" + v.name() + "\": " + e.getMessage());
        }
    }

    private static void checkRange(String where, String name, Object value) throws LanguageException {
        boolean number = NOT_NEGATIVE.contains(name) || name.equals("NumberOfProcessors") || name.equals("Speed");
        if (number && !(value instanceof Double)) {
            throw new LanguageException(where + "VALUE \"" + name + "\" must be a number, got the text \"" + value
                    + "\"");
        }
        if (TEXTS.contains(name) && !(value instanceof String)) {
            throw new LanguageException(where + "VALUE \"" + name + "\" must be a text in quotes, got " + value);
        }
        if (NOT_NEGATIVE.contains(name) && (Double) value < 0) {
            throw new LanguageException(where + "VALUE \"" + name + "\" must be at least 0, got " + shown(value));
        }
        if (name.equals("NumberOfProcessors")) {
            double n = (Double) value;
            if (n < 1 || n != Math.rint(n)) {
                throw new LanguageException(where + "VALUE \"NumberOfProcessors\" must be a whole number of at "
                        + "least 1, got " + shown(value));
            }
        }
    }

    /**
     * Whether every name the body reads, and every name those read, is defined in {@code context}; {@code depth}
     * counts the attributes followed to get here.
     */
    private static boolean closed(Value.ValueBody body, Attributes context, Set<String> seen, int depth) {
        if (body instanceof Value.Text) {
            return true;
        }
        if (body instanceof Expression.Number) {
            return true;
        }
        if (body instanceof Expression.Attribute a) {
            if (!seen.add(a.name())) {
                return true; // a cycle: evaluating it reports the attribute defined by itself
            }
            if (depth > Evaluator.MAX_CHAIN) {
                return true; // evaluating it reports the chain as too long, without a deep walk here
            }
            return context.get(a.name()).map(b -> closed(b, context, seen, depth + 1)).orElse(false);
        }
        if (body instanceof Expression.Negate n) {
            return closed(n.operand(), context, seen, depth);
        }
        if (body instanceof Expression.Binary b) {
            return closed(b.left(), context, seen, depth) && closed(b.right(), context, seen, depth);
        }
        return closed(((Expression.Call) body).argument(), context, seen, depth);
    }

    private static String shown(Object v) {
        return v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue())
                : String.valueOf(v);
    }
}
