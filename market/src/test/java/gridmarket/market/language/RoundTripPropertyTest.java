package gridmarket.market.language;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Round trip as a property: for documents drawn at random (seeded) over every node kind, deep nesting, awkward
 * numbers and names that need escapes, parse(print(d)) equals d. A printer that dropped a needed parenthesis or a
 * grammar with the wrong precedence or grouping changes the tree and fails here.
 */
class RoundTripPropertyTest {
    private static final int DOCUMENTS = 400;
    private static final String[] NAMES = {"a", "b", "Memory", "NumberOfProcessors", "x_1", "_y",
        "OperatingSystem"};
    private static final String[] TEXTS = {"", "Linux", "with \"quotes\"", "back\\slash", "äöü €", "MinMulti-Site"};
    private static final String[] NUMBERS = {"0", "1", "42", "0.5", "100.00", "2.34E+20", "1E-7", "900.89",
        "12345678901234567890", "1E+3"};

    private final Random random = new Random(14);

    @Test
    void printingThenParsingGivesTheSameDocument() throws LanguageException {
        DescriptionParser parser = new DescriptionParser();
        DescriptionPrinter printer = new DescriptionPrinter();
        for (int i = 0; i < DOCUMENTS; i++) {
            Document d = document();
            String printed = printer.print(d);
            assertEquals(d, parser.parse("document " + i, printed), printed);
        }
    }

    @Test
    void minusGroupsFromTheLeftAndBindsLooserThanTimes() throws LanguageException {
        // a - b - c is (a - b) - c; a - b * c is a - (b * c); -a * b is (-a) * b
        Expression abc = expression("a - b - c");
        assertEquals(new Expression.Binary(Expression.Operator.MINUS, new Expression.Binary(
                Expression.Operator.MINUS, attribute("a"), attribute("b")), attribute("c")), abc);
        assertEquals(new Expression.Binary(Expression.Operator.MINUS, attribute("a"), new Expression.Binary(
                Expression.Operator.TIMES, attribute("b"), attribute("c"))), expression("a - b * c"));
        assertEquals(new Expression.Binary(Expression.Operator.TIMES, new Expression.Negate(attribute("a")),
                attribute("b")), expression("-a * b"));
    }

    @Test
    void andBindsTighterThanOr() throws LanguageException {
        Condition c = condition("(a < 1) || (b < 2) && (c < 3)");
        Condition.Or or = (Condition.Or) c;
        assertEquals(Condition.And.class, or.right().getClass());
    }

    private static Expression expression(String text) throws LanguageException {
        Document d = new DescriptionParser().parse("e", "REQUEST \"r\" {KEY \"k\" {VALUE \"v\" {" + text + "}}}");
        return (Expression) d.objects().get(0).keys().get(0).values().get(0).body();
    }

    private static Condition condition(String text) throws LanguageException {
        Document d = new DescriptionParser().parse("c", "REQUEST \"r\" {KEY \"k\" {ELEMENT 1 {CONDITION {" + text
                + "} VALUE \"v\" {1}}}}");
        return d.objects().get(0).keys().get(0).elements().get(0).condition().orElseThrow();
    }

    private Document document() {
        List<DescriptionObject> objects = new ArrayList<>();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            List<Key> keys = new ArrayList<>();
            for (String name : distinct(1 + random.nextInt(4))) {
                keys.add(random.nextBoolean() ? Key.ofValues(name, values(3)) : Key.ofElements(name, elements()));
            }
            objects.add(new DescriptionObject(ObjectKind.values()[random.nextInt(3)], "object " + i + pick(TEXTS),
                    keys));
        }
        return new Document(objects);
    }

    private List<Element> elements() {
        List<Element> elements = new ArrayList<>();
        Set<Long> numbers = new LinkedHashSet<>();
        int n = 1 + random.nextInt(3);
        while (numbers.size() < n) {
            numbers.add(random.nextBoolean() ? random.nextInt(10) : Math.abs(random.nextLong()));
        }
        for (long number : numbers) {
            Optional<Condition> c = random.nextInt(4) == 0 ? Optional.empty() : Optional.of(condition(4));
            elements.add(new Element(number, c, values(3)));
        }
        return elements;
    }

    private List<Value> values(int most) {
        List<Value> values = new ArrayList<>();
        for (String name : distinct(1 + random.nextInt(most))) {
            values.add(new Value(name, random.nextInt(5) == 0 ? new Value.Text(pick(TEXTS)) : expression(4)));
        }
        return values;
    }

    private Set<String> distinct(int n) {
        Set<String> names = new LinkedHashSet<>();
        while (names.size() < n) {
            names.add(pick(TEXTS) + random.nextInt(5));
        }
        return names;
    }

    private Condition condition(int depth) {
        int kind = random.nextInt(depth <= 0 ? 3 : 6);
        return switch (kind) {
            case 0 -> new Condition.Compare(attribute(pick(NAMES)),
                    Condition.Relation.values()[random.nextInt(6)], expression(2));
            case 1 -> new Condition.CompareText(attribute(pick(NAMES)), random.nextBoolean(), pick(TEXTS));
            case 2 -> new Condition.Defined(attribute(pick(NAMES)), random.nextBoolean());
            case 3 -> new Condition.Not(condition(depth - 1));
            case 4 -> new Condition.And(condition(depth - 1), condition(depth - 1));
            default -> new Condition.Or(condition(depth - 1), condition(depth - 1));
        };
    }

    private Expression expression(int depth) {
        int kind = random.nextInt(depth <= 0 ? 2 : 5);
        return switch (kind) {
            case 0 -> new Expression.Number(new BigDecimal(pick(NUMBERS)));
            case 1 -> attribute(pick(NAMES));
            case 2 -> new Expression.Negate(expression(depth - 1));
            case 3 -> new Expression.Call(Expression.Function.values()[random.nextInt(3)], expression(depth - 1));
            default -> new Expression.Binary(Expression.Operator.values()[random.nextInt(5)], expression(depth - 1),
                    expression(depth - 1));
        };
    }

    private static Expression.Attribute attribute(String name) {
        return Expression.Attribute.named(name);
    }

    private String pick(String[] from) {
        return from[random.nextInt(from.length)];
    }
}
