package gridmarket.api;

/**
 * Something an experiment names: a built-in or a researcher's implementation of a role, found by name in the
 * {@link Registry}. Implementations are registered as Java services ({@code META-INF/services/<kind's factory>}).
 */
public interface Extension {
    /** The name experiments use: lowercase letters, digits and '-', unique within its kind (e.g. {@code formula}). */
    String name();

    /** One line on what it does, for {@code gridmarket extensions} and the docs. */
    String description();

    /**
     * Checks the extension's own settings when the experiment is read, before any run. By default it takes none.
     *
     * @throws SettingsException naming the key and the value it cannot take
     */
    default void check(Settings settings) {
        settings.allowOnly();
    }
}
