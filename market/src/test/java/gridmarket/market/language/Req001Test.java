package gridmarket.market.language;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The thesis' example request (section 7.3.2, typos read as docs/LANGUAGE.md says) against a hand-built document. */
class Req001Test {
    private static final Path REQ001 = Path.of("src/test/resources/language/valid/req001.req");

    @Test
    void parsesToTheObjectTheThesisDescribes() throws LanguageException {
        Document d = new DescriptionParser().parse(REQ001);
        assertEquals(new Document(List.of(req001())), d);
    }

    @Test
    void printsAndReparsesToTheSameObject() throws LanguageException {
        Document d = new DescriptionParser().parse(REQ001);
        String printed = new DescriptionPrinter().print(d);
        assertEquals(d, new DescriptionParser().parse("printed", printed));
        assertTrue(printed.startsWith("REQUEST \"Req001\" {\n  KEY \"Hops\" {VALUE \"Hops\" {2}}\n"), printed);
        assertTrue(printed.contains("VALUE \"OfferBudget\" {100.00}"), "the number keeps its scale: " + printed);
    }

    @Test
    void itsElementsChooseAsTheThesisSays() throws LanguageException {
        Key utility = new DescriptionParser().parse(REQ001).objects().get(0).key("Utility").orElseThrow();
        Condition linux = utility.elements().get(0).condition().orElseThrow();
        Condition memory = utility.elements().get(1).condition().orElseThrow();
        // Linux or UNIX with 8..32 nodes takes the first environment ...
        assertTrue(holds(linux, Map.of("OperatingSystem", "UNIX", "NumberOfProcessors", 8)));
        assertFalse(holds(linux, Map.of("OperatingSystem", "AIX", "NumberOfProcessors", 8)));
        assertFalse(holds(linux, Map.of("OperatingSystem", "Linux", "NumberOfProcessors", 33)));
        // ... and 360..580 kB of memory with 8..32 nodes the second
        assertTrue(holds(memory, Map.of("Memory", 580, "NumberOfProcessors", 32)));
        assertFalse(holds(memory, Map.of("Memory", 359.5, "NumberOfProcessors", 32)));
    }

    private static boolean holds(Condition c, Map<String, Object> attributes) throws LanguageException {
        return new Evaluator(Attributes.of(attributes)).holds(c);
    }

    private static DescriptionObject req001() {
        String[][] plain = {{"Hops", "2"}, {"MaxOfferNumber", "0"}, {"MinMulti-Site", "2"}, {"MaxMulti-Site", "5"},
            {"OfferBudget", "100.00"}, {"ReservationTime", "900008"}, {"StartTime", "900000"}, {"EndTime", "900028"},
            {"OperationSystemEqual", "0"}, {"SearchTime", "899956"}, {"JobBudget", "900.89"},
            {"ReservationBudget", "7.56"}};
        List<Key> keys = new java.util.ArrayList<>();
        for (String[] kv : plain) {
            keys.add(Key.ofValues(kv[0], List.of(new Value(kv[0], number(kv[1])))));
        }
        Condition nodes = new Condition.And(compare("NumberOfProcessors", Condition.Relation.GREATER_OR_EQUAL, 8),
                compare("NumberOfProcessors", Condition.Relation.LESS_OR_EQUAL, 32));
        Condition os = new Condition.Or(
                new Condition.CompareText(Expression.Attribute.named("OperatingSystem"), true, "Linux"),
                new Condition.CompareText(Expression.Attribute.named("OperatingSystem"), true, "UNIX"));
        Condition memory = new Condition.And(compare("Memory", Condition.Relation.GREATER_OR_EQUAL, 360),
                compare("Memory", Condition.Relation.LESS_OR_EQUAL, 580));
        Element first = new Element(1, Optional.of(new Condition.And(os, nodes)), List.of(
                new Value("UtilityValue", new Expression.Negate(Expression.Attribute.named("StartTime"))),
                new Value("RunTime", number("5")),
                new Value("Memory", new Expression.Binary(Expression.Operator.TIMES,
                        Expression.Attribute.named("NumberOfProcessors"), number("100")))));
        Element second = new Element(2, Optional.of(new Condition.And(memory, nodes)), List.of(
                new Value("UtilityValue", new Expression.Negate(Expression.Attribute.named("JobCost"))),
                new Value("RunTime", number("9"))));
        keys.add(Key.ofElements("Utility", List.of(first, second)));
        return new DescriptionObject(ObjectKind.REQUEST, "Req001", keys);
    }

    private static Condition compare(String attribute, Condition.Relation r, int value) {
        return new Condition.Compare(Expression.Attribute.named(attribute), r, number(Integer.toString(value)));
    }

    private static Expression number(String text) {
        return new Expression.Number(new BigDecimal(text));
    }
}
