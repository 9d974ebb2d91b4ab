package gridmarket.sim.policy;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The local scheduling policies by the names experiments use. */
public enum Policy {
    /** First come, first served (C1). */
    FCFS(FcfsScheduler::new),
    /** EASY backfilling: a reservation for the queue head only (C2). */
    EASY(EasyBackfillScheduler::new),
    /** Conservative backfilling: a reservation for every queued job (C3). */
    CONSERVATIVE(ConservativeBackfillScheduler::new),
    /** Garey-Graham list scheduling: any job that fits, in queue order (C4). */
    LIST(ListScheduler::new);

    private final Supplier<Scheduler> factory;

    Policy(Supplier<Scheduler> factory) {
        this.factory = factory;
    }

    /** A fresh scheduler of this policy; each machine gets its own, since schedulers keep plans. */
    public Scheduler newScheduler() {
        return factory.get();
    }

    /** The name used in experiment files, e.g. {@code easy}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The policy with this experiment-file name, or {@code null}. */
    public static Policy byKey(String key) {
        for (Policy p : values()) {
            if (p.key().equals(key)) {
                return p;
            }
        }
        return null;
    }

    /** All names, for error messages: {@code fcfs | easy | ...}. */
    public static String keys() {
        return Arrays.stream(values()).map(Policy::key).collect(Collectors.joining(" | "));
    }
}
