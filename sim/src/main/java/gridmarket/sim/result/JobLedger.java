package gridmarket.sim.result;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Collects the outcome of every job as it ends. Outcomes are listed in workload order, so results do not depend on
 * the order in which same-time ends happened to run.
 */
public final class JobLedger {
    private final List<JobOutcome> outcomes = new ArrayList<>();
    /** {@link #outcomes()} as last sorted, until an outcome is added: a run's end asks for it more than once. */
    private List<JobOutcome> sorted;

    /** The allocation's job ran on one machine and ended at its real end. */
    public void completed(Allocation a) {
        completed(a, a.actualEnd(), 1);
    }

    /** One machine's part of a job that ran on {@code spread} machines at once and ended at {@code end}. */
    public void completed(Allocation a, long end, int spread) {
        sorted = null;
        outcomes.add(new JobOutcome(a.job(), JobStatus.COMPLETED, null, a.machine().name(), a.start(), end,
                a.nodeIds(), spread));
    }

    /** The allocation's job ended at its real end after running in {@code pieces} (the last one is the allocation's). */
    public void completed(Allocation a, List<Piece> pieces) {
        sorted = null;
        outcomes.add(new JobOutcome(a.job(), JobStatus.COMPLETED, null, a.machine().name(), pieces.get(0).start(),
                a.actualEnd(), a.nodeIds(), 1, pieces));
    }

    /** The job will never run. */
    public void rejected(Job job, RejectionReason reason, String detail) {
        sorted = null;
        outcomes.add(JobOutcome.rejected(job, new Rejection(reason, detail)));
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
