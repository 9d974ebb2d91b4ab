package gridmarket.market;

import java.util.Locale;

/** Which of the domains within a request's reach its MetaManager asks for offers (SPEC E8). */
public enum RoutingMode {
    /** Every domain within reach, at once (the thesis' market). */
    ALL,
    /**
     * Domains in the order of the earliest start their last announced free capacity allows, one after another, until
     * none left could start the job earlier than the best offer in hand; for requests whose utility only falls with
     * a later start and whose clearing takes the highest utility (UF1), so the best utility value is still found.
     * Other requests ask every domain.
     */
    CAPACITY;

    /** The name used in experiment files. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value named {@code key}, or {@code null}. */
    public static RoutingMode of(String key) {
        for (RoutingMode m : values()) {
            if (m.key().equals(key)) {
                return m;
            }
        }
        return null;
    }
}
