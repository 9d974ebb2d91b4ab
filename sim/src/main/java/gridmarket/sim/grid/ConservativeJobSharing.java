package gridmarket.sim.grid;

import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.CapacityProfile;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.ConservativeBackfillScheduler;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.policy.Reservations;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * Conservative backfilling over one queue and several machines (job-sharing, SPEC C9 with C3): every queued job holds
 * a reservation on one machine, at the earliest time that delays no earlier reservation anywhere.
 *
 * <p>It is {@link gridmarket.sim.policy.ConservativeBackfillScheduler} with one {@link CapacityProfile} per machine. An
 * arriving job is reserved on the machine where it can start earliest; on a tie, where it leaves the fewest free
 * nodes at that start (BestFit, as {@link GridScheduler} places a job now), then the lower machine index. At an
 * instant where jobs ended, the reservations are re-compressed once in queue order: each is taken out and put back at
 * its earliest start on any machine, and it changes machine only to start strictly earlier, so no reservation ever
 * moves later. A job starts when its reservation does. On a single machine this is exactly local conservative
 * backfilling (tested job by job on a real trace).
 */
public final class ConservativeJobSharing extends QueueAgent {
    private static final long serialVersionUID = 1L;

    private final List<MachineSchedule> machines;
    private final CapacityProfile[] plans;
    private final int largest;
    private final Reservations reservations = new Reservations();

    public ConservativeJobSharing(List<MachineSchedule> machines, EventClock clock, JobLedger ledger) {
        super(clock, ledger);
        this.machines = List.copyOf(machines);
        this.plans = new CapacityProfile[machines.size()];
        this.largest = machines.stream().mapToInt(MachineSchedule::size).max().orElse(0);
    }

    public List<MachineSchedule> machines() {
        return machines;
    }

    @Override
    public List<MachineSchedule> schedules() {
        return machines;
    }

    /**
     * Re-plans every machine after a failure, as the single-machine policy does: the profiles are rebuilt from the
     * running jobs and outages, and the next pass (at this instant) reserves the whole queue afresh.
     */
    @Override
    protected void replanAfterFailure(MachineSchedule failed, long now) {
        reservations.clearAfterFailure(ledger);
        for (int m = 0; m < plans.length; m++) {
            plans[m] = new CapacityProfile(machines.get(m).size(), now);
            for (Allocation a : machines.get(m).running()) {
                plans[m].take(a.nodeCount(), now, a.plannedEnd());
            }
            ConservativeBackfillScheduler.takeMaintenance(plans[m], machines.get(m), now);
        }
    }

    @Override
    protected String whyNever(Job job) {
        return job.nodes() <= largest ? null
                : "needs " + job.nodes() + " nodes but the largest machine has " + largest;
    }

    @Override
    protected void pass(long now, JobQueue queue) {
        for (int m = 0; m < plans.length; m++) {
            if (plans[m] == null) {
                plans[m] = new CapacityProfile(machines.get(m).size(), now); // the first pass is the origin
                ConservativeBackfillScheduler.takeMaintenance(plans[m], machines.get(m), now);
            }
            plans[m].advanceTo(now);
        }
        Reservations r = reservations;
        r.checkHeadOf(queue, "conservative job-sharing");
        if (r.recompressionDue()) {
            for (int k = 0; k < r.size(); k++) {
                compress(k, now);
            }
        }
        for (int k = r.size(); k < queue.size(); k++) {
            Job job = queue.get(k);
            Place p = earliestPlace(job, now);
            plans[p.machine()].take(job.nodes(), p.start(), p.start() + job.estimate());
            r.add(job, p.start(), p.machine());
        }
        r.startDue(now, (job, m) -> start(job, m, now));
        long wakeUp = r.wakeUpToAsk();
        if (wakeUp != Long.MIN_VALUE) {
            planPass(wakeUp);
        }
    }

    /**
     * Moves reservation {@code k} to its earliest start on any machine, if that is strictly earlier. Read-only until
     * a move is known: on its own machine {@link CapacityProfile#earliestBefore} says where it would go were it taken
     * out, and before its old start giving it back changes no free count, so the tie rule reads the profiles as they
     * are.
     */
    private void compress(int k, long now) {
        Job job = reservations.job(k);
        long old = reservations.start(k);
        int own = reservations.machine(k);
        int best = -1;
        long bestStart = old;
        int bestLeft = Integer.MAX_VALUE;
        for (int m = 0; m < plans.length; m++) {
            CapacityProfile plan = plans[m];
            long start;
            if (m == own) {
                start = plan.earliestBefore(job.nodes(), job.estimate(), old);
            } else if (plan.capacity() >= job.nodes() && plan.maxFreeBefore(old) >= job.nodes()) {
                start = plan.earliest(job.nodes(), job.estimate(), now);
            } else {
                continue; // never enough nodes free before the old start there
            }
            if (start >= old) {
                continue; // an equal start elsewhere is no reason to change machine
            }
            int left = plan.freeAt(start) - job.nodes();
            if (start < bestStart || (start == bestStart && left < bestLeft)) { // as earliestPlace
                best = m;
                bestStart = start;
                bestLeft = left;
            }
        }
        if (best < 0) {
            return;
        }
        if (best == own) {
            plans[own].move(job.nodes(), job.estimate(), old, bestStart);
        } else {
            plans[own].give(job.nodes(), old, old + job.estimate());
            plans[best].take(job.nodes(), bestStart, bestStart + job.estimate());
        }
        reservations.moveUp(k, bestStart, best);
    }

    /** A machine and a start on it. */
    private record Place(int machine, long start) {
    }

    /** Where the job can start earliest; ties: fewest free nodes left at that start, then the lower machine index. */
    private Place earliestPlace(Job job, long now) {
        int best = -1;
        long bestStart = Long.MAX_VALUE;
        int bestLeft = Integer.MAX_VALUE;
        for (int m = 0; m < plans.length; m++) {
            long start = plans[m].earliest(job.nodes(), job.estimate(), now);
            if (start == Long.MAX_VALUE) {
                continue;
            }
            int left = plans[m].freeAt(start) - job.nodes();
            if (start < bestStart || (start == bestStart && left < bestLeft)) {
                best = m;
                bestStart = start;
                bestLeft = left;
            }
        }
        return new Place(best, bestStart);
    }

    private void start(Job job, int m, long now) {
        started(job);
        MachineSchedule ms = machines.get(m);
        Allocation a = ms.start(job, now);
        clock.at(a.actualEnd(), Orderings.JOB_END, s -> {
            if (killedBefore(a)) {
                return;
            }
            ms.finish(a);
            ledger.completed(a);
            long end = clock.now();
            boolean early = end < a.plannedEnd();
            if (early) {
                plans[m].give(a.nodeCount(), end, a.plannedEnd());
            }
            reservations.jobEnded(early);
        });
        planPass(a.actualEnd());
    }
}
