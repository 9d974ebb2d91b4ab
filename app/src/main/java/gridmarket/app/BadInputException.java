package gridmarket.app;

/** Bad input found by the command line itself (an argument, an output folder); exit code 2. */
public final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }
}
