package gridmarket.market;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Formulas under limits: too long or too deep is a one-line {@link FormulaException} naming the place, never a
 * stack overflow; a long formula's message shows the place of the fault, not only its start; rand() is refused.
 */
class FormulaLimitsTest {
    private static final List<String> VARS = List.of("a", "b");

    private static String sum(int terms) {
        StringBuilder b = new StringBuilder("a");
        for (int i = 1; i < terms; i++) {
            b.append("+a");
        }
        return b.toString();
    }

    @Test
    void aFiftyThousandTermSumIsRefusedByItsLength() {
        FormulaException e = assertThrows(FormulaException.class, () -> new MachineFunction(sum(50_000)));
        assertTrue(e.getMessage().contains("99999 characters, more than 10000"), e.getMessage());
        assertTrue(e.getMessage().length() < 300, e.getMessage());
    }

    @Test
    void fiveHundredOperatorsPassAndOneMoreIsRefusedWhereItStands() {
        assertEquals(501, new Formula(sum(501), VARS).evaluate(1, 0), 0);
        FormulaException e = assertThrows(FormulaException.class, () -> new Formula(sum(502), VARS));
        assertTrue(e.getMessage().contains("more than 500 operators (at character 1002)"), e.getMessage());
    }

    /** What the limits let through is parsed, compiled and evaluated on a thread's default 1 MB stack. */
    @Test
    void whatTheLimitsLetThroughRunsOnASmallStack() throws InterruptedException {
        String[] forms = {sum(501), "-".repeat(499) + "a", "a" + "*a".repeat(500),
            "(".repeat(64) + "a" + ")".repeat(64)};
        AtomicReference<String> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            for (String f : forms) {
                try {
                    new Formula(f, VARS).evaluate(1, 0);
                } catch (Throwable x) {
                    failure.set(f.substring(0, 6) + ": " + x);
                    return;
                }
            }
        }, "small-stack", 1024 * 1024);
        t.start();
        t.join();
        assertEquals(null, failure.get(), failure::get);
    }

    @Test
    void nestedParenthesesAreRefusedAtTheSixtyFifth() {
        String deep = "(".repeat(10_000) + "a" + ")".repeat(10_000);
        FormulaException e = assertThrows(FormulaException.class, () -> new UtilityFunction(deep));
        assertTrue(e.getMessage().contains("20001 characters, more than 10000"), e.getMessage());
        String thousand = "(".repeat(1_000) + "a" + ")".repeat(1_000);
        e = assertThrows(FormulaException.class, () -> new UtilityFunction(thousand));
        assertTrue(e.getMessage().contains("parentheses nested deeper than 64 at character 65"), e.getMessage());
        String ok = "(".repeat(64) + "a" + ")".repeat(64);
        assertEquals(3, new Formula(ok, VARS).evaluate(3, 0), 0);
    }

    @Test
    void aTypoAtTheEndOfALongFormulaIsShownWhereItIs() {
        String f = sum(200) + " + b +";
        FormulaException e = assertThrows(FormulaException.class, () -> new Formula(f, VARS));
        assertTrue(e.getMessage().contains("a+a+a+a + b +'"), "the end is shown: " + e.getMessage());
        assertTrue(e.getMessage().contains("(405 characters) at character 405: Encountered \"<EOF>\""),
                e.getMessage());
        assertTrue(e.getMessage().contains("Encountered"), "the reason is kept: " + e.getMessage());
        assertTrue(e.getMessage().length() < 250, e.getMessage());
    }

    @Test
    void anUnknownVariableInALongFormulaIsShownWhereItIs() {
        String f = sum(100) + "+c";
        FormulaException e = assertThrows(FormulaException.class, () -> new Formula(f, VARS));
        assertTrue(e.getMessage().contains("+a+a+c'"), e.getMessage());
        assertTrue(e.getMessage().endsWith("unknown variable c (known: a, b)"), e.getMessage());
    }

    @Test
    void randIsRefusedBecauseARunMustReproduce() {
        FormulaException e = assertThrows(FormulaException.class, () -> new UtilityFunction("-StartTime * rand()"));
        assertTrue(e.getMessage().startsWith("formula '-StartTime * rand()': rand() is not allowed"),
                e.getMessage());
        assertTrue(e.getMessage().contains("would not reproduce"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertThrows(FormulaException.class, () -> new MachineFunction("NumberOfProcessors + 0 * rand()"));
    }
}
