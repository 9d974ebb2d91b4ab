package gridmarket.sim.policy;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The local scheduling policies by the names experiments use. */
public enum Policy {
    /** First come, first served (C1). */
    FCFS("First come, first served (C1)",
            (limit, p) -> new FcfsScheduler(), false, false),
    /** EASY backfilling: a reservation for the queue head only (C2). */
    EASY("EASY backfilling: a reservation for the queue head only (C2)",
            (limit, p) -> new EasyBackfillScheduler(), false, false),
    /** Conservative backfilling: a reservation for every queued job (C3). */
    CONSERVATIVE("Conservative backfilling: a reservation for every queued job (C3)",
            (limit, p) -> new ConservativeBackfillScheduler(), false, false),
    /** Garey-Graham list scheduling: any job that fits, in queue order (C4). */
    LIST("Garey-Graham list scheduling: any job that fits, in queue order (C4)",
            (limit, p) -> new ListScheduler(), false, false),
    /** Most processors first served: the queue sorted widest first, dispatched from the head (C5). */
    MPFS("Most processors first served: the queue sorted widest first, dispatched from the head (C5)",
            (limit, p) -> new SpaceSharingScheduler(ProcessorOrder.MOST_FIRST, false, limit), true, false),
    /** Least processors first served: the queue sorted narrowest first, dispatched from the head (C5). */
    LPFS("Least processors first served: the queue sorted narrowest first, dispatched from the head (C5)",
            (limit, p) -> new SpaceSharingScheduler(ProcessorOrder.LEAST_FIRST, false, limit), true, false),
    /** Fit processors first served: arrival order, every job that fits the idle processors is dispatched (C5). */
    FPFS("Fit processors first served: arrival order, every job that fits the idle processors is dispatched (C5)",
            (limit, p) -> new SpaceSharingScheduler(ProcessorOrder.ARRIVAL, true, limit), true, false),
    /** FPFS over a queue sorted widest first (C5). */
    FPMPFS("FPFS over a queue sorted widest first (C5)",
            (limit, p) -> new SpaceSharingScheduler(ProcessorOrder.MOST_FIRST, true, limit), true, false),
    /**
     * FPFS over a queue sorted narrowest first (C5). It gives the same schedules as LPFS (seed 004, Sect. 3.3): in a
     * queue sorted narrowest first, once a job does not fit no later one does. Kept to show that (tested).
     */
    FPLPFS("FPFS over a queue sorted narrowest first (C5)",
            (limit, p) -> new SpaceSharingScheduler(ProcessorOrder.LEAST_FIRST, true, limit), true, false),
    /** SMART-FFIA order, greedy list schedule in that order (C6). */
    SMART_FFIA("SMART-FFIA order, greedy list schedule in that order (C6)",
            (limit, p) -> smart(SmartOrder.Variant.FFIA, p, new FcfsScheduler()), false, true),
    /** SMART-FFIA order with conservative backfilling (C6). */
    SMART_FFIA_CONSERVATIVE("SMART-FFIA order with conservative backfilling (C6)",
            (limit, p) -> smart(SmartOrder.Variant.FFIA, p, new ConservativeBackfillScheduler()),
            false, true),
    /** SMART-FFIA order with EASY backfilling (C6). */
    SMART_FFIA_EASY("SMART-FFIA order with EASY backfilling (C6)",
            (limit, p) -> smart(SmartOrder.Variant.FFIA, p, new EasyBackfillScheduler()), false, true),
    /** SMART-NFIW order, greedy list schedule in that order (C6). */
    SMART_NFIW("SMART-NFIW order, greedy list schedule in that order (C6)",
            (limit, p) -> smart(SmartOrder.Variant.NFIW, p, new FcfsScheduler()), false, true),
    /** SMART-NFIW order with conservative backfilling (C6). */
    SMART_NFIW_CONSERVATIVE("SMART-NFIW order with conservative backfilling (C6)",
            (limit, p) -> smart(SmartOrder.Variant.NFIW, p, new ConservativeBackfillScheduler()),
            false, true),
    /** SMART-NFIW order with EASY backfilling (C6). */
    SMART_NFIW_EASY("SMART-NFIW order with EASY backfilling (C6)",
            (limit, p) -> smart(SmartOrder.Variant.NFIW, p, new EasyBackfillScheduler()), false, true),
    /** PSRS order, greedy list schedule in that order (C6). */
    PSRS("PSRS order, greedy list schedule in that order (C6)",
            (limit, p) -> new OrderedScheduler(new PsrsOrder(p), p.recompute(), new FcfsScheduler()), false, true),
    /** PSRS order with conservative backfilling (C6). */
    PSRS_CONSERVATIVE("PSRS order with conservative backfilling (C6)",
            (limit, p) -> new OrderedScheduler(new PsrsOrder(p), p.recompute(),
            new ConservativeBackfillScheduler()), false, true),
    /** PSRS order with EASY backfilling (C6). */
    PSRS_EASY("PSRS order with EASY backfilling (C6)",
            (limit, p) -> new OrderedScheduler(new PsrsOrder(p), p.recompute(), new EasyBackfillScheduler()),
            false, true),
    /** FCFS with gang-scheduled preemption of wide jobs, parameters as given (C7; defaults: thesis Table 4.6). */
    PFCFS("FCFS with gang-scheduled preemption of wide jobs, parameters as given (C7; defaults: thesis Table 4.6)",
            PreemptionParameters.DEFAULTS),
    /** PFCFS1 of thesis Table 4.1: gangs alternate every 10 min until one is empty. */
    PFCFS1("PFCFS1 of thesis Table 4.1: gangs alternate every 10 min until one is empty",
            PreemptionParameters.PFCFS1),
    /** PFCFS2 of thesis Table 4.1: the wide job runs 1 min, then waits for its nodes. */
    PFCFS2("PFCFS2 of thesis Table 4.1: the wide job runs 1 min, then waits for its nodes",
            PreemptionParameters.PFCFS2),
    /** PFCFS3 of thesis Table 4.1: the wide job runs to completion. */
    PFCFS3("PFCFS3 of thesis Table 4.1: the wide job runs to completion",
            PreemptionParameters.PFCFS3);

