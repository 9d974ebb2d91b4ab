package gridmarket.market.language;

import java.math.BigDecimal;
import java.util.Objects;

/** An arithmetic expression over numbers and attributes; evaluated by {@link Evaluator} in double precision. */
public sealed interface Expression extends Value.ValueBody
        permits Expression.Number, Expression.Attribute, Expression.Negate, Expression.Binary, Expression.Call {

    /**
     * A number as written (its scale is kept, so that {@code 100.00} prints as written).
     *
     * @param value never negative: a minus sign is a {@link Negate}
     */
    record Number(BigDecimal value) implements Expression {
        public Number {
            if (value == null || value.signum() < 0) {
                throw new IllegalArgumentException("a number literal is not negative (write Negate): " + value);
            }
        }
    }

    /**
     * A reference to an attribute by name. Where it was written is kept for error messages but is no part of
     * equality.
     *
     * @param name the attribute's name
     * @param at   where it was written, or {@code null} if built in code
     */
    record Attribute(String name, Position at) implements Expression {
        public Attribute {
            if (name == null) {
                throw new IllegalArgumentException("attribute name is null");
            }
        }

        /** An attribute reference built in code. */
        public static Attribute named(String name) {
            return new Attribute(name, null);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Attribute a && a.name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    /** Unary minus. */
    record Negate(Expression operand) implements Expression {
        public Negate {
            Objects.requireNonNull(operand);
        }
    }

    /** A binary operation. */
    record Binary(Operator operator, Expression left, Expression right) implements Expression {
        public Binary {
            Objects.requireNonNull(operator);
            Objects.requireNonNull(left);
            Objects.requireNonNull(right);
        }
    }

    /** SQRT, EXP or LOG of an expression. */
    record Call(Function function, Expression argument) implements Expression {
        public Call {
            Objects.requireNonNull(function);
            Objects.requireNonNull(argument);
        }
    }

    /** The binary operators; * / % bind tighter than + -, all group from the left. */
    enum Operator {
        PLUS("+", 1), MINUS("-", 1), TIMES("*", 2), DIVIDE("/", 2), REMAINDER("%", 2);

        private final String symbol;
        private final int precedence;

        Operator(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        /** The operator as written. */
        public String symbol() {
            return symbol;
        }

        /** Higher binds tighter. */
        public int precedence() {
            return precedence;
        }

        static Operator of(String symbol) {
            for (Operator o : values()) {
                if (o.symbol.equals(symbol)) {
                    return o;
                }
            }
            throw new IllegalArgumentException(symbol);
        }
    }

    /** The functions; LOG is the natural logarithm. */
    enum Function {
        /** Square root. */
        SQRT,
        /** e to the power of the argument. */
        EXP,
        /** Natural logarithm. */
        LOG
    }
}
