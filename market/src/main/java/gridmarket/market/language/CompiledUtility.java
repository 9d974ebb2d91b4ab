package gridmarket.market.language;

import gridmarket.market.FormulaException;
import gridmarket.market.OfferUtility;

import java.util.ArrayList;
import java.util.List;

/**
 * An ELEMENT's UtilityValue compiled, for one job on one machine, into closures over an offer's values, so that
 * valuing each candidate placement costs no attribute look-up and no allocation. The offer's StartTime, EndTime,
 * JobCost, OfferCost, ReservationCost and ReservationTime (the offer holds until its start) are read from the offer;
 * every other name is resolved once, at compilation, in the environment's context (an attribute that is itself an
 * expression is compiled in place, so it too sees the offer's values, as {@link RequestTemplate.Environment#utility}
 * evaluates it). The value equals {@code Environment.utility} on the same offer ({@code CompiledUtilityTest}).
 */
final class CompiledUtility implements OfferUtility {
    /** The offer's values, in slot order; ReservationTime is the StartTime's slot. */
    private static final List<String> OFFER = List.of("StartTime", "EndTime", "JobCost", "OfferCost",
            "ReservationCost");
    private static final DescriptionPrinter PRINTER = new DescriptionPrinter();

    private interface Op {
        double eval(double[] offer);
    }

    private final Op op;
    private final String label;
    private final Expression utility;

    private CompiledUtility(Op op, String label, Expression utility) {
        this.op = op;
        this.label = label;
        this.utility = utility;
    }

    /**
     * Compiles {@code utility} against {@code context} (the job's values over the template's settings over the
     * machine's attributes, with the environment's RunTime on top).
     *
     * @throws LanguageException if a name is unknown or of the wrong type, or a part without offer values is not a
     *                           finite number
     */
    static CompiledUtility compile(Expression utility, Attributes context) throws LanguageException {
        return compile(RequestTemplate.UTILITY, utility, context);
    }

    /** As {@link #compile(Expression, Attributes)}, for another rule over an offer (named {@code label} in errors). */
    static CompiledUtility compile(String label, Expression rule, Attributes context) throws LanguageException {
        return new CompiledUtility(new Compiler(context).compile(rule), label, rule);
    }

    @Override
    public double value(long start, long end, double jobCost, double offerCost, double reservationCost) {
        double v = op.eval(new double[] {start, end, jobCost, offerCost, reservationCost});
        if (!Double.isFinite(v)) {
            throw new FormulaException(label + " '" + PRINTER.expression(utility) + "' gives " + v
                    + " for the offer StartTime = " + start + ", EndTime = " + end + ", JobCost = " + jobCost);
        }
        return v;
    }

    private static final class Compiler {
        private final Attributes context;
        private final List<String> inProgress = new ArrayList<>();

        Compiler(Attributes context) {
            this.context = context;
        }

        Op compile(Expression e) throws LanguageException {
            if (e instanceof Expression.Number n) {
                double d = n.value().doubleValue();
                return o -> d;
            } else if (e instanceof Expression.Attribute a) {
                return attribute(a);
            } else if (e instanceof Expression.Negate n) {
                Op x = compile(n.operand());
                return o -> -x.eval(o);
            } else if (e instanceof Expression.Binary b) {
                Op l = compile(b.left());
                Op r = compile(b.right());
                return switch (b.operator()) {
                    case PLUS -> o -> l.eval(o) + r.eval(o);
                    case MINUS -> o -> l.eval(o) - r.eval(o);
                    case TIMES -> o -> l.eval(o) * r.eval(o);
                    case DIVIDE -> o -> l.eval(o) / r.eval(o);
                    case REMAINDER -> o -> l.eval(o) % r.eval(o);
                };
            }
            Expression.Call c = (Expression.Call) e;
            Op x = compile(c.argument());
            return switch (c.function()) {
                case SQRT -> o -> Math.sqrt(x.eval(o));
                case EXP -> o -> Math.exp(x.eval(o));
                case LOG -> o -> Math.log(x.eval(o));
            };
        }

        private Op attribute(Expression.Attribute a) throws LanguageException {
            int slot = "ReservationTime".equals(a.name()) ? 0 : OFFER.indexOf(a.name());
            if (slot >= 0) {
                return o -> o[slot];
            }
            Value.ValueBody body = context.get(a.name()).orElseThrow(() -> LanguageException.at(a.at(),
                    "unknown attribute '" + a.name() + "' (test it with (ISDEF " + a.name() + ") first)"));
            if (body instanceof Value.Text t) {
                throw LanguageException.at(a.at(), "attribute '" + a.name() + "' is the text \"" + t.text()
                        + "\", not a number");
            }
            if (inProgress.contains(a.name())) {
                throw LanguageException.at(a.at(), "attribute '" + a.name() + "' refers to itself");
            }
            inProgress.add(a.name());
            try {
                return compile((Expression) body);
            } finally {
                inProgress.remove(inProgress.size() - 1);
            }
        }
    }
}
