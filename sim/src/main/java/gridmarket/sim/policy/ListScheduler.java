package gridmarket.sim.policy;

import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

/**
 * Garey-Graham list scheduling (SPEC C4): walk the queue in order and start every job that fits now. Unlike
 * backfilling it makes no reservation, so a wide job can starve.
 */
public final class ListScheduler implements Scheduler {
    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        int free = machine.freeNodes();
        for (int i = 0; i < queue.size() && free > 0; i++) {
            Job job = queue.get(i);
            if (job.nodes() <= free) {
                dispatch.start(job);
                free -= job.nodes();
            }
        }
    }
}
