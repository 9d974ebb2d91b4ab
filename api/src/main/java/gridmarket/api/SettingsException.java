package gridmarket.api;

/** A setting of an extension's block that it cannot take: the message names the key and the value. */
public final class SettingsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SettingsException(String message) {
        super(message);
    }
}
