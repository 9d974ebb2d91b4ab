package gridmarket.sim.result;

import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * What happened to one job (or one part of a split job) in a run.
 *
 * @param job     the job
 * @param status  completed or rejected
 * @param reason  why it was rejected; empty for a completed job
 * @param machine the machine it ran on; empty if rejected
 * @param start   start time in seconds (a rejected job starts and ends at its submit time)
 * @param end     end time in seconds (real end, not planned)
 * @param nodeIds the nodes it held on this machine, ascending; empty if rejected
 * @param spread  on how many machines the job ran at once: 1 normally, k for a multi-site job (one outcome per
 *                machine, all with the same start and end), 0 if rejected
 * @param pieces  the runs of a job that was preempted (SPEC C7), in time order, on {@code nodeIds} each, the first
 *                starting at {@code start}, the last ending at {@code end}; empty for a job that ran in one piece
 */
public record JobOutcome(Job job, JobStatus status, String reason, String machine, long start, long end,
                         int[] nodeIds, int spread, List<Piece> pieces) {

    public JobOutcome {
        pieces = List.copyOf(pieces);
    }

    /** The outcome of a job that ran in one piece. */
    public JobOutcome(Job job, JobStatus status, String reason, String machine, long start, long end, int[] nodeIds,
                      int spread) {
        this(job, status, reason, machine, start, end, nodeIds, spread, List.of());
    }

    public static JobOutcome rejected(Job job, String reason) {
        return new JobOutcome(job, JobStatus.REJECTED, reason, "", job.submit(), job.submit(), new int[0], 0);
    }

    public boolean completed() {
        return status == JobStatus.COMPLETED;
    }

    /** Seconds the job held its nodes: {@code end - start}, or the sum of its pieces if it was preempted. */
    public long busyTime() {
        if (pieces.isEmpty()) {
            return end - start;
        }
        long sum = 0;
        for (Piece p : pieces) {
            sum += p.length();
        }
        return sum;
    }

    /** Seconds from submit to start. */
    public long waitTime() {
        return start - job.submit();
    }

    /** Seconds from submit to end. */
    public long responseTime() {
        return end - job.submit();
    }
}
