package gridmarket.sim.policy;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The local scheduling policies by the names experiments use. */
public enum Policy {
    /** First come, first served (C1). */
    FCFS(limit -> new FcfsScheduler(), false),
    /** EASY backfilling: a reservation for the queue head only (C2). */
    EASY(limit -> new EasyBackfillScheduler(), false),
    /** Conservative backfilling: a reservation for every queued job (C3). */
    CONSERVATIVE(limit -> new ConservativeBackfillScheduler(), false),
    /** Garey-Graham list scheduling: any job that fits, in queue order (C4). */
    LIST(limit -> new ListScheduler(), false),
    /** Most processors first served: the queue sorted widest first, dispatched from the head (C5). */
    MPFS(limit -> new SpaceSharingScheduler(ProcessorOrder.MOST_FIRST, false, limit), true),
    /** Least processors first served: the queue sorted narrowest first, dispatched from the head (C5). */
    LPFS(limit -> new SpaceSharingScheduler(ProcessorOrder.LEAST_FIRST, false, limit), true),
    /** Fit processors first served: arrival order, every job that fits the idle processors is dispatched (C5). */
    FPFS(limit -> new SpaceSharingScheduler(ProcessorOrder.ARRIVAL, true, limit), true),
    /** FPFS over a queue sorted widest first (C5). */
    FPMPFS(limit -> new SpaceSharingScheduler(ProcessorOrder.MOST_FIRST, true, limit), true),
    /**
     * FPFS over a queue sorted narrowest first (C5). It gives the same schedules as LPFS (seed 004, Sect. 3.3): in a
     * queue sorted narrowest first, once a job does not fit no later one does. Kept to show that (tested).
     */
    FPLPFS(limit -> new SpaceSharingScheduler(ProcessorOrder.LEAST_FIRST, true, limit), true);

    private final Function<WaitLimit, Scheduler> factory;
    private final boolean takesWaitLimit;

    Policy(Function<WaitLimit, Scheduler> factory, boolean takesWaitLimit) {
        this.factory = factory;
        this.takesWaitLimit = takesWaitLimit;
    }

    /** A fresh scheduler of this policy; each machine gets its own, since schedulers keep plans. */
    public Scheduler newScheduler() {
        return factory.apply(WaitLimit.NONE);
    }

    /**
     * A fresh scheduler of this policy whose jobs have the given WaitLimit.
     *
     * @throws IllegalArgumentException if a limit is set and the policy has none ({@link #takesWaitLimit()})
     */
    public Scheduler newScheduler(WaitLimit limit) {
        if (limit.isSet() && !takesWaitLimit) {
            throw new IllegalArgumentException("policy " + key() + " has no WaitLimit");
        }
        return factory.apply(limit);
    }

    /** Whether the policy can starve jobs and so takes seed 004's WaitLimit (MPFS, LPFS and the FP schemes). */
    public boolean takesWaitLimit() {
        return takesWaitLimit;
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
