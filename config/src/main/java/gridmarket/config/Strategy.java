package gridmarket.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The grid strategies an experiment can name (SPEC C8-C10, E). */
public enum Strategy {
    /** Every machine runs its local policy on its own jobs (C8). */
    LOCAL;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Strategy byKey(String key) {
        for (Strategy s : values()) {
            if (s.key().equals(key)) {
                return s;
            }
        }
        return null;
    }

    public static String keys() {
        return Arrays.stream(values()).map(Strategy::key).collect(Collectors.joining(" | "));
    }
}
