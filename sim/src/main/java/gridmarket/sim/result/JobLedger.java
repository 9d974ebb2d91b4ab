package gridmarket.sim.result;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the outcome of every job as it ends. Outcomes are listed in workload order, so results do not depend on
 * the order in which same-time ends happened to run.
 */
public final class JobLedger {
    private final List<JobOutcome> outcomes = new ArrayList<>();
    /** {@link #outcomes()} as last sorted, until an outcome is added: a run's end asks for it more than once. */
    private List<JobOutcome> sorted;
    /** The killed attempts of every job a failure killed, by job order; empty in a run without failures. */
    private final Map<Integer, List<Kill>> kills = new HashMap<>();
    /** Each killed job as the workload has it (a resubmission after a checkpoint runs a shorter copy), by order. */
    private final Map<Integer, Job> originals = new HashMap<>();
    private long killedAttempts;
    private long lostNodeSeconds;
    private long reservationsBroken;
    private long brokenDelaySeconds;

    /** The allocation's job ran on one machine and ended at its real end. */
    public void completed(Allocation a) {
        completed(a, a.actualEnd(), 1);
    }

    /** One machine's part of a job that ran on {@code spread} machines at once and ended at {@code end}. */
    public void completed(Allocation a, long end, int spread) {
        add(new JobOutcome(a.job(), JobStatus.COMPLETED, null, a.machine().name(), a.start(), end,
                a.nodeIds(), spread));
    }

    /** The allocation's job ended at its real end after running in {@code pieces} (the last one is the allocation's). */
    public void completed(Allocation a, List<Piece> pieces) {
        add(new JobOutcome(a.job(), JobStatus.COMPLETED, null, a.machine().name(), pieces.get(0).start(),
                a.actualEnd(), a.nodeIds(), 1, pieces));
    }

    /**
     * A node failure killed an attempt of {@code job} at {@code at}; the job runs again, and is recorded once, when
     * an attempt completes, with its killed attempts.
     */
    public void killed(Job job, Kill kill) {
        originals.putIfAbsent(job.order(), job);
        kills.computeIfAbsent(job.order(), k -> new ArrayList<>()).add(kill);
        killedAttempts++;
        lostNodeSeconds += kill.lostNodeSeconds();
    }

    /**
     * A plan re-made after a failure put a job's reserved start {@code delay} seconds later than it had promised
     * (conservative backfilling's reservation, or EASY's for the queue's head).
     */
    public void reservationBroken(long delay) {
        if (delay <= 0) {
            throw new IllegalArgumentException("a broken reservation is delayed, not by " + delay + " s");
        }
        reservationsBroken++;
        brokenDelaySeconds += delay;
    }

    /**
     * A market owner broke a promised start because its nodes failed, and the job's new round holds a start
     * {@code delay} seconds later (0 if the new start is no later than the promise).
     */
    public void promiseBroken(long delay) {
        if (delay < 0) {
            throw new IllegalArgumentException("a broken promise is delayed, not by " + delay + " s");
        }
        reservationsBroken++;
        brokenDelaySeconds += delay;
    }

    /** Reservations broken by failures so far. */
    public long reservationsBroken() {
        return reservationsBroken;
    }

    /** The seconds by which the broken reservations were delayed, summed. */
    public long brokenDelaySeconds() {
        return brokenDelaySeconds;
    }

    /** Attempts killed by node failures so far (a multi-site attempt counts once). */
    public long killedAttempts() {
        return killedAttempts;
    }

    /** Work thrown away by the killed attempts, node-seconds. */
    public long lostNodeSeconds() {
        return lostNodeSeconds;
    }

    /** The job as the workload has it, for a (possibly shortened) resubmission of a killed job. */
    public Job original(Job job) {
        Job o = kills.isEmpty() ? null : originals.get(job.order());
        return o == null ? job : o;
    }

    private void add(JobOutcome o) {
        sorted = null;
        List<Kill> killed = kills.isEmpty() ? null : kills.get(o.job().order());
        if (killed == null) {
            outcomes.add(o);
            return;
        }
        List<Piece> run = new ArrayList<>();
        for (Kill k : killed) {
            run.add(k.piece());
        }
        run.addAll(o.pieces().isEmpty() ? List.of(new Piece(o.start(), o.end())) : o.pieces());
        outcomes.add(new JobOutcome(originals.get(o.job().order()), o.status(), null, o.machine(),
                run.get(0).start(), o.end(), o.nodeIds(), o.spread(), run, killed));
    }

    /** The job will never run (again: a job node failures killed is recorded with its killed attempts). */
    public void rejected(Job job, RejectionReason reason, String detail) {
        sorted = null;
        List<Kill> killed = kills.isEmpty() ? null : kills.get(job.order());
        outcomes.add(JobOutcome.rejected(original(job), new Rejection(reason, detail),
                killed == null ? List.of() : killed));
    }

    public int size() {
        return outcomes.size();
    }

    /** All outcomes so far, in workload order (then machine name, for the parts of one job). */
    public List<JobOutcome> outcomes() {
        if (sorted == null) {
            sorted = new ArrayList<>(outcomes);
            sorted.sort(Comparator.comparingInt((JobOutcome o) -> o.job().order()).thenComparing(JobOutcome::machine));
        }
        return new ArrayList<>(sorted);
    }
}
