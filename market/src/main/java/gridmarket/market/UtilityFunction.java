package gridmarket.market;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A user's utility function UF (thesis 6.3.2): the origin MetaManager picks the offer with the highest value.
 * Variables: the offer's {@code StartTime}, {@code EndTime} (seconds, absolute) and {@code JobCost} (the machine
 * function's value), the request's {@code NumberOfProcessors}, {@code RunTime} and {@code SubmitTime}.
 */
public final class UtilityFunction {
    /** The variables a UF may use, in evaluation order. */
    public static final List<String> VARIABLES = List.of("StartTime", "EndTime", "JobCost", "NumberOfProcessors",
            "RunTime", "SubmitTime");

    /** UF1-UF5 exactly as thesis section 6.3.2 gives them. */
    public static final Map<String, String> PREDEFINED = Map.of(
            "UF1", "-StartTime",
            "UF2", "-JobCost",
            "UF3", "-(StartTime + JobCost)",
            "UF4", "-(StartTime + 2 * JobCost)",
            "UF5", "-(2 * StartTime + JobCost)");

    private final String name;
    private final Formula formula;
    private final boolean fallsWithStart;
    private final boolean fallsWithStartAlone;
    private final boolean fallsWithStartAndPrice;
    private final boolean startless;

    /**
     * @param nameOrFormula a predefined name ({@code UF1}..{@code UF5}) or a formula over {@link #VARIABLES}
     * @throws FormulaException for a bad formula
     */
    public UtilityFunction(String nameOrFormula) {
        this(nameOrFormula, new Formula(PREDEFINED.getOrDefault(nameOrFormula, nameOrFormula), VARIABLES));
    }

    private UtilityFunction(String name, Formula formula) {
        this.name = name;
        this.formula = formula;
        Trend trend = formula.trend(Set.of("StartTime", "EndTime"), Set.of("NumberOfProcessors", "RunTime",
                "SubmitTime"));
        this.fallsWithStart = trend == Trend.FALLING || trend == Trend.CONSTANT;
        // RunTime is the run on the offer's machine (scaled by its speed): only the job's own numbers stay fixed
        Trend alone = formula.trend(Set.of("StartTime"), Set.of("NumberOfProcessors", "SubmitTime"));
        this.fallsWithStartAlone = alone == Trend.FALLING || alone == Trend.CONSTANT;
        Trend withPrice = formula.trend(Set.of("StartTime", "EndTime", "JobCost"), Set.of("NumberOfProcessors",
                "RunTime", "SubmitTime"));
        this.fallsWithStartAndPrice = withPrice == Trend.FALLING || withPrice == Trend.CONSTANT;
        this.startless = formula.trend(Set.of("StartTime", "EndTime"), Set.of("JobCost", "NumberOfProcessors",
                "RunTime", "SubmitTime")) == Trend.CONSTANT;
    }

    /**
     * A utility formula over {@link #VARIABLES} and some parameters of its own, read once, whose functions a user
     * strategy writes with numbers of each request for the parameters (a DBC broker's budget and deadline): each
     * function is the formula with the numbers written in, as {@code new UtilityFunction(text)} reads it, without a
     * parse per request. Its functions share its parse, so a form serves one model, as a formula does.
     */
    public static final class Form {
        private final Formula formula;
        private final List<String> parameters;

        /**
         * @param formula    the formula, e.g. {@code -(JobCost / Budget)}
         * @param parameters the names it uses beside {@link #VARIABLES}
         * @throws FormulaException for a bad formula
         */
        public Form(String formula, List<String> parameters) {
            List<String> names = new ArrayList<>(VARIABLES);
            names.addAll(parameters);
            this.formula = new Formula(formula, names);
            this.parameters = List.copyOf(parameters);
        }

        /**
         * The utility function of the formula with {@code values} (one per parameter, in order) in the parameters'
         * places.
         *
         * @param text the formula with those numbers written in (the function's name, and what messages quote), each
         *             a decimal that reads back as its value
         */
        public UtilityFunction with(String text, double... values) {
            if (values.length != parameters.size()) {
                throw new IllegalArgumentException(parameters.size() + " parameter values expected, got "
                        + values.length);
            }
            return new UtilityFunction(text, formula.with(parameters, values, text, VARIABLES));
        }
    }

    public String name() {
        return name;
    }

    /**
     * Whether, for one request on one machine, an offer that starts later is never worth more: the value depends on
     * the offer only through its start (its end is the start plus the run there), never rises with it, and ignores
     * the price (UF1, or e.g. {@code SubmitTime - EndTime}). Proved from the formula; false where it is not.
     */
    public boolean neverRisesWithStart() {
        return fallsWithStart;
    }

    /**
     * Whether an offer that starts later is never worth more, on any machine: as {@link #neverRisesWithStart}, and
     * the value reads neither the offer's end nor its run time there, so machines that run the job for different
     * times compare by their starts alone (UF1). Proved from the formula; false where it is not.
     */
    public boolean neverRisesWithStartAnywhere() {
        return fallsWithStartAlone;
    }

    /**
     * Whether, for one request on one machine, an offer never gains value from a later start or a higher price: so
     * no offer starting at t or later, at a price of at least p, is worth more than the value at (t, p) (UF1-UF5).
     * Proved from the formula; false where it is not.
     */
    public boolean neverRisesWithStartOrPrice() {
        return fallsWithStartAndPrice;
    }

    /**
     * Whether an offer's start and end never change its value (UF2: the price alone): proved from the formula; false
     * where it is not.
     */
    public boolean ignoresStart() {
        return startless;
    }

    /** The utility value of an offer. */
    public double value(long start, long end, double jobCost, int nodes, long runTime, long submit) {
        return formula.evaluate(start, end, jobCost, nodes, runTime, submit);
    }
}