    /** Makes a policy's scheduler from a job's WaitLimit and the order's parameters (each policy reads what it needs). */
    @FunctionalInterface
    private interface Factory {
        Scheduler make(WaitLimit limit, OrderParameters parameters);
    }

    private final String description;
    private final Factory factory;
    private final boolean takesWaitLimit;
    private final boolean reorders;
    /** The preset of a preemptive policy, which given parameters override; {@code null} for the others. */
    private final PreemptionParameters preset;

    Policy(String description, Factory factory, boolean takesWaitLimit, boolean reorders) {
        this.description = description;
        this.factory = factory;
        this.takesWaitLimit = takesWaitLimit;
        this.reorders = reorders;
        this.preset = null;
    }

    Policy(String description, PreemptionParameters preset) {
        this.description = description;
        this.factory = null;
        this.takesWaitLimit = false;
        this.reorders = false;
        this.preset = preset;
    }

    private static Scheduler smart(SmartOrder.Variant v, OrderParameters p, Scheduler backfill) {
        return new OrderedScheduler(new SmartOrder(v, p), p.recompute(), backfill);
    }

    /** A fresh scheduler of this policy with default settings; each machine gets its own, since schedulers keep plans. */
    public Scheduler newScheduler() {
        return newScheduler(WaitLimit.NONE, OrderParameters.DEFAULTS);
    }

    /**
     * A fresh scheduler of this policy whose jobs have the given WaitLimit.
     *
     * @throws IllegalArgumentException if a limit is set and the policy has none ({@link #takesWaitLimit()})
     */
    public Scheduler newScheduler(WaitLimit limit) {
        return newScheduler(limit, OrderParameters.DEFAULTS);
    }

    /** A fresh scheduler of this policy with the given order parameters (read by SMART and PSRS only). */
    public Scheduler newScheduler(OrderParameters parameters) {
        return newScheduler(WaitLimit.NONE, parameters);
    }

    /**
     * A fresh scheduler of this policy.
     *
     * @throws IllegalArgumentException if a limit is set and the policy has none ({@link #takesWaitLimit()})
     */
    public Scheduler newScheduler(WaitLimit limit, OrderParameters parameters) {
        return newScheduler(limit, parameters, preset);
    }

    /**
     * A fresh scheduler of this policy; a preemptive one takes {@code preemption} instead of its preset.
     *
     * @throws IllegalArgumentException if a limit is set and the policy has none ({@link #takesWaitLimit()})
     */
    public Scheduler newScheduler(WaitLimit limit, OrderParameters parameters, PreemptionParameters preemption) {
        if (limit.isSet() && !takesWaitLimit) {
            throw new IllegalArgumentException("policy " + key() + " has no WaitLimit");
        }
        return preset != null ? new PreemptiveFcfsScheduler(preemption) : factory.make(limit, parameters);
    }

    /** Whether the policy preempts wide jobs' way (PFCFS), and so reads {@link PreemptionParameters}. */
    public boolean preempts() {
        return preset != null;
    }

    /** The preemption parameters the policy's name stands for; {@code null} if it does not preempt. */
    public PreemptionParameters preset() {
        return preset;
    }

    /** Whether the policy can starve jobs and so takes seed 004's WaitLimit (MPFS, LPFS and the FP schemes). */
    public boolean takesWaitLimit() {
        return takesWaitLimit;
    }

    /** Whether the policy reorders the queue (SMART, PSRS), and so reads {@link OrderParameters}. */
    public boolean reorders() {
        return reorders;
    }

    /** One line on what the policy does, for listings. */
    public String description() {
        return description;
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
