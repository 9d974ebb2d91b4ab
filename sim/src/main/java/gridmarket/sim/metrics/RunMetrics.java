package gridmarket.sim.metrics;

import gridmarket.sim.machine.Machine;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The metrics of SPEC R for one run, computed from job outcomes alone, so every strategy is measured the same way.
 *
 * <p>Over completed jobs i with submit s, start b, end e, nodes n and trace run time r, weight {@code w = n * r}:
 * ART = mean(e - s); AWRT = sum w (e - s) / sum w; AWWT = sum w (b - s) / sum w; mean wait = mean(b - s); bounded
 * slowdown = mean of max(1, (e - s) / max(r, 10)). The span runs from the first submit of any job to the last end;
 * makespan is its length; utilization = busy node-seconds / (nodes * makespan). Rejected jobs count only in
 * {@code rejected} and, per cause, in {@code rejectedByReason} (in the order of {@link RejectionReason}). All times in seconds.
 */
public record RunMetrics(int jobs, int completed, int rejected, Map<RejectionReason, Integer> rejectedByReason,
                         double art, double awrt, double awwt, double meanWait, double meanBoundedSlowdown,
                         long firstSubmit, long lastEnd, long makespan, double utilization,
                         Map<String, MachineMetrics> machines) {

    /** Threshold of the bounded slowdown, seconds. */
    public static final long SLOWDOWN_BOUND = 10;

    /**
     * Computes the metrics; a multi-site job's parts count once as a job and on each machine for their work.
     *
     * @param outcomes one per job, or one per part (parts of a job share its {@code Job})
     */
    public static RunMetrics of(List<JobOutcome> outcomes, List<Machine> machines) {
        // the first outcome of each job, in list order: a bit per job rather than a map of boxed keys
        List<JobOutcome> perJob = new ArrayList<>(outcomes.size());
        BitSet seen = new BitSet();
        Set<Integer> seenNegative = new HashSet<>();
        Map<String, Long> work = new LinkedHashMap<>();
        for (Machine m : machines) {
            work.put(m.name(), 0L);
        }
        Map<RejectionReason, Integer> byReason = new EnumMap<>(RejectionReason.class);
        long firstSubmit = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        for (JobOutcome o : outcomes) {
            firstSubmit = Math.min(firstSubmit, o.job().submit());
            if (o.completed()) {
                work.merge(o.machine(), o.busyTime() * (long) o.nodeCount(), Long::sum);
                lastEnd = Math.max(lastEnd, o.end());
            }
            int order = o.job().order();
            if (order >= 0 ? !seen.get(order) : seenNegative.add(order)) {
                if (order >= 0) {
                    seen.set(order);
                }
                perJob.add(o);
            }
        }
        int completed = 0;
        double sumW = 0, sumWResp = 0, sumWWait = 0, sumResp = 0, sumWait = 0, sumSlow = 0;
        for (JobOutcome o : perJob) {
            if (!o.completed()) {
                byReason.merge(o.rejection().reason(), 1, Integer::sum);
                continue;
            }
            completed++;
            double w = o.job().weight();
            long resp = o.responseTime();
            long wait = o.waitTime();
            sumW += w;
            sumWResp += w * resp;
            sumWWait += w * wait;
            sumResp += resp;
            sumWait += wait;
            sumSlow += Math.max(1.0, (double) resp / Math.max(o.job().runTime(), SLOWDOWN_BOUND));
        }
        int rejected = perJob.size() - completed;
        long makespan = completed == 0 ? 0 : lastEnd - firstSubmit;
        Map<String, MachineMetrics> perMachine = new LinkedHashMap<>();
        long totalWork = 0;
        long totalNodes = 0;
        for (Machine m : machines) {
            long w = work.get(m.name());
            totalWork += w;
            totalNodes += m.nodes();
            perMachine.put(m.name(), new MachineMetrics(m.nodes(), w, ratio(w, (double) m.nodes() * makespan)));
        }
        return new RunMetrics(perJob.size(), completed, rejected, byReason,
                ratio(sumResp, completed), ratio(sumWResp, sumW), ratio(sumWWait, sumW), ratio(sumWait, completed),
                ratio(sumSlow, completed), completed == 0 ? 0 : firstSubmit, completed == 0 ? 0 : lastEnd, makespan,
                ratio(totalWork, (double) totalNodes * makespan), perMachine);
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : a / b;
    }
}
