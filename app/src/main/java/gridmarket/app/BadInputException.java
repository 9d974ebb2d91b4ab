package gridmarket.app;

/** Bad input found by the command line itself (an argument, an output folder); exit code 2. */
final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}
