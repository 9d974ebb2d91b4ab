package gridmarket.sim.machine;

import gridmarket.sim.workload.Job;

/**
 * A job's hold on a set of nodes of one machine for {@code [start, plannedEnd)}, either running now or reserved for
 * the future. {@code plannedEnd} is {@code start + estimate}: what every scheduler plans with, since the real run
 * time is unknown until the job ends.
 *
 * <p>Invariant: {@code nodeIds} is sorted ascending and holds distinct ids of the machine ({@code job.nodes()} of
 * them, or a multi-site job's share on this machine).
 */
public final class Allocation {
    private final Job job;
    private final Machine machine;
    private final int[] nodeIds;
    private final long start;
    private final long plannedEnd;
    private final long runTime;
    private final boolean outage;

    Allocation(Job job, Machine machine, int[] nodeIds, long start, long plannedEnd, long runTime) {
        this(job, machine, nodeIds, start, plannedEnd, runTime, false);
    }

    Allocation(Job job, Machine machine, int[] nodeIds, long start, long plannedEnd, long runTime, boolean outage) {
        this.outage = outage;
        this.job = job;
        this.machine = machine;
        this.nodeIds = nodeIds;
        this.start = start;
        this.plannedEnd = plannedEnd;
        this.runTime = runTime;
    }

    /**
     * Whether this is failed nodes' hold until their repair rather than a job's: its {@link #job()} is a stand-in
     * that is never recorded (negative id and order), and {@link #plannedEnd()} is the repair time.
     */
    public boolean outage() {
        return outage;
    }

    public Job job() {
        return job;
    }

    public Machine machine() {
        return machine;
    }

    /** The node ids held, ascending; a copy. */
    public int[] nodeIds() {
        return nodeIds.clone();
    }

    /** Number of nodes held. */
    public int nodeCount() {
        return nodeIds.length;
    }

    long runTimeShared() {
        return runTime;
    }

    int[] nodeIdsShared() {
        return nodeIds;
    }

    /** Start time in seconds. */
    public long start() {
        return start;
    }

    /** End predicted from the estimate, in seconds; the real end is {@code start + job.runTime()}. */
    public long plannedEnd() {
        return plannedEnd;
    }

    /**
     * The real end, known to the simulator (not to schedulers): {@code start} plus the job's run time, stretched by
     * the overhead for a multi-site part.
     */
    public long actualEnd() {
        return start + runTime;
    }

    @Override
    public String toString() {
        return "job " + job.id() + " on " + machine.name() + " [" + start + ", " + plannedEnd + ")";
    }
}
