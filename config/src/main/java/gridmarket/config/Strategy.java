package gridmarket.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The grid strategies an experiment can name (SPEC C8-C10, E). */
public enum Strategy {
    /** Every site runs its local policy on its own jobs (C8). */
    LOCAL,
    /** One grid queue; a job runs on any one machine, EASY across machines (C9). */
    JOBSHARING,
    /** Job-sharing plus co-allocation of a job over several machines, with overhead (C10). */
    MULTISITE,
    /** The economic market: users, machine owners and MetaManagers trading requests and offers (E1-E8). */
    MARKET;

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
