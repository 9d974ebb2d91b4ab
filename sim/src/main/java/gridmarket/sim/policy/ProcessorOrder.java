package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * How seed 004's schemes order their queue by requested processors (Sect. 3.2): not at all (FCFS, FPFS), most
 * processors first (MPFS, FPMPFS) or least processors first (LPFS, FPLPFS).
 *
 * <p>A sorted queue is kept sorted by inserting each arrival the way Fig. 10's {@code FPMPFS_job_spooler} does: walk
 * from the tail towards the head past every job that the arrival must precede (strictly fewer processors for MPFS,
 * strictly more for LPFS), and stop at a job that has reached its WaitLimit, which no arrival may overtake (Sect.
 * 3.5). Jobs of equal size keep their arrival order. Positions are decided at arrival and never revisited, so a job
 * that reached its limit keeps every job behind it behind it.
 */
public enum ProcessorOrder {
    /** Arrival order. */
    ARRIVAL,
    /** Non-increasing requested processors (MPFS). */
    MOST_FIRST,
    /** Non-decreasing requested processors (LPFS). */
    LEAST_FIRST;

    /**
     * The index at which {@code arrival} enters {@code queue} at {@code now}.
     *
     * @param queue the ordered queue, head first; not changed
     */
    public int insertionIndex(List<Job> queue, Job arrival, long now, WaitLimit limit) {
        int i = queue.size();
        if (this == ARRIVAL) {
            return i;
        }
        while (i > 0) {
            Job ahead = queue.get(i - 1);
            if (limit.reached(ahead, now) || !precedes(arrival, ahead)) {
                break;
            }
            i--;
        }
        return i;
    }

    private boolean precedes(Job arrival, Job ahead) {
        return this == MOST_FIRST ? ahead.nodes() < arrival.nodes() : ahead.nodes() > arrival.nodes();
    }
}
