package gridmarket.charts;

/**
 * Bad input for a chart: a missing file or column, no runs, an unknown kind or option value. The message is one line
 * naming the file or option and what is wrong; the command line reports it and exits with code 2.
 */
public final class ChartException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming where and what, {@code null} not permitted */
    public ChartException(String message) {
        super(message);
    }
}
