package gridmarket.sim.policy;

import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Seed 004's family of pure space-sharing schemes (SPEC C5; Aida, Kasahara, Narita, Sect. 3 and Fig. 10): a queue
 * ordered by a {@link ProcessorOrder}, dispatched either from the head only (FCFS, MPFS, LPFS) or by searching the
 * whole queue for jobs that fit the idle processors (FPFS, FPMPFS, FPLPFS).
 *
 * <p>The search is Fig. 10's {@code FPFS_Scheduler}: walk the queue while processors are idle; dispatch every job that
 * fits; at a job that does not fit, stop if it has reached its {@link WaitLimit}, else go on. One walk per pass is
 * enough: idle processors only decrease during it, so a second walk would dispatch nothing. The schemes know only
 * processor counts, never run times or estimates.
 *
 * <p>The scheduler keeps its own order of the waiting jobs. Invariant: it holds exactly the jobs of the machine's
 * queue; the queue lists arrivals at its tail, so the jobs it has not seen yet are the queue's last ones.
 */
public final class SpaceSharingScheduler implements Scheduler {
    private final ProcessorOrder order;
    private final boolean search;
    private final WaitLimit limit;
    private final List<Job> waiting = new ArrayList<>();

    /**
     * @param order  how arrivals are placed in the queue
     * @param search true to search the queue for fitting jobs (the FP schemes), false to dispatch from the head only
     * @param limit  the jobs' WaitLimit; {@link WaitLimit#NONE} for none
     */
    public SpaceSharingScheduler(ProcessorOrder order, boolean search, WaitLimit limit) {
        this.order = order;
        this.search = search;
        this.limit = limit;
    }

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        for (int k = waiting.size(); k < queue.size(); k++) {
            Job arrival = queue.get(k);
            waiting.add(order.insertionIndex(waiting, arrival, now, limit), arrival);
        }
        int idle = machine.freeNodes();
        for (Iterator<Job> it = waiting.iterator(); it.hasNext() && idle > 0; ) {
            Job job = it.next();
            if (job.nodes() <= idle) {
                dispatch.start(job);
                idle -= job.nodes();
                it.remove();
            } else if (!search || limit.reached(job, now)) {
                return;
            }
        }
    }
}
