package gridmarket.agents;

import gridmarket.market.PostedPrice;
import gridmarket.market.Trade;
import gridmarket.sim.failure.FailureMeasures;
import gridmarket.sim.failure.Outage;
import gridmarket.sim.metrics.RunMetrics;
import gridmarket.sim.result.JobOutcome;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a finished run produced.
 *
 * @param outcomes          one per job (or part), in workload order
 * @param metrics           SPEC R metrics
 * @param events            MASON events executed
 * @param simulationSeconds wall time of the event loop alone, seconds
 * @param peakHeapBytes     peak heap use during the run, bytes
 * @param trades            market outcome per job order (strategy market), else empty
 * @param strategyFields    what the strategy and its roles report of themselves ({@link GridMarket#strategySummary()})
 * @param failures          what node failures cost the run; {@code null} for a run without failures
 * @param outages           the nodes out of service in the run (failures and maintenance), in the order they began;
 *                          empty without failures
 * @param postedPrices      the prices posting owners posted per period, owners in machine order; empty where the
 *                          owners post none
 * @param domainOutages     what the market's domain outages cost the run (docs/FAILURES.md); {@code null} without them
 * @param localJobs         the orders of the jobs that went to a machine's own scheduler (local load beside the
 *                          grid); empty without local load
 */
public record RunResult(List<JobOutcome> outcomes, RunMetrics metrics, long events, double simulationSeconds,
                        long peakHeapBytes, Map<Integer, Trade> trades, Map<String, Object> strategyFields,
                        FailureMeasures failures, List<Outage> outages, List<PostedPrice> postedPrices,
                        Map<String, Object> domainOutages, Set<Integer> localJobs) {

    /** A run without domain outages or local load. */
    public RunResult(List<JobOutcome> outcomes, RunMetrics metrics, long events, double simulationSeconds,
                     long peakHeapBytes, Map<Integer, Trade> trades, Map<String, Object> strategyFields,
                     FailureMeasures failures, List<Outage> outages, List<PostedPrice> postedPrices) {
        this(outcomes, metrics, events, simulationSeconds, peakHeapBytes, trades, strategyFields, failures, outages,
                postedPrices, null, Set.of());
    }

    /** A run whose owners posted no prices. */
    public RunResult(List<JobOutcome> outcomes, RunMetrics metrics, long events, double simulationSeconds,
                     long peakHeapBytes, Map<Integer, Trade> trades, Map<String, Object> strategyFields,
                     FailureMeasures failures, List<Outage> outages) {
        this(outcomes, metrics, events, simulationSeconds, peakHeapBytes, trades, strategyFields, failures, outages,
                List.of());
    }

    /** Events per second of wall time in the event loop. */
    public double eventsPerSecond() {
        return simulationSeconds == 0 ? 0 : events / simulationSeconds;
    }
}
