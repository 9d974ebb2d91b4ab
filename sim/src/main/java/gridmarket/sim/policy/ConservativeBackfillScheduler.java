package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.CapacityProfile;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.PlannedOutage;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;


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
 * asks for one at the earliest reservation start. The reservations and when passes are due are kept by
 * {@link Reservations}, which conservative job-sharing shares.
 */
public final class ConservativeBackfillScheduler implements Scheduler {
    private CapacityProfile plan;
    private final Reservations reservations = new Reservations();

    @Override
    public void jobEnded(Allocation ended, long now) {
        boolean early = now < ended.plannedEnd();
        if (early) {
            plan.give(ended.nodeCount(), now, ended.plannedEnd()); // a job started in a pass, which made the plan
        }
        reservations.jobEnded(early);
    }

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        CapacityProfile p = plan(machine, now);
        p.advanceTo(now);
        Reservations r = reservations;
        r.checkHeadOf(queue, "conservative backfilling");
        if (r.recompressionDue()) {
            for (int k = 0; k < r.size(); k++) {
                Job job = r.job(k);
                long old = r.start(k);
                long start = p.earliestBefore(r.shape(k), job.nodes(), job.estimate(), old, r.place(k));
                r.setPlace(k, p.lastPlace());
                if (start == old) {
                    continue; // no earlier start even with its own nodes given back: it stays
                }
                p.move(job.nodes(), job.estimate(), old, start);
                r.moveUp(k, start, 0);
            }
        }
        for (int k = r.size(); k < queue.size(); k++) {
            Job job = queue.get(k);
            long start = p.earliest(job.nodes(), job.estimate(), now);
            p.take(job.nodes(), start, start + job.estimate());
            r.add(job, start, 0, p.shapeOf(job.nodes(), job.estimate()));
        }
        r.startDue(now, (job, m) -> dispatch.start(job));
        long wakeUp = r.wakeUpToAsk();
        if (wakeUp != Long.MIN_VALUE) {
            dispatch.wakeUpAt(wakeUp);
        }
    }

    /**
     * Re-plans after a failure: the plan is rebuilt from the running jobs and outages, and the next pass (at this
     * instant) reserves the whole queue afresh; a job reserved later than before is a broken reservation.
     */
    @Override
    public void nodesFailed(MachineSchedule machine, long now, JobLedger ledger) {
        reservations.clearAfterFailure(ledger);
        replan(machine, now);
    }

    /**
     * Forgets every reservation and rebuilds the plan from the running jobs alone, so that the next pass reserves
     * the whole queue afresh in its (new) order. A reordering policy calls this when it recomputes its order: the
     * order is the reservations' priority, so reservations are kept only while the order stands.
     */
    public void replan(MachineSchedule machine, long now) {
        reservations.clear();
        plan = new CapacityProfile(machine.size(), now);
        for (Allocation a : machine.running()) {
            plan.take(a.nodeCount(), now, a.plannedEnd());
        }
        takeMaintenance(plan, machine, now);
    }

    /**
     * Counts the machine's maintenance windows in a new plan, as reservations nothing may cross: a reservation
     * steps over a window that leaves it too few nodes.
     */
    public static void takeMaintenance(CapacityProfile plan, MachineSchedule machine, long now) {
        for (PlannedOutage w : machine.plannedOutages()) {
            plan.take(w.nodes(), Math.max(w.start(), now), w.end());
        }
    }

    private CapacityProfile plan(MachineSchedule machine, long now) {
        if (plan == null) {
            plan = new CapacityProfile(machine.size(), now);
            takeMaintenance(plan, machine, now);
        }
        return plan;
    }
}
