package gridmarket.sim.result;

import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.List;

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
 * @param pieces  the runs of a job that was preempted (SPEC C7), in time order, on {@code nodeIds} each, the first
 *                starting at {@code start}, the last ending at {@code end}; empty for a job that ran in one piece.
 *                A job killed by node failures has one piece per attempt (the killed ones on the nodes their
 *                {@code kills} name, the last on {@code nodeIds}); one rejected after it was killed has only its
 *                killed attempts
 * @param kills   the attempts that node failures killed, in time order; empty for a job never killed
 */
public record JobOutcome(Job job, JobStatus status, Rejection rejection, String machine, long start, long end,
                         int[] nodeIds, int spread, List<Piece> pieces, List<Kill> kills) {

    /** Keeps its own copies of the node ids, pieces and kills, so an outcome never changes after the fact. */
    public JobOutcome {
        nodeIds = nodeIds.clone();
        pieces = List.copyOf(pieces);
        kills = List.copyOf(kills);
    }

    /** The outcome of a job that no failure killed. */
    public JobOutcome(Job job, JobStatus status, Rejection rejection, String machine, long start, long end,
                      int[] nodeIds, int spread, List<Piece> pieces) {
        this(job, status, rejection, machine, start, end, nodeIds, spread, pieces, List.of());
    }

    /** The outcome of a job that ran in one piece. */
    public JobOutcome(Job job, JobStatus status, Rejection rejection, String machine, long start, long end,
                      int[] nodeIds, int spread) {
        this(job, status, rejection, machine, start, end, nodeIds, spread, List.of());
    }

    /** The nodes it held, ascending (a copy). */
    @Override
    public int[] nodeIds() {
        return nodeIds.clone();
    }

    /** How many nodes it held on this machine (0 if rejected). */
    public int nodeCount() {
        return nodeIds.length;
    }

    /** The nodes it held as ascending ranges, e.g. {@code 0-15;32;40-41} (empty if rejected). */
    public String nodeRanges() {
        return ranges(nodeIds);
    }

    /** Ascending node ids as ranges, e.g. {@code 0-15;32;40-41}. */
    public static String ranges(int[] nodeIds) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < nodeIds.length; ) {
            int j = i;
            while (j + 1 < nodeIds.length && nodeIds[j + 1] == nodeIds[j] + 1) {
                j++;
            }
            if (i > 0) {
                b.append(';');
            }
            b.append(nodeIds[i]);
            if (j > i) {
                b.append('-').append(nodeIds[j]);
            }
            i = j + 1;
        }
        return b.toString();
    }

    public static JobOutcome rejected(Job job, Rejection rejection) {
        return rejected(job, rejection, List.of());
    }

    /**
     * A job rejected after node failures killed the attempts {@code kills}: it holds no nodes and starts and ends at
     * its submit time, as every rejected job, and its pieces are the killed attempts.
     */
    public static JobOutcome rejected(Job job, Rejection rejection, List<Kill> kills) {
        List<Piece> attempts = new ArrayList<>(kills.size());
        for (Kill k : kills) {
            attempts.add(k.piece());
        }
        return new JobOutcome(job, JobStatus.REJECTED, rejection, "", job.submit(), job.submit(), new int[0], 0,
                attempts, kills);
    }

    /**
     * The attempts node failures killed, separated by {@code ; } (empty for a job never killed), then, for a
     * rejected job, the rejection's message: in the order they happened.
     */
    public String reason() {
        StringBuilder b = new StringBuilder();
        for (Kill k : kills) {
            b.append(b.length() == 0 ? "" : "; ").append(k.describe());
        }
        if (rejection != null) {
            b.append(b.length() == 0 ? "" : "; ").append(rejection.detail());
        }
        return b.toString();
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
