package org.example.gridmarket;

import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.Shadow;
import gridmarket.sim.policy.Dispatcher;
import gridmarket.sim.policy.JobQueue;
import gridmarket.sim.policy.Scheduler;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Shortest job first with EASY backfilling: the queue is ordered by requested time (ties: earlier submission), jobs
 * start from its head while they fit, the first that does not fit gets the only reservation (its shadow time), and
 * later jobs backfill if they end by then or fit beside it.
 */
final class ShortestJobFirstEasy implements Scheduler {
    private static final Comparator<Job> SHORTEST_FIRST =
            Comparator.comparingLong(Job::estimate).thenComparingLong(Job::submit).thenComparingLong(Job::id);

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        List<Job> order = new ArrayList<>(queue.jobs());
        order.sort(SHORTEST_FIRST);
        int free = machine.freeNodes();
        int i = 0;
        while (i < order.size() && order.get(i).nodes() <= free) {
            dispatch.start(order.get(i));
            free -= order.get(i).nodes();
            i++;
        }
        if (i >= order.size() - 1 || free == 0) {
            return;
        }
        Shadow head = machine.shadow(order.get(i).nodes(), now);
        int extra = head.extraNodes();
        for (Job job : order.subList(i + 1, order.size())) {
            boolean endsBeforeShadow = now + job.estimate() <= head.time();
            if (job.nodes() <= free && (endsBeforeShadow || job.nodes() <= extra)) {
                dispatch.start(job);
                free -= job.nodes();
                extra -= endsBeforeShadow ? 0 : job.nodes();
            }
        }
    }
}
