package gridmarket.market;

import java.util.Locale;

/** When a MetaManager builds a co-allocated offer over several machines (SPEC E6). */
public enum CoAllocationMode {
    /** Never: a job wider than every reachable machine is rejected. */
    OFF,
    /** Only for a job wider than every reachable machine (the thesis' "not enough resources" case). */
    NEEDED,
    /** In every round, as one more candidate beside the single-machine offers; the utility function decides. */
    ALWAYS;

    /** The name used in experiment files. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value named {@code key}, or {@code null}. */
    public static CoAllocationMode of(String key) {
        for (CoAllocationMode m : values()) {
            if (m.key().equals(key)) {
                return m;
            }
        }
        return null;
    }
}
