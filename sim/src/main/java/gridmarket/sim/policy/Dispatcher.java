package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

/** What a {@link Scheduler} may do during a pass: start queued jobs now, and ask for a later pass. */
public interface Dispatcher {

    /** Starts a queued job now on the scheduler's machine. */
    void start(Job job);

    /**
     * Asks for a scheduling pass at {@code time} (after now), for a plan that must act then although no job ends or
     * arrives then, such as a reservation's start. Passes at one instant are merged.
     */
    void wakeUpAt(long time);
}
