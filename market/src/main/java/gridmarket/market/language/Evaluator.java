package gridmarket.market.language;

import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates expressions and conditions against {@link Attributes}. Numbers are doubles; LOG is the natural logarithm
 * and % the remainder with the sign of the dividend (as in Java and C). Attributes that are expressions are evaluated
 * when used, against the same attributes. Errors are one line naming the attribute and, for parsed text, where it is
 * written: an attribute that is not defined (test with ISDEF first), a text where a number is needed or the other way
 * round, a value that refers to itself, or a result that is not a finite number.
 */
public final class Evaluator {
    /** The longest chain of attributes defined by one another that an evaluation follows. */
    public static final int MAX_CHAIN = 256;
    private static final DescriptionPrinter PRINTER = new DescriptionPrinter();

    private final Attributes attributes;
    /** Attributes being evaluated, to report a value that refers to itself instead of overflowing the stack. */
    private final List<String> inProgress = new ArrayList<>();

    /** An evaluator over these attributes. */
    public Evaluator(Attributes attributes) {
        this.attributes = attributes;
    }

    /** Whether the condition holds; && and || stop as soon as the result is known, so ISDEF can guard a test. */
    public boolean holds(Condition c) throws LanguageException {
        if (c instanceof Condition.Compare t) {
            double left = number(t.attribute());
            return t.relation().holds(left, number(t.expression()));
        } else if (c instanceof Condition.CompareText t) {
            return text(t.attribute()).equals(t.text()) == t.equal();
        } else if (c instanceof Condition.Not t) {
            return !holds(t.operand());
        } else if (c instanceof Condition.Defined t) {
            return attributes.isDefined(t.attribute().name()) == t.defined();
        } else if (c instanceof Condition.And t) {
            return holds(t.left()) && holds(t.right());
        }
        Condition.Or t = (Condition.Or) c;
        return holds(t.left()) || holds(t.right());
    }

    /** The value of an expression, a finite number. */
    public double number(Expression e) throws LanguageException {
        double v;
        if (e instanceof Expression.Number n) {
            return n.value().doubleValue();
        } else if (e instanceof Expression.Attribute a) {
            Object resolved = resolve(a);
            if (resolved instanceof String s) {
                throw LanguageException.at(a.at(), "attribute '" + a.name() + "' is the text \"" + s
                        + "\", not a number");
            }
            return (Double) resolved;
        } else if (e instanceof Expression.Negate n) {
            return -number(n.operand());
        } else if (e instanceof Expression.Binary b) {
            double l = number(b.left());
            double r = number(b.right());
            v = switch (b.operator()) {
                case PLUS -> l + r;
                case MINUS -> l - r;
                case TIMES -> l * r;
                case DIVIDE -> l / r;
                case REMAINDER -> l % r;
            };
        } else {
            Expression.Call c = (Expression.Call) e;
            double x = number(c.argument());
            v = switch (c.function()) {
                case SQRT -> Math.sqrt(x);
                case EXP -> Math.exp(x);
                case LOG -> Math.log(x);
            };
        }
        if (!Double.isFinite(v)) {
            throw LanguageException.at(firstPosition(e), "'" + PRINTER.expression(e) + "' gives " + v
                    + ", not a finite number");
        }
        return v;
    }

    /** The text of an attribute; a number there is an error (EQ and NE compare texts, numbers use == and !=). */
    public String text(Expression.Attribute a) throws LanguageException {
        Object resolved = resolve(a);
        if (resolved instanceof Double d) {
            throw LanguageException.at(a.at(), "attribute '" + a.name() + "' is the number " + d
                    + ", not a text (EQ and NE compare texts; use == or != for numbers)");
        }
        return (String) resolved;
    }

    /** The value of a VALUE: a {@link String} for a text, a {@link Double} for an expression. */
    public Object value(Value v) throws LanguageException {
        return v.body() instanceof Value.Text t ? t.text() : (Object) number((Expression) v.body());
    }

    /** An attribute's value: a String or a Double; an expression that is just another attribute passes on its type. */
    private Object resolve(Expression.Attribute a) throws LanguageException {
        Value.ValueBody body = attributes.get(a.name()).orElseThrow(() -> LanguageException.at(a.at(),
                "unknown attribute '" + a.name() + "' (test it with (ISDEF " + a.name() + ") first)"));
        if (body instanceof Value.Text t) {
            return t.text();
        }
        if (inProgress.contains(a.name())) {
            throw LanguageException.at(a.at(), "attribute '" + a.name() + "' refers to itself (" + String.join(
                    " -> ", inProgress) + " -> " + a.name() + ")");
        }
        if (inProgress.size() >= MAX_CHAIN) { // a level of recursion per step: a long chain would overflow the stack
            throw LanguageException.at(a.at(), "attribute '" + a.name() + "' is reached through more than " + MAX_CHAIN
                    + " attributes defined by one another (" + inProgress.get(0) + " -> " + inProgress.get(1)
                    + " -> ...)");
        }
        inProgress.add(a.name());
        try {
            Expression e = (Expression) body;
            return e instanceof Expression.Attribute other ? resolve(other) : (Object) number(e);
        } finally {
            inProgress.remove(inProgress.size() - 1);
        }
    }

    private static Position firstPosition(Expression e) {
        if (e instanceof Expression.Attribute a) {
            return a.at();
        } else if (e instanceof Expression.Negate n) {
            return firstPosition(n.operand());
        } else if (e instanceof Expression.Binary b) {
            Position p = firstPosition(b.left());
            return p != null ? p : firstPosition(b.right());
        } else if (e instanceof Expression.Call c) {
            return firstPosition(c.argument());
        }
        return null;
    }
}
