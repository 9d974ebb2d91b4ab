package gridmarket.api;

import gridmarket.sim.policy.Scheduler;

/**
 * Makes a local scheduling policy (a {@link Scheduler}: the two hooks of a pass and a job's end, acting through a
 * {@code Dispatcher}) for each site of one machine under strategy {@code local}; named in an experiment by
 * {@code policy: NAME} like a built-in policy. It takes no settings yet.
 */
public interface LocalPolicyFactory extends Extension {
    /** The policy of one machine's queue, new for every run. */
    Scheduler create();
}
