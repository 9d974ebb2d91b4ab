package gridmarket.market;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FormulaTest {

    @Test
    void evaluatesWithNewValuesEachTime() {
        Formula f = new Formula("a * b + 2", List.of("a", "b"));
        assertEquals(8, f.evaluate(2, 3), 1e-12);
        assertEquals(2, f.evaluate(0, 100), 1e-12);
    }

    @Test
    void unknownVariableIsNamed() {
        FormulaException e = assertThrows(FormulaException.class,
                () -> new MachineFunction("NumberOfProcessors * RunTim"));
        assertTrue(e.getMessage().contains("unknown variable RunTim"), e.getMessage());
        assertTrue(e.getMessage().contains("'NumberOfProcessors * RunTim'"), e.getMessage());
    }

    @Test
    void syntaxErrorIsReported() {
        FormulaException e = assertThrows(FormulaException.class, () -> new UtilityFunction("-(StartTime + "));
        assertTrue(e.getMessage().startsWith("formula '-(StartTime + '"), e.getMessage());
    }

    @Test
    void nonFiniteResultIsAnError() {
        Formula f = new Formula("b / a", List.of("a", "b"));
        FormulaException e = assertThrows(FormulaException.class, () -> f.evaluate(0, 2.5));
        assertEquals("formula 'b / a' gave Infinity, not a finite number at a = 0, b = 2.5", e.getMessage());
    }

    @Test
    void theCompiledFormulaGivesJepsValues() throws Exception {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        List<String> formulas = new java.util.ArrayList<>(MachineFunction.PREDEFINED.values());
        formulas.addAll(List.of("sqrt(under) + abs(over - left_right) ^ 0.5 - utilization * pi",
                "exp(-left_right_rel) * log(1 + over) + ln(2 + under) % 7", "(under > over) * 3 + (over >= 1)",
                "-NumberOfProcessors * -RunTime / (StartTime + 1) - EndTime + e"));
        for (String text : formulas) {
            Formula f = new Formula(text, MachineFunction.VARIABLES);
            for (int k = 0; k < 200; k++) {
                double[] v = new double[MachineFunction.VARIABLES.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = random.nextDouble(0, 1e6);
                }
                v[7] = random.nextDouble(); // left_right_rel
                Object jep = f.evaluateWithJep(v);
                assertEquals(((Number) jep).doubleValue(), f.evaluate(v), 1e-9 * Math.abs(((Number) jep).doubleValue()),
                        text);
            }
        }
        assertTrue(assertThrows(FormulaException.class, () -> new Formula("sqrt(under - 10)",
                MachineFunction.VARIABLES).evaluate(1, 1, 1, 1, 0, 0, 0, 0, 0, 0)).getMessage()
                .contains("not a finite number"), "a complex result is refused, as JEP's was");
    }

    @Test
    void sumsDifferencesProductsAndQuotientsAreJepsToTheBit() throws Exception {
        // each operator with a variable, a constant or a sub-expression on either side, and a negated variable
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        List<String> formulas = new java.util.ArrayList<>(MachineFunction.PREDEFINED.values());
        formulas.addAll(List.of("under + over", "under - over", "under * over", "under / over",
                "(under + 1) + over", "(under + 1) - over", "(under + 1) * over", "(under + 1) / over",
                "under + (over - 3)", "under - (over - 3)", "under * (over - 3)", "under / (over - 3)",
                "(under + 2) + (over * 3)", "(under + 2) - (over * 3)", "(under + 2) * (over * 3)",
                "(under + 2) / (over * 3)", "-under", "-(under / left_right) * -utilization",
                "2 / under - 0.5 * over"));
        int compared = 0;
        for (String text : formulas) {
            Formula f = new Formula(text, MachineFunction.VARIABLES);
            for (int k = 0; k < 500; k++) {
                double[] v = new double[MachineFunction.VARIABLES.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = random.nextInt(4) == 0 ? random.nextInt(-3, 4) : random.nextDouble(-1e9, 1e9);
                }
                double jep = ((Number) f.evaluateWithJep(v)).doubleValue();
                if (Double.isFinite(jep)) {
                    assertEquals(Double.doubleToLongBits(jep), Double.doubleToLongBits(f.evaluate(v)), text);
                    compared++;
                }
            }
        }
        assertTrue(compared > 10_000, compared + " values compared");
    }
}
