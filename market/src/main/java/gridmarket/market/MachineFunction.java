package gridmarket.market;

import java.util.List;
import java.util.Map;

/**
 * A machine owner's objective function MF (thesis 6.3.1): its value for a candidate placement is the machine's price,
 * the offer's JobCost. Variables are those of {@link ObjectiveVariables} and the request's
 * {@code NumberOfProcessors}, {@code RunTime}, {@code StartTime}, {@code EndTime} (seconds, node-seconds).
 * {@code left_right_rel} is read so that MF1-MF6 are finite and never negative (see {@link ObjectiveVariables});
 * {@code left_right_ratio} is the literal, unbounded reading, for formulas that want it.
 */
public final class MachineFunction {
    /** The variables an MF may use, in evaluation order. */
    public static final List<String> VARIABLES = List.of("NumberOfProcessors", "RunTime", "StartTime", "EndTime",
            "under", "over", "left_right", "left_right_rel", "left_right_ratio", "utilization");

    /** MF1-MF6 exactly as thesis section 6.3.1 gives them. */
    public static final Map<String, String> PREDEFINED = Map.of(
            "MF1", "(NumberOfProcessors * RunTime + over + under + left_right) * (1 - left_right_rel)",
            "MF2", "NumberOfProcessors * RunTime + over + under + left_right",
            "MF3", "(NumberOfProcessors * RunTime + over + under) * (1 - left_right_rel)",
            "MF4", "(NumberOfProcessors * RunTime + left_right) * (1 - left_right_rel)",
            "MF5", "(NumberOfProcessors * RunTime + over + left_right) * (1 - left_right_rel)",
            "MF6", "(NumberOfProcessors * RunTime + under + left_right) * (1 - left_right_rel)");

    private final String name;
    private final Formula formula;

    /**
     * @param nameOrFormula a predefined name ({@code MF1}..{@code MF6}) or a formula over {@link #VARIABLES}
     * @throws FormulaException for a bad formula
     */
    public MachineFunction(String nameOrFormula) {
        String predefined = PREDEFINED.get(nameOrFormula);
        this.name = nameOrFormula;
        this.formula = new Formula(predefined != null ? predefined : nameOrFormula, VARIABLES);
    }

    /**
     * A price that no placement of {@code nodes} nodes for {@code runTime} seconds falls below: the job's area for
     * MF1, MF2 and MF4-MF6, 0 for MF3 and formulas. With {@code left_right_rel = left_right / (left_right + area)}
     * (see {@link ObjectiveVariables}), {@code 1 - left_right_rel = area / (left_right + area)}, so MF4 is the area
     * itself and MF1, MF5 and MF6 multiply it by {@code (area + left_right + x) / (area + left_right)} with x (over,
     * under or both) at least 0; MF2 adds areas to it. MF3 drops {@code left_right} from the first factor and can
     * price a hole's filler below its area. The floor is a billionth below the area: {@code 1 - left_right_rel} is
     * computed by a subtraction whose relative error stays under the machine's node count times 2^-53, as the job
     * holds at least one node of it.
     */
    public double floor(int nodes, long runTime) {
        return AREA_FLOORED.contains(name) ? (double) nodes * runTime * (1 - 1e-9) : 0;
    }

    private static final java.util.Set<String> AREA_FLOORED = java.util.Set.of("MF1", "MF2", "MF4", "MF5", "MF6");

    /** The name as given ({@code MF1}) or the formula text. */
    public String name() {
        return name;
    }

    /**
     * The price of running {@code nodes} nodes for {@code runTime} seconds from {@code start}: what the user pays
     * the owner, so it must be finite and at least 0.
     *
     * @throws FormulaException if the formula gives a negative or non-finite value; the message names the formula
     *                          and every variable's value
     */
    public double price(int nodes, long runTime, long start, ObjectiveVariables v) {
        double[] values = {nodes, runTime, start, start + runTime, v.under(), v.over(), v.leftRight(),
                v.leftRightRel(), v.leftRightRatio(), v.utilization()};
        double price;
        try {
            price = formula.evaluate(values);
        } catch (FormulaException e) {
            throw new FormulaException(e.getMessage() + " with " + describe(values));
        }
        if (!(price >= 0)) {
            throw new FormulaException("machine function '" + formula.text() + "' gave the price " + price
                    + " (a price must be >= 0) with " + describe(values));
        }
        return price + 0.0; // -0.0, which a formula such as -(under) gives, is a price of 0
    }

    private static String describe(double[] values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            b.append(i == 0 ? "" : ", ").append(VARIABLES.get(i)).append(" = ").append(values[i]);
        }
        return b.toString();
    }
}
