package gridmarket.market;

import java.util.List;
import java.util.Map;

/**
 * A machine owner's objective function MF (thesis 6.3.1): its value for a candidate placement is the machine's price,
 * the offer's JobCost. Variables are those of {@link ObjectiveVariables} and the request's
 * {@code NumberOfProcessors}, {@code RunTime}, {@code StartTime}, {@code EndTime} (seconds, node-seconds).
 */
public final class MachineFunction {
    /** The variables an MF may use, in evaluation order. */
    public static final List<String> VARIABLES = List.of("NumberOfProcessors", "RunTime", "StartTime", "EndTime",
            "under", "over", "left_right", "left_right_rel", "utilization");

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

    /** The name as given ({@code MF1}) or the formula text. */
    public String name() {
        return name;
    }

    /** The price of running {@code nodes} nodes for {@code runTime} seconds from {@code start}. */
    public double price(int nodes, long runTime, long start, ObjectiveVariables v) {
        return formula.evaluate(nodes, runTime, start, start + runTime, v.under(), v.over(), v.leftRight(),
                v.leftRightRel(), v.utilization());
    }
}
