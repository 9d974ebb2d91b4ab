package gridmarket.market;

import java.util.Locale;

/** What may happen to an accepted offer before its job starts (SPEC E10). The promised start is never broken. */
public enum Rescheduling {
    /** Accepted offers are fixed reservations, as in the thesis' simulations. */
    NONE,
    /** When a job ends before its estimate or a reservation is released, owners move later reservations earlier. */
    COMPRESS,
    /** Compression, and a user whose job still waits asks the market again and swaps to a strictly better offer. */
    REBID;

    /** The name used in experiment files. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value named {@code key}, or {@code null}. */
    public static Rescheduling of(String key) {
        for (Rescheduling r : values()) {
            if (r.key().equals(key)) {
                return r;
            }
        }
        return null;
    }
}
