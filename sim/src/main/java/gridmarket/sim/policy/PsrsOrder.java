package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * PSRS (preemptive Smith ratio scheduling, Schwiegelshohn; thesis 2.5) made non-preemptive, as an order.
 *
 * <ol>
 *   <li>Jobs are listed by the modified Smith ratio {@code weight / (nodes * estimate)}, largest first.</li>
 *   <li>A preemptive schedule is built from that list, one job at a time, from time 0 on an empty machine (the
 *       structure of the thesis' Table 3.1, of which PFCFS is the FCFS case): a small job ({@code nodes <= m/2})
 *       waits until it fits and starts; a wide job waits until {@code m/2} nodes are free, then for at most its own
 *       estimate until it fits; if it still does not fit, every running job is preempted, the wide job runs alone to
 *       its end, and the others resume (each end moves later by the wide job's estimate).</li>
 *   <li>Jobs go into bins by their completion time {@code C} in that schedule, in two geometric sequences of factor 2:
 *       small job bin {@code k} holds {@code 2^(k-1) < C <= 2^k}, wide job bin {@code k} holds
 *       {@code sqrt2 * 2^(k-1) < C <= sqrt2 * 2^k} (the offset halves each small bin on a log scale).</li>
 *   <li>The order takes the bins alternately, small bin k, then wide bin k, then small bin k+1; within a bin, the
 *       Smith order of step 1.</li>
 * </ol>
 */
public final class PsrsOrder implements JobOrder {
    private static final double WIDE_OFFSET = Math.sqrt(2);

    private final OrderParameters parameters;

    public PsrsOrder(OrderParameters parameters) {
        this.parameters = parameters;
    }

    @Override
    public List<Job> order(List<Job> waiting, int nodes) {
        List<Job> smith = new ArrayList<>(waiting);
        smith.sort(Comparator.comparingDouble((Job j) -> parameters.weight(j) / ((double) j.nodes() * j.estimate()))
                .reversed());
        long[] completion = preemptiveCompletions(smith, nodes);
        List<Ranked> ranked = new ArrayList<>(smith.size());
        for (int i = 0; i < smith.size(); i++) {
            boolean wide = 2L * smith.get(i).nodes() > nodes;
            ranked.add(new Ranked(smith.get(i), 2 * bin(completion[i], wide ? WIDE_OFFSET : 1) + (wide ? 1 : 0), i));
        }
        ranked.sort(Comparator.comparingInt(Ranked::rank).thenComparingInt(Ranked::smithPosition));
        List<Job> order = new ArrayList<>(ranked.size());
        ranked.forEach(r -> order.add(r.job));
        return order;
    }

    /** The smallest {@code k >= 0} with {@code c <= offset * 2^k}. */
    static int bin(long c, double offset) {
        int k = 0;
        while (c > offset * Math.pow(2, k)) {
            k++;
        }
        return k;
    }

    /**
     * Completion times, in list order, of the preemptive schedule of step 2.
     *
     * <p>Preemption shifts every running job's end by the same amount, so running jobs are kept by their end minus
     * the total preempted time so far ({@code shift}); their real end is that key plus the current shift.
     */
    static long[] preemptiveCompletions(List<Job> list, int nodes) {
        long[] completion = new long[list.size()];
        PriorityQueue<long[]> running = new PriorityQueue<>(Comparator.<long[]>comparingLong(r -> r[0])
                .thenComparingLong(r -> r[1])); // {end - shift at start, list index}
        long shift = 0;
        long now = 0;
        int free = nodes;
        for (int i = 0; i < list.size(); i++) {
            Job job = list.get(i);
            boolean wide = 2L * job.nodes() > nodes;
            int need = wide ? (nodes + 1) / 2 : job.nodes();
            while (free < need) {
                long[] r = running.poll();
                now = Math.max(now, r[0] + shift);
                completion[(int) r[1]] = now;
                free += list.get((int) r[1]).nodes();
            }
            if (wide) {
                long deadline = now + job.estimate();
                while (free < job.nodes() && !running.isEmpty() && running.peek()[0] + shift <= deadline) {
                    long[] r = running.poll();
                    now = Math.max(now, r[0] + shift);
                    completion[(int) r[1]] = now;
                    free += list.get((int) r[1]).nodes();
                }
                if (free < job.nodes()) {
                    now = deadline; // the gang slot: everything else waits while the wide job runs alone
                    shift += job.estimate();
                    completion[i] = now + job.estimate();
                    now = completion[i];
                    continue;
                }
            }
            free -= job.nodes();
            running.add(new long[] {now + job.estimate() - shift, i});
        }
        while (!running.isEmpty()) {
            long[] r = running.poll();
            completion[(int) r[1]] = r[0] + shift;
        }
        return completion;
    }

    private record Ranked(Job job, int rank, int smithPosition) {
    }
}
