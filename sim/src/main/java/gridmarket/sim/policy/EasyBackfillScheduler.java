package gridmarket.sim.policy;

import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.Shadow;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;

import java.util.HashMap;
import java.util.Map;

/**
 * EASY backfilling (SPEC C2): start jobs from the head while they fit; then only the head holds a reservation.
 *
 * <p>The shadow time is the earliest planned time at which the head fits, counting every running job planned to end
 * by then; the extra nodes are those free at the shadow time beyond the head's. A later job may start now if it fits
 * now and either ends by the shadow time or fits in the extra nodes; one that runs past the shadow time uses extra
 * nodes up. The head's reservation is never delayed, and it is recomputed at every pass.
 *
 * <p>Only node failures can delay it. Where they may happen ({@link #watchPromises}), each pass also notes the head's
 * reserved start, and a head reserved (or started) later than it was once promised counts as a broken reservation.
 */
public final class EasyBackfillScheduler implements Scheduler {
    /** The start last promised to each job that was the queue's head and has not started; null if not watched. */
    private Map<Integer, Long> promised;
    private JobLedger ledger;

    @Override
    public void watchPromises(JobLedger brokenTo) {
        ledger = brokenTo;
        promised = new HashMap<>();
    }

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        int free = machine.freeNodes();
        int i = 0;
        while (i < queue.size() && queue.get(i).nodes() <= free) {
            if (promised != null) {
                keep(queue.get(i), now);
                promised.remove(queue.get(i).order());
            }
            dispatch.start(queue.get(i));
            free -= queue.get(i).nodes();
            i++;
        }
        if (promised != null && i < queue.size()) {
            Job head = queue.get(i);
            long start = machine.shadow(head.nodes(), now).time();
            keep(head, start);
            promised.put(head.order(), start);
        }
        if (i >= queue.size() - 1 || free == 0) {
            return; // no job behind the head, or nothing to backfill with
        }
        Shadow head = machine.shadow(queue.get(i).nodes(), now);
        long shadow = head.time();
        int extra = head.extraNodes();
        for (int k = i + 1; k < queue.size() && free > 0; k++) {
            Job job = queue.get(k);
            if (job.nodes() > free) {
                continue;
            }
            boolean endsBeforeShadow = now + job.estimate() <= shadow;
            if (endsBeforeShadow || job.nodes() <= extra) {
                dispatch.start(job);
                free -= job.nodes();
                if (!endsBeforeShadow) {
                    extra -= job.nodes();
                }
            }
        }
    }

    /** Counts a broken reservation if {@code job} was promised an earlier start than {@code start}. */
    private void keep(Job job, long start) {
        Long before = promised.get(job.order());
        if (before != null && start > before) {
            ledger.reservationBroken(start - before);
        }
    }
}
