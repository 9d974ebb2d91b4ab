package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.workload.Job;

/**
 * What a {@link Scheduler} may do during a pass: start queued jobs now, and ask for a later pass; a preemptive policy
 * (PFCFS, SPEC C7) may also suspend running jobs and resume them on their nodes, where the machine's agent allows it.
 */
public interface Dispatcher {

    /** Starts a queued job now on the scheduler's machine. */
    void start(Job job);

    /**
     * Asks for a scheduling pass at {@code time} (after now), for a plan that must act then although no job ends or
     * arrives then, such as a reservation's start. Passes at one instant are merged.
     */
    void wakeUpAt(long time);

    /**
     * Starts a queued job now on the given idle nodes (a wide job on the nodes its preemptions freed).
     *
     * @throws UnsupportedOperationException where jobs are not preempted
     */
    default void startOn(Job job, int[] nodeIds) {
        throw new UnsupportedOperationException("no preemption here");
    }

    /**
     * Suspends a running job now: its nodes become idle, its remaining run is kept until {@link #resume}.
     *
     * @throws UnsupportedOperationException where jobs are not preempted
     */
    default void preempt(Allocation running) {
        throw new UnsupportedOperationException("no preemption here");
    }

    /**
     * Resumes a suspended job now on the nodes it held, its remaining run lengthened by {@code penalty} seconds.
     *
     * @throws UnsupportedOperationException where jobs are not preempted
     */
    default void resume(Job job, long penalty) {
        throw new UnsupportedOperationException("no preemption here");
    }
}
