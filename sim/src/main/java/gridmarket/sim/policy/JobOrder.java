package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * An off-line algorithm used on-line as a priority order (thesis 2.5): given the jobs waiting now, as if all were
 * submitted at time 0 to an empty machine, the order in which a list scheduler should take them. Orders plan with
 * estimates only.
 */
public interface JobOrder {

    /**
     * The waiting jobs in the algorithm's order.
     *
     * @param waiting jobs in queue order (submit time, then trace order), which breaks every tie
     * @param nodes   the machine's node count
     */
    List<Job> order(List<Job> waiting, int nodes);
}
