package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;

/**
 * A local scheduling policy for one machine's queue (SPEC C1-C4). Two hooks, as in pyss: a job ended, and one
 * scheduling pass. The simulator calls {@link #jobEnded} for every end at an instant, then adds the instant's
 * arrivals to the queue, then calls {@link #schedule} once.
 *
 * <p>A policy plans with estimates only; it never sees a job's real run time before the job ends.
 */
public interface Scheduler {

    /** A running job of this machine ended at {@code now}, possibly before its planned end. */
    default void jobEnded(Allocation ended, long now) {
    }

    /**
     * Nodes of the machine failed at {@code now}: the jobs on them were killed and put back at the head of the queue,
     * and the failed nodes are held by an outage until their repair ({@link gridmarket.sim.machine.Allocation#outage()}).
     * A policy that keeps a plan re-plans in its next pass, at this instant, and reports each promise it breaks to
     * {@code ledger}. Nothing by default.
     */
    default void nodesFailed(MachineSchedule machine, long now, JobLedger ledger) {
    }

    /**
     * Node failures may happen in this run: a policy whose promises only failures can break starts noting them, to
     * report each one broken to {@code ledger}. Nothing by default (conservative backfilling notes them on a failure).
     */
    default void watchPromises(JobLedger ledger) {
    }

    /**
     * One scheduling pass at {@code now}: start the jobs the policy wants started, through {@code dispatch}.
     *
     * @param queue   waiting jobs, head first; jobs started in this pass stay listed until it ends
     * @param machine the machine's schedule, for free nodes and running jobs
     */
    void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch);
}
