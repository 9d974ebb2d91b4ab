package gridmarket.api;

import gridmarket.sim.policy.Scheduler;

import java.util.Map;
import java.util.Set;

/**
 * Makes a local scheduling policy (a {@link Scheduler}: the two hooks of a pass and a job's end, acting through a
 * {@code Dispatcher}) for one machine's queue; named in an experiment by {@code policy: NAME}. gridmarket's own
 * policies (FCFS, EASY, SMART, PFCFS, ...) are registered the same way as a plug-in's.
 *
 * <p>The policy's own settings are the block {@code policyParameters}: {@link #check} refuses what it cannot take
 * when the experiment is read (by default every key not in {@link #parameterKeys()}), {@link #create} reads them from
 * {@link PolicySetup#parameters()}.
 */
public interface LocalPolicyFactory extends Extension {
    /** The policy of one machine's queue, new for every machine and every run. */
    Scheduler create(PolicySetup setup);

    /**
     * How one queue over several machines (strategies {@code jobsharing} and {@code multisite}, or a site with
     * several machines) runs under this policy's name; {@link GridQueue#NONE} (the default) if the policy schedules
     * one machine only.
     */
    default GridQueue acrossMachines() {
        return GridQueue.NONE;
    }

    /** Whether the policy reads seed 004's WaitLimit ({@code waitLimit:}); others refuse one. */
    default boolean takesWaitLimit() {
        return false;
    }

    /** Whether the policy preempts running jobs, which only strategy {@code local} can carry. */
    default boolean preempts() {
        return false;
    }

    /** The keys of {@code policyParameters} the policy reads, each with its default; none by default. */
    default Set<String> parameterKeys() {
        return Set.of();
    }

    /** Refuses every key of {@code policyParameters} not among {@link #parameterKeys()}. */
    @Override
    default void check(Settings parameters) {
        parameters.allowOnly(parameterKeys().stream().sorted().toArray(String[]::new));
    }

    /**
     * The values the policy runs with, defaults included, for {@code summary.json}'s {@code policyParameters}, so
     * that runs differing only in them are told apart; empty (the default) for none.
     */
    default Map<String, Object> summary(PolicySetup setup) {
        return Map.of();
    }
}
