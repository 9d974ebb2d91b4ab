package gridmarket.market.language;

/**
 * A description-language file or value that cannot be used: a syntax error, a repeated name, an unknown attribute or
 * a value of the wrong type. The message is one line, {@code file:line:column: what}, where the place is known.
 */
public final class LanguageException extends Exception {
    private static final long serialVersionUID = 1L;

    public LanguageException(String message) {
        super(message);
    }

    static LanguageException at(Position where, String message) {
        return new LanguageException(where == null ? message : where + ": " + message);
    }
}
