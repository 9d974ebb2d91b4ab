package gridmarket.api;

/** An extension that cannot be found or loaded: one line naming it, which gridmarket reports with exit code 2. */
public final class ExtensionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ExtensionException(String message) {
        super(message);
    }
}
