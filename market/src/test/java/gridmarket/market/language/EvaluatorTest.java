package gridmarket.market.language;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Expressions and conditions evaluated against attributes, values computed by hand. */
class EvaluatorTest {
    private static final Attributes MACHINE = Attributes.of(Map.of("OperatingSystem", "Linux", "Memory", 512,
            "NumberOfProcessors", 128, "Speed", 1.5));

    @Test
    void arithmeticFollowsPrecedenceAndGrouping() throws LanguageException {
        assertEquals(1 + 2 * 3 - 4.0 / 5 % 6, number("1 + 2 * 3 - 4 / 5 % 6"), 0);
        assertEquals(6.2, number("1 + 2 * 3 - 4 / 5 % 6"), 1e-12);
        assertEquals(-3, number("(1 + 2) * (3 - 4)"), 0);
        assertEquals(-2, number("10 - 8 - 4"), 0);
        assertEquals(-1, number("-7 % 3"), 0); // the sign of the dividend, as in Java and C
        assertEquals(5, number("SQRT(3 * 3 + 4 * 4)"), 0);
        assertEquals(2.5, number("LOG(EXP(2.5))"), 1e-12);
        assertEquals(Math.E, number("EXP(1)"), 0);
    }

    @Test
    void attributesEnterExpressions() throws LanguageException {
        assertEquals(512.0 / 128 * 1.5, number("Memory / NumberOfProcessors * Speed"), 0);
        assertEquals(-128, number("-NumberOfProcessors"), 0);
    }

    @Test
    void conditionsCompareNumbersAndTexts() throws LanguageException {
        assertTrue(holds("(Memory >= 512) && (Memory <= 512) && (Memory == 512)"));
        assertFalse(holds("(Memory > 512) || (Memory < 512) || (Memory != 512)"));
        assertTrue(holds("(OperatingSystem EQ \"Linux\") && (OperatingSystem NE \"linux\")"));
        assertTrue(holds("(Memory >= NumberOfProcessors * 4)"));
        assertFalse(holds("(Memory >= NumberOfProcessors * 4 + 1)"));
        assertTrue(holds("(NOT (Speed < 1)) && (ISDEF Speed) && (ISNDEF Disk)"));
        assertTrue(holds("(Memory < 1) || (Speed > 1) && (Speed < 2)"));
    }

    @Test
    void isdefGuardsAnAttributeTheMachineMayLack() throws LanguageException {
        // && stops at a false left side, so the unknown Disk is never read
        assertFalse(holds("(ISDEF Disk) && (Disk > 100)"));
        assertTrue(holds("(ISNDEF Disk) || (Disk > 100)"));
    }

    @Test
    void anUnknownAttributeIsNamedWhereItIsWritten() {
        LanguageException e = assertThrows(LanguageException.class, () -> holds("(Memory > 1) && (Disk > 100)"));
        assertEquals("c:1:62: unknown attribute 'Disk' (test it with (ISDEF Disk) first)", e.getMessage());
        LanguageException inExpression = assertThrows(LanguageException.class,
                () -> number("MinMulti-Site * 2"));
        assertTrue(inExpression.getMessage().startsWith("e:1:34: unknown attribute 'MinMulti'"),
                inExpression.getMessage());
    }

    @Test
    void aValueOfTheWrongTypeIsNamed() {
        LanguageException text = assertThrows(LanguageException.class, () -> holds("(OperatingSystem > 1)"));
        assertEquals("c:1:46: attribute 'OperatingSystem' is the text \"Linux\", not a number", text.getMessage());
        LanguageException number = assertThrows(LanguageException.class, () -> holds("(Memory EQ \"512\")"));
        assertTrue(number.getMessage().startsWith("c:1:46: attribute 'Memory' is the number 512.0, not a text"),
                number.getMessage());
    }

    @Test
    void aResultThatIsNoNumberIsAnError() {
        LanguageException e = assertThrows(LanguageException.class, () -> number("Memory / (Speed - 1.5)"));
        assertTrue(e.getMessage().startsWith("e:1:34: 'Memory / (Speed - 1.5)' gives Infinity"), e.getMessage());
        assertThrows(LanguageException.class, () -> number("LOG(0 - 1)"));
    }

    @Test
    void attributesThatAreExpressionsAreEvaluatedWhenUsed() throws LanguageException {
        Document job = new DescriptionParser().parse("job.req", "REQUEST \"j\" {\n"
                + "  KEY \"Memory\" {VALUE \"JobMemory\" {NumberOfProcessors * 100}}\n"
                + "  KEY \"Loop\" {VALUE \"A\" {B + 1} VALUE \"B\" {A}}\n"
                + "  KEY \"OS\" {VALUE \"System\" {OperatingSystem}}\n}");
        Attributes layered = Attributes.of(job.objects().get(0)).over(MACHINE);
        Evaluator ev = new Evaluator(layered);
        assertEquals(12800, ev.number(Expression.Attribute.named("JobMemory")), 0);
        assertEquals("Linux", ev.text(Expression.Attribute.named("System")));
        LanguageException loop = assertThrows(LanguageException.class,
                () -> ev.number(Expression.Attribute.named("A")));
        assertEquals("job.req:3:44: attribute 'A' refers to itself (A -> B -> A)", loop.getMessage());
    }

    @Test
    void anUpperLayerHidesTheSameNameBelow() throws LanguageException {
        Attributes job = Attributes.of(Map.of("NumberOfProcessors", 16));
        Evaluator ev = new Evaluator(job.over(MACHINE));
        assertEquals(16, ev.number(Expression.Attribute.named("NumberOfProcessors")), 0);
        assertEquals(512, ev.number(Expression.Attribute.named("Memory")), 0);
        assertEquals(128, new Evaluator(MACHINE.over(job)).number(Expression.Attribute.named("NumberOfProcessors")),
                0);
    }

    private static double number(String expression) throws LanguageException {
        Document d = new DescriptionParser().parse("e", "REQUEST \"r\" {KEY \"k\" {VALUE \"v\" {" + expression
                + "}}}");
        return new Evaluator(MACHINE).number((Expression) d.objects().get(0).keys().get(0).values().get(0).body());
    }

    private static boolean holds(String condition) throws LanguageException {
        Document d = new DescriptionParser().parse("c", "REQUEST \"r\" {KEY \"k\" {ELEMENT 1 {CONDITION {"
                + condition + "} VALUE \"v\" {1}}}}");
        return new Evaluator(MACHINE).holds(d.objects().get(0).keys().get(0).elements().get(0).condition()
                .orElseThrow());
    }
}
