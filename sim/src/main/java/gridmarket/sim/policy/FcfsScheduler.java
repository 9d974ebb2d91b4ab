package gridmarket.sim.policy;

import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

/** First come, first served (SPEC C1): start jobs from the head of the queue while the head fits. */
public final class FcfsScheduler implements Scheduler {
    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        int free = machine.freeNodes();
        for (int i = 0; i < queue.size(); i++) {
            Job job = queue.get(i);
            if (job.nodes() > free) {
                return;
            }
            dispatch.start(job);
            free -= job.nodes();
        }
    }
}
