package gridmarket.market.language;

/**
 * Writes a {@link Document} in the language, one KEY per line, elements and their values indented, and parentheses
 * only where precedence needs them (and where the grammar asks for them: comparisons, NOT, ISDEF, ISNDEF). Parsing the
 * output gives an equal document.
 */
public final class DescriptionPrinter {
    private static final String INDENT = "  ";

    /** The whole document, objects separated by a blank line, ending with a line break. */
    public String print(Document document) {
        StringBuilder out = new StringBuilder();
        for (DescriptionObject o : document.objects()) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            object(o, out);
        }
        return out.toString();
    }

    private void object(DescriptionObject o, StringBuilder out) {
        out.append(o.kind().name()).append(' ').append(quote(o.id())).append(" {\n");
        for (Key k : o.keys()) {
            out.append(INDENT).append("KEY ").append(quote(k.name())).append(" {");
            if (k.values().size() == 1) {
                out.append(value(k.values().get(0))).append("}\n");
                continue;
            }
            out.append('\n');
            for (Value v : k.values()) {
                out.append(INDENT.repeat(2)).append(value(v)).append('\n');
            }
            for (Element e : k.elements()) {
                out.append(INDENT.repeat(2)).append("ELEMENT ").append(e.number()).append(" {\n");
                e.condition().ifPresent(c -> out.append(INDENT.repeat(3)).append("CONDITION {")
                        .append(condition(c)).append("}\n"));
                for (Value v : e.values()) {
                    out.append(INDENT.repeat(3)).append(value(v)).append('\n');
                }
                out.append(INDENT.repeat(2)).append("}\n");
            }
            out.append(INDENT).append("}\n");
        }
        out.append("}\n");
    }

    /** One VALUE, e.g. {@code VALUE "RunTime" {5}}. */
    public String value(Value v) {
        String body = v.body() instanceof Value.Text t ? quote(t.text()) : expression((Expression) v.body());
        return "VALUE " + quote(v.name()) + " {" + body + "}";
    }

    /** A condition as written inside CONDITION { }. */
    public String condition(Condition c) {
        if (c instanceof Condition.Compare t) {
            return "(" + t.attribute().name() + " " + t.relation().symbol() + " " + expression(t.expression()) + ")";
        } else if (c instanceof Condition.CompareText t) {
            return "(" + t.attribute().name() + (t.equal() ? " EQ " : " NE ") + quote(t.text()) + ")";
        } else if (c instanceof Condition.Not t) {
            return "(NOT " + condition(t.operand()) + ")";
        } else if (c instanceof Condition.Defined t) {
            return "(" + (t.defined() ? "ISDEF " : "ISNDEF ") + t.attribute().name() + ")";
        } else if (c instanceof Condition.And t) {
            // && binds tighter than ||, both group from the left
            return operand(t.left(), t.left() instanceof Condition.Or) + " && "
                    + operand(t.right(), !isAtom(t.right()));
        }
        Condition.Or t = (Condition.Or) c;
        return condition(t.left()) + " || " + operand(t.right(), t.right() instanceof Condition.Or);
    }

    private static boolean isAtom(Condition c) {
        return !(c instanceof Condition.And || c instanceof Condition.Or);
    }

    private String operand(Condition c, boolean parenthesize) {
        return parenthesize ? "(" + condition(c) + ")" : condition(c);
    }

    /** An expression with the fewest parentheses that keep its structure. */
    public String expression(Expression e) {
        if (e instanceof Expression.Number n) {
            return n.value().toString();
        } else if (e instanceof Expression.Attribute a) {
            return a.name();
        } else if (e instanceof Expression.Negate n) {
            return "-" + operand(n.operand(), precedence(n.operand()) < NEGATE);
        } else if (e instanceof Expression.Binary b) {
            return operand(b.left(), precedence(b.left()) < b.operator().precedence()) + " "
                    + b.operator().symbol() + " "
                    + operand(b.right(), precedence(b.right()) <= b.operator().precedence());
        }
        Expression.Call c = (Expression.Call) e;
        return c.function().name() + "(" + expression(c.argument()) + ")";
    }

    private static final int NEGATE = 3;
    private static final int ATOM = 4;

    private static int precedence(Expression e) {
        if (e instanceof Expression.Binary b) {
            return b.operator().precedence();
        }
        return e instanceof Expression.Negate ? NEGATE : ATOM;
    }

    private String operand(Expression e, boolean parenthesize) {
        return parenthesize ? "(" + expression(e) + ")" : expression(e);
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
