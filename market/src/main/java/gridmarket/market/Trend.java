package gridmarket.market;

import org.nfunk.jep.ASTConstant;
import org.nfunk.jep.ASTFunNode;
import org.nfunk.jep.ASTVarNode;
import org.nfunk.jep.Node;
import org.nfunk.jep.function.Add;
import org.nfunk.jep.function.Divide;
import org.nfunk.jep.function.Multiply;
import org.nfunk.jep.function.Subtract;
import org.nfunk.jep.function.UMinus;

import java.util.Set;

/**
 * How a formula's value moves when some of its variables rise together and the others stay fixed, proved from its
 * parse tree alone: the offer search stops at the earliest start only where this shows a later start is never worth
 * more. Only sums, differences, negations, and products and quotients with a written number are understood; anything
 * else is {@link #UNKNOWN}. Rounding keeps the trend (IEEE arithmetic rounds monotonically), and a bound on every
 * sub-expression's size, from variables of at most 2^63 and written numbers, rules out an overflow to infinity, which
 * would make a placement the search no longer values fail.
 */
enum Trend {
    /** The same value whatever the rising variables are. */
    CONSTANT,
    /** Never falls when they rise. */
    RISING,
    /** Never rises when they rise. */
    FALLING,
    /** Not proved either way. */
    UNKNOWN;

    /** A sub-expression's size bound above which an overflow to infinity is no longer ruled out. */
    private static final double LARGEST = 1e300;
    /** What a variable holds at most: a time or count in seconds or nodes, a long. */
    private static final double VARIABLE = 0x1p63;

    /**
     * The trend of the formula's value when the variables {@code rising} rise together and {@code fixed} stay as they
     * are; a variable in neither set (e.g. a price) makes the trend {@link #UNKNOWN} wherever it appears.
     */
    static Trend of(Node tree, Set<String> rising, Set<String> fixed) {
        Bounded b = trend(tree, rising, fixed);
        return b.bound <= LARGEST ? b.trend : UNKNOWN;
    }

    private record Bounded(Trend trend, double bound) {
    }

    private static final Bounded NOT_PROVED = new Bounded(UNKNOWN, Double.POSITIVE_INFINITY);

    private static Bounded trend(Node node, Set<String> rising, Set<String> fixed) {
        if (node instanceof ASTConstant c) {
            return c.getValue() instanceof Number n && Double.isFinite(n.doubleValue())
                    ? new Bounded(CONSTANT, Math.abs(n.doubleValue())) : NOT_PROVED;
        }
        if (node instanceof ASTVarNode v) {
            String name = v.getName();
            if (rising.contains(name)) {
                return new Bounded(RISING, VARIABLE);
            }
            if (fixed.contains(name)) {
                return new Bounded(CONSTANT, VARIABLE);
            }
            // pi and e, JEP's constants: the parser refused every other name
            return v.getVar().getValue() instanceof Number n && v.getVar().isConstant()
                    ? new Bounded(CONSTANT, Math.abs(n.doubleValue())) : NOT_PROVED;
        }
        if (!(node instanceof ASTFunNode f)) {
            return NOT_PROVED;
        }
        int n = f.jjtGetNumChildren();
        Object op = f.getPFMC();
        if (op instanceof UMinus && n == 1) {
            Bounded a = trend(f.jjtGetChild(0), rising, fixed);
            return new Bounded(a.trend.negated(), a.bound);
        }
        if (n != 2) {
            return NOT_PROVED;
        }
        Bounded a = trend(f.jjtGetChild(0), rising, fixed);
        Bounded b = trend(f.jjtGetChild(1), rising, fixed);
        if (a.trend == UNKNOWN || b.trend == UNKNOWN) {
            return NOT_PROVED;
        }
        if (op instanceof Add) {
            return new Bounded(a.trend.plus(b.trend), a.bound + b.bound);
        }
        if (op instanceof Subtract) {
            return new Bounded(a.trend.plus(b.trend.negated()), a.bound + b.bound);
        }
        if (op instanceof Multiply) {
            if (a.trend == CONSTANT && b.trend == CONSTANT) {
                return new Bounded(CONSTANT, a.bound * b.bound);
            }
            Double factor = written(f.jjtGetChild(0));
            Bounded other = b;
            if (factor == null) {
                factor = written(f.jjtGetChild(1));
                other = a;
            }
            return factor == null ? NOT_PROVED : new Bounded(other.trend.times(factor), a.bound * b.bound);
        }
        if (op instanceof Divide) {
            Double divisor = written(f.jjtGetChild(1));
            if (divisor == null || divisor == 0) {
                return NOT_PROVED;
            }
            return new Bounded(a.trend.times(divisor), a.bound / Math.abs(divisor));
        }
        return NOT_PROVED;
    }

    /** A number written in the formula, possibly negated, or null: the only factors whose sign is known. */
    private static Double written(Node node) {
        if (node instanceof ASTConstant c && c.getValue() instanceof Number n && Double.isFinite(n.doubleValue())) {
            return n.doubleValue();
        }
        if (node instanceof ASTFunNode f && f.getPFMC() instanceof UMinus && f.jjtGetNumChildren() == 1) {
            Double inner = written(f.jjtGetChild(0));
            return inner == null ? null : -inner;
        }
        return null;
    }

    private Trend negated() {
        return this == RISING ? FALLING : this == FALLING ? RISING : this;
    }

    private Trend plus(Trend other) {
        if (this == CONSTANT) {
            return other;
        }
        if (other == CONSTANT || other == this) {
            return this;
        }
        return UNKNOWN;
    }

    private Trend times(double factor) {
        return factor == 0 ? CONSTANT : factor > 0 ? this : negated();
    }
}
