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
}
