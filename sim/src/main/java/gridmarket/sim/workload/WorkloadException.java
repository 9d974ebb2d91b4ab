package gridmarket.sim.workload;

/**
 * Bad workload input: the message names the file, line, field and value, ready to print as it is.
 */
public final class WorkloadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }
}
