package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.workload.Job;

import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * A list scheduler over an order other than arrival (SMART, PSRS; SPEC C6), as thesis 2.5 uses the off-line
 * algorithms on-line: the order of all waiting jobs is recomputed when jobs arrive, and a greedy list schedule, plain
 * or backfilled, is run in that order.
 *
 * <p>Recomputation (the thesis' 2/3 rule, {@link OrderParameters#recompute()}): at a pass with arrivals, if the
 * waiting jobs that the last computation ordered make up less than that share of the queue, the whole queue is
 * ordered again; otherwise the arrivals join the end of the order in queue order (and do not count as ordered). Conservative backfilling keeps its reservations while the order
 * stands and reserves the whole queue afresh, in the new order, after each recomputation.
 *
 * <p>The scheduler hands its backfilling policy a queue in the current order; the policy itself is unchanged.
 */
public final class OrderedScheduler implements Scheduler {
    private final JobOrder algorithm;
    private final double recompute;
    private final Scheduler backfill;
    /** The waiting jobs in the current order; handed to the list policy as its queue, so it is never copied. */
    private JobQueue order = new JobQueue();
    /** The waiting jobs the last computation ordered; arrivals appended since then are not among them. */
    private final Set<Job> computed = new HashSet<>();
    private final Set<Job> started = new HashSet<>();
    /**
     * Every pass time the list policy asked for since the last recomputation: a superset of the reservation starts.
     * A pass at any other instant without ends or arrivals has nothing to do (a recomputation leaves many stale
     * wake-ups behind, and a pass costs a walk over the whole queue).
     */
    private final TreeSet<Long> wakeUps = new TreeSet<>();
    private boolean jobsEnded;
    private int recomputations;

    /**
     * @param algorithm the order
     * @param recompute share of the queue the order must still cover, else it is recomputed (]0, 1])
     * @param backfill  the list policy run over the ordered queue: {@link FcfsScheduler} (plain),
     *                  {@link EasyBackfillScheduler} or {@link ConservativeBackfillScheduler}
     */
    public OrderedScheduler(JobOrder algorithm, double recompute, Scheduler backfill) {
        this.algorithm = algorithm;
        this.recompute = recompute;
        this.backfill = backfill;
    }

    /** How many times the order was computed; a measure of the policy's work. */
    public int recomputations() {
        return recomputations;
    }

    @Override
    public void jobEnded(Allocation ended, long now) {
        jobsEnded = true;
        backfill.jobEnded(ended, now);
    }

    /**
     * After a failure the killed jobs are back at the queue's head, so the order is computed afresh at the next pass
     * (it takes the queue's tail for arrivals otherwise); the list policy re-plans.
     */
    @Override
    public void watchPromises(JobLedger ledger) {
        backfill.watchPromises(ledger);
    }

    @Override
    public void nodesFailed(MachineSchedule machine, long now, JobLedger ledger) {
        order = new JobQueue();
        computed.clear();
        wakeUps.clear();
        backfill.nodesFailed(machine, now, ledger);
    }

    @Override
    public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
        if (!started.isEmpty()) {
            order.removeAll(started);
            computed.removeAll(started);
            started.clear();
        }
        int arrived = queue.size() - order.size(); // arrivals are the queue's tail: the queue keeps submit order
        wakeUps.headSet(now).clear();
        if (arrived == 0 && !jobsEnded && !wakeUps.contains(now)) {
            return;
        }
        jobsEnded = false;
        if (arrived > 0) {
            if (computed.size() < recompute * queue.size()) {
                order = new JobQueue();
                for (Job job : algorithm.order(queue.jobs(), machine.size())) {
                    order.add(job);
                }
                computed.clear();
                computed.addAll(order.jobs());
                recomputations++;
                if (backfill instanceof ConservativeBackfillScheduler c) {
                    c.replan(machine, now);
                    wakeUps.clear();
                }
            } else {
                for (Job job : queue.jobs().subList(order.size(), queue.size())) {
                    order.add(job);
                }
            }
        }
        backfill.schedule(now, order, machine, new Dispatcher() {
            @Override
            public void start(Job job) {
                started.add(job);
                dispatch.start(job);
            }

            @Override
            public void wakeUpAt(long time) {
                wakeUps.add(time);
                dispatch.wakeUpAt(time);
            }
        });
    }
}
