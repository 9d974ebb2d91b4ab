package gridmarket.sim.result;

import gridmarket.sim.workload.Job;

/**
 * What happened to one job (or one part of a split job) in a run.
 *
 * @param job     the job
 * @param status  completed or rejected
 * @param rejection why it was rejected; {@code null} for a completed job
 * @param machine the machine it ran on; empty if rejected
 * @param start   start time in seconds (a rejected job starts and ends at its submit time)
 * @param end     end time in seconds (real end, not planned)
 * @param nodeIds the nodes it held on this machine, ascending; empty if rejected
 * @param spread  on how many machines the job ran at once: 1 normally, k for a multi-site job (one outcome per
 *                machine, all with the same start and end), 0 if rejected
 */
public record JobOutcome(Job job, JobStatus status, Rejection rejection, String machine, long start, long end,
                         int[] nodeIds, int spread) {

    public static JobOutcome rejected(Job job, Rejection rejection) {
        return new JobOutcome(job, JobStatus.REJECTED, rejection, "", job.submit(), job.submit(), new int[0], 0);
    }

    /** The rejection's message; empty for a completed job. */
    public String reason() {
        return rejection == null ? "" : rejection.detail();
    }

    public boolean completed() {
        return status == JobStatus.COMPLETED;
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
