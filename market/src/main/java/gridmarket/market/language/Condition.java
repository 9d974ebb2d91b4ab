package gridmarket.market.language;

import java.util.Objects;

/** A CONDITION on attributes; evaluated by {@link Evaluator}, && and || from the left, stopping once decided. */
public sealed interface Condition permits Condition.Compare, Condition.CompareText, Condition.Not,
        Condition.Defined, Condition.And, Condition.Or {

    /** {@code (attribute < expression)} and the other numeric relations. */
    record Compare(Expression.Attribute attribute, Relation relation, Expression expression) implements Condition {
        public Compare {
            Objects.requireNonNull(attribute);
            Objects.requireNonNull(relation);
            Objects.requireNonNull(expression);
        }
    }

    /**
     * {@code (attribute EQ "text")} or {@code (attribute NE "text")}: text comparison, case-sensitive.
     *
     * @param equal true for EQ, false for NE
     */
    record CompareText(Expression.Attribute attribute, boolean equal, String text) implements Condition {
        public CompareText {
            Objects.requireNonNull(attribute);
            Objects.requireNonNull(text);
        }
    }

    /** {@code (NOT condition)}. */
    record Not(Condition operand) implements Condition {
        public Not {
            Objects.requireNonNull(operand);
        }
    }

    /**
     * {@code (ISDEF attribute)} or {@code (ISNDEF attribute)}.
     *
     * @param defined true for ISDEF, false for ISNDEF
     */
    record Defined(Expression.Attribute attribute, boolean defined) implements Condition {
        public Defined {
            Objects.requireNonNull(attribute);
        }
    }

    /** Both hold; the right side is not evaluated when the left is false. */
    record And(Condition left, Condition right) implements Condition {
        public And {
            Objects.requireNonNull(left);
            Objects.requireNonNull(right);
        }
    }

    /** Either holds; the right side is not evaluated when the left is true. */
    record Or(Condition left, Condition right) implements Condition {
        public Or {
            Objects.requireNonNull(left);
            Objects.requireNonNull(right);
        }
    }

    /** The numeric relations. */
    enum Relation {
        LESS("<"), GREATER(">"), LESS_OR_EQUAL("<="), GREATER_OR_EQUAL(">="), EQUAL("=="), NOT_EQUAL("!=");

        private final String symbol;

        Relation(String symbol) {
            this.symbol = symbol;
        }

        /** The relation as written. */
        public String symbol() {
            return symbol;
        }

        boolean holds(double a, double b) {
            return switch (this) {
                case LESS -> a < b;
                case GREATER -> a > b;
                case LESS_OR_EQUAL -> a <= b;
                case GREATER_OR_EQUAL -> a >= b;
                case EQUAL -> a == b;
                case NOT_EQUAL -> a != b;
            };
        }

        static Relation of(String symbol) {
            for (Relation r : values()) {
                if (r.symbol.equals(symbol)) {
                    return r;
                }
            }
            throw new IllegalArgumentException(symbol);
        }
    }
}
