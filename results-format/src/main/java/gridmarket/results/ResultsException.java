package gridmarket.results;

/** A results file that cannot be read or written; the message is one line naming the file (and line or field). */
public final class ResultsException extends RuntimeException {
    public ResultsException(String message) {
        super(message);
    }
}
