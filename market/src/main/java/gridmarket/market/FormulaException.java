package gridmarket.market;

/** A machine or utility function that cannot be used: a syntax error or an unknown variable. */
public final class FormulaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FormulaException(String message) {
        super(message);
    }
}
