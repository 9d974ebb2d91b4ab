package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.CapacityProfile;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.Arrays;

/**
 * Conservative backfilling (SPEC C3): every queued job holds a reservation, placed at the earliest time that delays
 * no earlier reservation.
 *
 * <p>The plan is a {@link CapacityProfile}: the machine's nodes minus running jobs until their planned ends minus the
 * reservations. At an instant where jobs ended, the reservations are re-compressed once, in queue order: each is taken
 * out and put back at its earliest start, which is never later than before. This follows every end, not only early
 * ones, as in pyss: a pass is not idempotent, since a later job moving up can open a hole for an earlier one. Then the
 * instant's arrivals get their reservations, and every job whose reservation starts now is started. The profile
 * answers where a reservation would go were it taken out ({@link CapacityProfile#earliestBefore}, read-only), and
 * only a reservation that moves changes it: with long queues most cannot move, and taking them out and back would
 * rewrite the profile for nothing.
 *
 * <p>A reservation is a promise: the job starts at its reserved time even when no job ends or arrives then (after a
 * re-compression a reservation can rest on an instant that no longer has an event), so after every pass the scheduler
 * asks for one at the earliest reservation start.
 */
public final class ConservativeBackfillScheduler implements Scheduler {
    private CapacityProfile plan;
    /**
     * The queued jobs that hold a reservation, in queue order, and their reserved starts: always the head of the
     * queue, since the queue only appends arrivals and drops the jobs this scheduler started. Parallel arrays instead
     * of a map because every pass reads every reservation.
     */
    private Job[] reserved = new Job[64];
    private long[] reservedStart = new long[64];
    private int count;
    /** The earliest reserved start, the next instant a job must start at. */
    private long nextStart = Long.MAX_VALUE;
    /** The last instant a pass was asked for; passes are asked for only at {@link #nextStart}. */
    private long wakeUp = Long.MIN_VALUE;
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
        if (queue.size() < count || (count > 0 && queue.get(count - 1) != reserved[count - 1])) {
            throw new IllegalStateException("the queue changed behind conservative backfilling's back");
        }
        if (jobsEnded && mayMove) {
            mayMove = false;
            for (int k = 0; k < count; k++) {
                Job job = reserved[k];
                long old = reservedStart[k];
                long start = p.earliestBefore(job.nodes(), job.estimate(), old);
                if (start == old) {
                    continue; // no earlier start even with its own nodes given back: it stays
                }
                p.move(job.nodes(), job.estimate(), old, start);
                reservedStart[k] = start;
                mayMove = true;
                nextStart = Math.min(nextStart, start);
            }
        }
        jobsEnded = false;
        for (int k = count; k < queue.size(); k++) {
            Job job = queue.get(k);
            long start = p.earliest(job.nodes(), job.estimate(), now);
            p.take(job.nodes(), start, start + job.estimate());
            append(job, start);
            nextStart = Math.min(nextStart, start);
        }
        if (nextStart < now) {
            throw new IllegalStateException("a reservation at " + nextStart + " was missed (now " + now + ")");
        }
        if (nextStart == now) {
            startDue(now, dispatch);
        }
        // One pass at the earliest reservation is enough: no reservation moves between passes, and the pass there
        // asks for the next one. (Asking at every reservation made would also plan passes at starts long moved.)
        if (count > 0 && nextStart != wakeUp) {
            wakeUp = nextStart;
            dispatch.wakeUpAt(nextStart);
        }
    }

    /** Starts, in queue order, every job whose reservation starts now; the rest keep their order. */
    private void startDue(long now, Dispatcher dispatch) {
        int kept = 0;
        long next = Long.MAX_VALUE;
        for (int k = 0; k < count; k++) {
            long start = reservedStart[k];
            if (start == now) {
                dispatch.start(reserved[k]); // the running job keeps the capacity its reservation took
            } else {
                reserved[kept] = reserved[k];
                reservedStart[kept] = start;
                next = Math.min(next, start);
                kept++;
            }
        }
        Arrays.fill(reserved, kept, count, null);
        count = kept;
        nextStart = next;
    }

    private void append(Job job, long start) {
        if (count == reserved.length) {
            reserved = Arrays.copyOf(reserved, count * 2);
            reservedStart = Arrays.copyOf(reservedStart, count * 2);
        }
        reserved[count] = job;
        reservedStart[count] = start;
        count++;
    }

    /**
     * Forgets every reservation and rebuilds the plan from the running jobs alone, so that the next pass reserves
     * the whole queue afresh in its (new) order. A reordering policy calls this when it recomputes its order: the
     * order is the reservations' priority, so reservations are kept only while the order stands.
     */
    public void replan(MachineSchedule machine, long now) {
        Arrays.fill(reserved, 0, count, null);
        count = 0;
        nextStart = Long.MAX_VALUE;
        wakeUp = Long.MIN_VALUE; // the new reservations need their own pass
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
