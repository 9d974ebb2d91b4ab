package gridmarket.sim.failure;

import gridmarket.sim.machine.Machine;
import gridmarket.sim.metrics.RunMetrics;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What node failures cost a run (docs/FAILURES.md), from the ledger and the outages alone.
 *
 * @param outages            outages that happened (each failure of one or more nodes of one machine)
 * @param killed             attempts killed, each resubmitted (a multi-site attempt counts once)
 * @param jobsKilled         jobs killed at least once
 * @param lostNodeSeconds    work thrown away by the killed attempts (since their start, or their last checkpoint)
 * @param reservationsBroken reservations a re-plan after a failure put later than promised
 * @param brokenDelaySeconds by how much, summed
 * @param availability       per machine, the share of its node-seconds in service over the run's span (first submit
 *                           to last end, as {@link RunMetrics#utilization()} has it)
 * @param goodput            useful work (nodes x run time of the completed jobs) over all work run (useful plus lost)
 */
public record FailureMeasures(int outages, long killed, int jobsKilled, long lostNodeSeconds, long reservationsBroken,
                              long brokenDelaySeconds, Map<String, Double> availability, double goodput) {

    public FailureMeasures {
        availability = Collections.unmodifiableMap(new LinkedHashMap<>(availability)); // machine order
    }

    /** The measures of a finished run. */
    public static FailureMeasures of(JobLedger ledger, List<Outage> outages, List<Machine> machines,
                                     List<JobOutcome> outcomes, RunMetrics metrics) {
        Map<String, Double> availability = new LinkedHashMap<>();
        long from = metrics.firstSubmit();
        long to = metrics.lastEnd();
        for (Machine m : machines) {
            long down = 0;
            for (Outage o : outages) {
                if (o.machine().id() == m.id()) {
                    down += o.downNodeSeconds(from, to);
                }
            }
            double offered = (double) m.nodes() * Math.max(0, to - from);
            availability.put(m.name(), offered == 0 ? 1.0 : 1 - down / offered);
        }
        double useful = 0;
        int jobsKilled = 0;
        Set<Integer> seen = new HashSet<>();
        for (JobOutcome o : outcomes) {
            if (o.completed() && seen.add(o.job().order())) {
                useful += o.job().weight();
                jobsKilled += o.kills().isEmpty() ? 0 : 1;
            }
        }
        double all = useful + ledger.lostNodeSeconds();
        return new FailureMeasures(outages.size(), ledger.killedAttempts(), jobsKilled, ledger.lostNodeSeconds(),
                ledger.reservationsBroken(), ledger.brokenDelaySeconds(), new LinkedHashMap<>(availability),
                all == 0 ? 1.0 : useful / all);
    }
}
