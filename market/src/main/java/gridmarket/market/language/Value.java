package gridmarket.market.language;

/**
 * A VALUE: a name and either an expression (evaluated against attributes when used) or a quoted text.
 *
 * @param name the value's name
 * @param body an {@link Expression} or a {@link Text}
 */
public record Value(String name, ValueBody body) {
    public Value {
        if (name == null || body == null) {
            throw new IllegalArgumentException("a VALUE needs a name and a body");
        }
    }

    /** What a VALUE holds. */
    public sealed interface ValueBody permits Expression, Text {
    }

    /**
     * A quoted text, such as an operating system's name.
     *
     * @param text the text without quotes or escapes
     */
    public record Text(String text) implements ValueBody {
        public Text {
            if (text == null) {
                throw new IllegalArgumentException("text is null");
            }
        }
    }
}
