package gridmarket.market.language;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The description language under limits: an expression too deep or too long is refused at the token that passes the
 * limit, before the parser recurses; what the limits let through parses and evaluates on a small stack.
 */
class LanguageLimitsTest {
    private static String request(String expression) {
        return "REQUEST \"r\" {\n  KEY \"Hops\" {VALUE \"Hops\" {" + expression + "}}\n}\n";
    }

    private static String sum(int terms) {
        StringBuilder b = new StringBuilder("1");
        for (int i = 1; i < terms; i++) {
            b.append(" + 1");
        }
        return b.toString();
    }

    @Test
    void tenThousandNestedParenthesesAreRefusedAtTheSixtyFifth() {
        String text = request("(".repeat(10_000) + "1" + ")".repeat(10_000));
        LanguageException e = assertThrows(LanguageException.class, () -> new DescriptionParser().parse("r.req",
                text));
        // KEY "Hops" {VALUE "Hops" { starts at column 3; the 65th parenthesis is 64 further
        int column = "  KEY \"Hops\" {VALUE \"Hops\" {".length() + 65;
        assertEquals("r.req:2:" + column + ": parentheses nested deeper than 64 in one expression", e.getMessage());
    }

    @Test
    void aHundredThousandTermSumIsRefusedAtItsFiveHundredAndFirstOperator() {
        LanguageException e = assertThrows(LanguageException.class, () -> new DescriptionParser().parse("r.req",
                request(sum(100_000))));
        int column = "  KEY \"Hops\" {VALUE \"Hops\" {".length() + 1 + 500 * 4 + 1 + 1;
        assertEquals("r.req:2:" + column + ": more than 500 operators in one expression", e.getMessage());
    }

    @Test
    void aConditionIsLimitedToo() {
        StringBuilder c = new StringBuilder("(a < 1)");
        for (int i = 0; i < 500; i++) {
            c.append(" && (a < 1)");
        }
        String text = "REQUEST \"r\" {KEY \"Utility\" {ELEMENT 1 {CONDITION {" + c + "} VALUE \"RunTime\" {1}}}}";
        LanguageException e = assertThrows(LanguageException.class, () -> new DescriptionParser().parse("r.req",
                text));
        assertTrue(e.getMessage().endsWith(": more than 500 operators in one expression"), e.getMessage());
    }

    /**
     * The limits leave room: their longest and deepest forms parse, evaluate and print on a 1 MB stack (a thread's
     * default; at 1,000 operators 256 KB overflowed and 512 KB passed, but one run in four overflowed 1 MB).
     */
    @Test
    void whatTheLimitsLetThroughRunsOnASmallStack() throws InterruptedException {
        String[] forms = {sum(501), "- ".repeat(500) + "1", "(".repeat(64) + "1" + ")".repeat(64),
            "1" + " * 2".repeat(500)};
        AtomicReference<String> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            String stage = "";
            for (String f : forms) {
                try {
                    stage = "parse " + f.substring(0, 8);
                    Document d = new DescriptionParser().parse("r.req", request(f));
                    stage = "evaluate " + f.substring(0, 8);
                    new Evaluator(Attributes.of(d.objects().get(0))).value(d.objects().get(0).keys().get(0)
                            .values().get(0));
                    stage = "print " + f.substring(0, 8);
                    String printed = new DescriptionPrinter().print(d);
                    stage = "parse printed " + f.substring(0, 8);
                    new DescriptionParser().parse("r.req", printed);
                } catch (Throwable x) {
                    StackTraceElement[] at = x.getStackTrace();
                    failure.set(stage + ": " + x + " at " + (at.length > 0 ? at[0] + " " + at[at.length - 1] : ""));
                    return;
                }
            }
        }, "small-stack", 1024 * 1024);
        t.start();
        t.join();
        assertNull(failure.get(), failure::get);
    }

    @Test
    void aLongChainOfAttributesIsAnErrorNotAStackOverflow() {
        Map<String, Object> chain = new java.util.HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            chain.put("a" + i, Expression.Attribute.named("a" + (i + 1)));
        }
        chain.put("a10000", 1.0);
        LanguageException e = assertThrows(LanguageException.class, () -> new Evaluator(Attributes.of(chain))
                .number(Expression.Attribute.named("a0")));
        assertTrue(e.getMessage().contains("through more than 256 attributes defined by one another (a0 -> a1 -> ...)"),
                e.getMessage());
    }
}
