package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.CapacityProfile;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.HashMap;
import java.util.Map;

/**
 * Conservative backfilling (SPEC C3): every queued job holds a reservation, placed at the earliest time that delays
 * no earlier reservation.
 *
 * <p>The plan is a {@link CapacityProfile}: the machine's nodes minus running jobs until their planned ends minus the
 * reservations. At an instant where jobs ended, the reservations are re-compressed once, in queue order: each is taken
 * out and put back at its earliest start, which is never later than before. This follows every end, not only early
 * ones, as in pyss: a pass is not idempotent, since a later job moving up can open a hole for an earlier one. Then the
 * instant's arrivals get their reservations, and every job whose reservation starts now is started.
 *
 * <p>A reservation is a promise: the job starts at its reserved time even when no job ends or arrives then (after a
 * re-compression a reservation can rest on an instant that no longer has an event), so the scheduler asks for a pass
 * at every reservation start.
 */
public final class ConservativeBackfillScheduler implements Scheduler {
    private CapacityProfile plan;
    private final Map<Job, Long> reservedStart = new HashMap<>();
    private boolean jobsEnded;
    /**
     * Whether a re-compression could move anything: capacity was given back (an early end) or the last
     * re-compression moved a job. Otherwise only arrivals took capacity since the last one, which moved nothing, so
     * every reservation is still at its earliest and the pass would be a no-op.
     */
    private boolean mayMove;

    @Override
    public void jobEnded(Allocation ended, long now) {
        if (now < ended.plannedEnd()) {
            plan(ended.machine().nodes(), now).give(ended.nodeCount(), now, ended.plannedEnd());
            mayMove = true;
        }
        jobsEnded = true;
    }

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        CapacityProfile p = plan(machine.size(), now);
        p.advanceTo(now);
        if (jobsEnded && mayMove) {
            mayMove = false;
            for (Job job : queue.jobs()) {
                Long old = reservedStart.get(job);
                if (old == null || p.maxFreeBefore(old) < job.nodes()) {
                    continue; // no instant before its reservation has room for it: it cannot move up
                }
                p.give(job.nodes(), old, old + job.estimate());
                long start = p.earliest(job.nodes(), job.estimate(), now);
                if (start > old) {
                    throw new IllegalStateException("job " + job.id() + " moved later: " + old + " -> " + start);
                }
                p.take(job.nodes(), start, start + job.estimate());
                reservedStart.put(job, start);
                if (start != old) {
                    mayMove = true;
                    if (start > now) {
                        dispatch.wakeUpAt(start);
                    }
                }
            }
        }
        jobsEnded = false;
        for (Job job : queue.jobs()) {
            if (!reservedStart.containsKey(job)) {
                long start = p.earliest(job.nodes(), job.estimate(), now);
                p.take(job.nodes(), start, start + job.estimate());
                reservedStart.put(job, start);
                if (start > now) {
                    dispatch.wakeUpAt(start);
                }
            }
        }
        for (Job job : queue.jobs()) {
            long start = reservedStart.get(job);
            if (start < now) {
                throw new IllegalStateException("job " + job.id() + " missed its reservation at " + start);
            }
            if (start == now) {
                reservedStart.remove(job);
                dispatch.start(job); // the running job keeps the capacity its reservation took
            }
        }
    }

    /**
     * Forgets every reservation and rebuilds the plan from the running jobs alone, so that the next pass reserves
     * the whole queue afresh in its (new) order. A reordering policy calls this when it recomputes its order: the
     * order is the reservations' priority, so reservations are kept only while the order stands.
     */
    public void replan(MachineSchedule machine, long now) {
        reservedStart.clear();
        plan = new CapacityProfile(machine.size(), now);
        for (Allocation a : machine.running()) {
            plan.take(a.nodeCount(), now, a.plannedEnd());
        }
        jobsEnded = false;
        mayMove = false;
    }

    private CapacityProfile plan(int nodes, long now) {
        if (plan == null) {
            plan = new CapacityProfile(nodes, now);
        }
        return plan;
    }
}
