package gridmarket.charts.gantt;

import gridmarket.sim.workload.Job;

/**
 * One rectangle of a machine's Gantt chart: a job's hold on a contiguous range of nodes for a stretch of time.
 *
 * @param job       the job (its origin site colours the bar); {@code null} not permitted
 * @param kind      running, the unused rest of a running job's estimate, or a future reservation
 * @param firstNode lowest node id covered
 * @param lastNode  highest node id covered ({@code >= firstNode})
 * @param start     start, seconds of simulated time
 * @param end       end, seconds of simulated time ({@code > start})
 * @param parts     on how many machines the job holds nodes at this instant: 1 normally, k for a multi-site job
 */
public record GanttBar(Job job, Kind kind, int firstNode, int lastNode, long start, long end, int parts) {

    /** What a bar stands for. */
    public enum Kind {
        /** A running job, from its start to its real end (known to the simulator, not to schedulers). */
        RUNNING,
        /** The rest of a running job's estimate, from its real end to its planned end: what schedulers plan with. */
        ESTIMATE,
        /** A future advance reservation, from its start to its planned end. */
        RESERVED
    }

    public GanttBar {
        if (job == null || kind == null || firstNode < 0 || lastNode < firstNode || end <= start || parts < 1) {
            throw new IllegalArgumentException("bad bar " + job + " " + kind + " nodes " + firstNode + ".."
                    + lastNode + " [" + start + ", " + end + ") parts " + parts);
        }
    }

    /** Number of nodes covered. */
    public int nodes() {
        return lastNode - firstNode + 1;
    }

    /** True if the job runs on several machines at once (its parts are linked in the charts). */
    public boolean multiSite() {
        return parts > 1;
    }

    /** The label shown on the bar: the job id, {@code .k} for part k of a split job, {@code *} if multi-site. */
    public String label() {
        return job.id() + (job.part() > 0 ? "." + job.part() : "") + (multiSite() ? "*" : "");
    }
}
