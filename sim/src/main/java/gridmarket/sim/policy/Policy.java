package gridmarket.sim.policy;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The local scheduling policies by the names experiments use. */
public enum Policy {
    /** First come, first served (C1). */
    FCFS(p -> new FcfsScheduler()),
    /** EASY backfilling: a reservation for the queue head only (C2). */
    EASY(p -> new EasyBackfillScheduler()),
    /** Conservative backfilling: a reservation for every queued job (C3). */
    CONSERVATIVE(p -> new ConservativeBackfillScheduler()),
    /** Garey-Graham list scheduling: any job that fits, in queue order (C4). */
    LIST(p -> new ListScheduler()),
    /** SMART-FFIA order, greedy list schedule in that order (C6). */
    SMART_FFIA(p -> smart(SmartOrder.Variant.FFIA, p, new FcfsScheduler())),
    /** SMART-FFIA order with conservative backfilling (C6). */
    SMART_FFIA_CONSERVATIVE(p -> smart(SmartOrder.Variant.FFIA, p, new ConservativeBackfillScheduler())),
    /** SMART-FFIA order with EASY backfilling (C6). */
    SMART_FFIA_EASY(p -> smart(SmartOrder.Variant.FFIA, p, new EasyBackfillScheduler())),
    /** SMART-NFIW order, greedy list schedule in that order (C6). */
    SMART_NFIW(p -> smart(SmartOrder.Variant.NFIW, p, new FcfsScheduler())),
    /** SMART-NFIW order with conservative backfilling (C6). */
    SMART_NFIW_CONSERVATIVE(p -> smart(SmartOrder.Variant.NFIW, p, new ConservativeBackfillScheduler())),
    /** SMART-NFIW order with EASY backfilling (C6). */
    SMART_NFIW_EASY(p -> smart(SmartOrder.Variant.NFIW, p, new EasyBackfillScheduler())),
    /** PSRS order, greedy list schedule in that order (C6). */
    PSRS(p -> new OrderedScheduler(new PsrsOrder(p), p.recompute(), new FcfsScheduler())),
    /** PSRS order with conservative backfilling (C6). */
    PSRS_CONSERVATIVE(p -> new OrderedScheduler(new PsrsOrder(p), p.recompute(), new ConservativeBackfillScheduler())),
    /** PSRS order with EASY backfilling (C6). */
    PSRS_EASY(p -> new OrderedScheduler(new PsrsOrder(p), p.recompute(), new EasyBackfillScheduler()));

    private final Function<OrderParameters, Scheduler> factory;

    Policy(Function<OrderParameters, Scheduler> factory) {
        this.factory = factory;
    }

    private static Scheduler smart(SmartOrder.Variant v, OrderParameters p, Scheduler backfill) {
        return new OrderedScheduler(new SmartOrder(v, p), p.recompute(), backfill);
    }

    /** A fresh scheduler of this policy with the default parameters; each machine gets its own. */
    public Scheduler newScheduler() {
        return newScheduler(OrderParameters.DEFAULTS);
    }

    /** A fresh scheduler of this policy; each machine gets its own, since schedulers keep plans. */
    public Scheduler newScheduler(OrderParameters parameters) {
        return factory.apply(parameters);
    }

    /** Whether the policy reorders the queue (SMART, PSRS), and so reads {@link OrderParameters}. */
    public boolean reorders() {
        return ordinal() > LIST.ordinal();
    }

    /** The name used in experiment files, e.g. {@code easy}, {@code smart-ffia-easy}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
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
