package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

/**
 * The parameters of PFCFS, FCFS with gang-scheduled preemption of wide jobs (SPEC C7; thesis 3.3 and Table 4.2).
 *
 * @param widePercent    a job is wide when it needs more than this share of the machine's nodes, in percent
 *                       ({@code ]0, 100[}; the thesis' x)
 * @param maxPreemptions the most context switches one wide job causes (the thesis' n, at least 1): the first
 *                       suspends the jobs in its way, the second suspends the wide job and resumes them, and so on;
 *                       after the last one the gang then running keeps running ({@link #UNLIMITED}: until one gang is
 *                       empty)
 * @param delay          seconds a wide job must have waited at the head of the queue before it may preempt (at least 0)
 * @param gang           seconds between two context switches, the gang length (at least 1)
 * @param penalty        seconds added to a job's run each time it resumes after a preemption (at least 0)
 * @param idlePercent    Table 3.1's Instruction C, generalised: the share of the machine's nodes, in percent, that must
 *                       be idle before a wide job's delay starts ({@code [0, 100[}; 50 is the literal "wait until m/2
 *                       resources are available", 0 leaves the instruction out)
 */
public record PreemptionParameters(double widePercent, int maxPreemptions, long delay, long gang, long penalty,
                                   double idlePercent) {
    /** No limit on the context switches: the gangs alternate until one of them is empty (PFCFS1). */
    public static final int UNLIMITED = Integer.MAX_VALUE;
    /** Table 4.6's best setting for 128 nodes: x 40 %, one preemption after 60 s, no penalty. */
    public static final PreemptionParameters DEFAULTS = new PreemptionParameters(40, 1, 60, 60, 0);
    /** Table 4.1's PFCFS1: after 10 min the gangs alternate every 10 min until one is empty. */
    public static final PreemptionParameters PFCFS1 = new PreemptionParameters(50, UNLIMITED, 600, 600, 0);
    /** Table 4.1's PFCFS2: after 1 min the wide job runs 1 min, then waits until its nodes are free. */
    public static final PreemptionParameters PFCFS2 = new PreemptionParameters(50, 2, 60, 60, 0);
    /** Table 4.1's PFCFS3: after 10 min the wide job runs to completion. */
    public static final PreemptionParameters PFCFS3 = new PreemptionParameters(50, 1, 600, 600, 0);

    /** Parameters without Instruction C: the delay starts when the wide job reaches the head of the queue. */
    public PreemptionParameters(double widePercent, int maxPreemptions, long delay, long gang, long penalty) {
        this(widePercent, maxPreemptions, delay, gang, penalty, 0);
    }

    public PreemptionParameters {
        if (!(widePercent > 0 && widePercent < 100)) {
            throw new IllegalArgumentException("x must be above 0 and below 100 (percent), got " + widePercent);
        }
        if (maxPreemptions < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + maxPreemptions);
        }
        if (delay < 0) {
            throw new IllegalArgumentException("delay must be >= 0 seconds, got " + delay);
        }
        if (gang < 1) {
            throw new IllegalArgumentException("delta must be >= 1 second, got " + gang);
        }
        if (penalty < 0) {
            throw new IllegalArgumentException("penalty must be >= 0 seconds, got " + penalty);
        }
        if (!(idlePercent >= 0 && idlePercent < 100)) {
            throw new IllegalArgumentException("idle must be at least 0 and below 100 (percent), got " + idlePercent);
        }
    }

    /** Whether {@code idleNodes} idle nodes of a machine of {@code machineNodes} satisfy Instruction C. */
    public boolean idleEnough(int idleNodes, int machineNodes) {
        return idleNodes * 100.0 >= idlePercent * machineNodes;
    }

    /** Whether the job needs more than x % of a machine of {@code machineNodes} nodes. */
    public boolean wide(Job job, int machineNodes) {
        return job.nodes() * 100.0 > widePercent * machineNodes;
    }
}
