package gridmarket.config;

/**
 * A bad experiment file: the message names the file, the line and column where known, the key and the value.
 * Printed as it is by the command line, which then exits with code 2.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    /** {@code file:line:column: message}; line and column are 1-based, and left out when unknown (0). */
    public static ConfigException at(String file, int line, int column, String message) {
        StringBuilder s = new StringBuilder(file);
        if (line > 0) {
            s.append(':').append(line);
            if (column > 0) {
                s.append(':').append(column);
            }
        }
        return new ConfigException(s.append(": ").append(message).toString());
    }
}
