package gridmarket.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * {@code summary.json}, the completion marker of a run folder, as written by every model (grid runs, Karatza's
 * fork-join system, IBTS); read and written only by {@link SummaryJson}. A block a model does not have is
 * {@code null} and left out of the file.
 *
 * @param experiment  the experiment's name
 * @param strategy    {@code local}, {@code jobsharing}, {@code multisite}, {@code market}, {@code forkjoin} or
 *                    {@code ibts}
 * @param policy      the local policy (or the model's own)
 * @param seed        the experiment's seed
 * @param policyParameters the parameters the policy ran with, its defaults or preset filled in (policies that take
 *                    parameters: SMART, PSRS, PFCFS)
 * @param workload    the jobs read: source, count and drops per reason (grid runs)
 * @param metrics     the model's metrics: SPEC R's ({@code RunMetrics}) for grid runs; names and values otherwise
 * @param market      the market's settings and economics (market runs)
 * @param failures    what node failures cost the run (runs with failures, docs/FAILURES.md)
 * @param strategyFields what the grid strategy and its roles report of themselves (extensions' own fields), if any
 * @param performance wall time and speed of the run (not part of the byte-identical results)
 * @param reproduce   what is needed to make the run again (grid runs)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunSummary(String experiment, String strategy, String policy, Long seed,
                         Map<String, Object> policyParameters, Workload workload,
                         Map<String, Object> metrics, Market market, Failures failures,
                         Map<String, Object> strategyFields, Performance performance, Reproduce reproduce) {

    /** The summary of a run without failures. */
    public RunSummary(String experiment, String strategy, String policy, Long seed,
                      Map<String, Object> policyParameters, Workload workload, Map<String, Object> metrics,
                      Market market, Map<String, Object> strategyFields, Performance performance,
                      Reproduce reproduce) {
        this(experiment, strategy, policy, seed, policyParameters, workload, metrics, market, null, strategyFields,
                performance, reproduce);
    }

    /**
     * What node failures cost a run: outages, attempts killed (each resubmitted), jobs killed at least once, work
     * lost (node-seconds), reservations broken and their summed delay (seconds), per machine the share of its
     * node-seconds in service over the run's span, and goodput (useful work over useful plus lost work); and, in
     * the market, {@code domainOutages}: what traders that could not be reached cost (docs/FAILURES.md). Without node
     * failures only {@code domainOutages} is given.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Failures(Integer outages, Long killed, Integer jobsKilled, Long lostNodeSeconds,
                           Long reservationsBroken, Long brokenDelaySeconds, Map<String, Double> availability,
                           Double goodput, Long checkpoint, Map<String, Object> domainOutages) {

        /** Node failures alone. */
        public Failures(Integer outages, Long killed, Integer jobsKilled, Long lostNodeSeconds,
                        Long reservationsBroken, Long brokenDelaySeconds, Map<String, Double> availability,
                        Double goodput, Long checkpoint) {
            this(outages, killed, jobsKilled, lostNodeSeconds, reservationsBroken, brokenDelaySeconds, availability,
                    goodput, checkpoint, null);
        }
    }

    /**
     * @param source  where the jobs came from, with the shaping applied
     * @param jobs    jobs simulated
     * @param dropped trace records dropped, per reason key
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Workload(String source, Integer jobs, Map<String, Integer> dropped) {
    }

    /**
     * The market's settings (mf to rescheduling) and economics (requests to workGini); see {@code docs/MARKET.md}.
     * {@code populations}: per user population (and {@code (none)} for users in none), who got what; only for runs
     * with populations.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Market(String mf, String uf, Integer nodeSets, Integer startTimes, Integer windows,
                         Integer offersPerMachine, Integer hops, String users, String coAllocation, Double overhead,
                         String rescheduling, Integer requests, Integer accepted, Integer coAllocated,
                         Double coAllocatedShare, Long offers, Long messages, Double offersPerRequest,
                         Double messagesPerRequest, Long swaps, Double meanPrice, Double meanUtility,
                         Distribution price, Distribution utility, Double welfare, Double revenue,
                         Map<String, Double> revenueByMachine, Double revenueGini, Double workGini,
                         Map<String, Population> populations, Economy economy) {

        /** The summary without economic measures, as every run without market.value or a mechanism of money. */
        public Market(String mf, String uf, Integer nodeSets, Integer startTimes, Integer windows,
                      Integer offersPerMachine, Integer hops, String users, String coAllocation, Double overhead,
                      String rescheduling, Integer requests, Integer accepted, Integer coAllocated,
                      Double coAllocatedShare, Long offers, Long messages, Double offersPerRequest,
                      Double messagesPerRequest, Long swaps, Double meanPrice, Double meanUtility,
                      Distribution price, Distribution utility, Double welfare, Double revenue,
                      Map<String, Double> revenueByMachine, Double revenueGini, Double workGini,
                      Map<String, Population> populations) {
            this(mf, uf, nodeSets, startTimes, windows, offersPerMachine, hops, users, coAllocation, overhead,
                    rescheduling, requests, accepted, coAllocated, coAllocatedShare, offers, messages, offersPerRequest,
                    messagesPerRequest, swaps, meanPrice, meanUtility, price, utility, welfare, revenue,
                    revenueByMachine, revenueGini, workGini, populations, null);
        }

        /** The summary without populations, as every run without them writes it. */
        public Market(String mf, String uf, Integer nodeSets, Integer startTimes, Integer windows,
                      Integer offersPerMachine, Integer hops, String users, String coAllocation, Double overhead,
                      String rescheduling, Integer requests, Integer accepted, Integer coAllocated,
                      Double coAllocatedShare, Long offers, Long messages, Double offersPerRequest,
                      Double messagesPerRequest, Long swaps, Double meanPrice, Double meanUtility,
                      Distribution price, Distribution utility, Double welfare, Double revenue,
                      Map<String, Double> revenueByMachine, Double revenueGini, Double workGini) {
            this(mf, uf, nodeSets, startTimes, windows, offersPerMachine, hops, users, coAllocation, overhead,
                    rescheduling, requests, accepted, coAllocated, coAllocatedShare, offers, messages, offersPerRequest,
                    messagesPerRequest, swaps, meanPrice, meanUtility, price, utility, welfare, revenue,
                    revenueByMachine, revenueGini, workGini, null);
        }
    }

    /**
     * One user population's share of a market run (docs/MARKET.md): its jobs, completed and rejected, the mean
     * waiting time of its completed jobs (seconds), the sum and mean of the prices it paid and of the utility values
     * it obtained (means {@code null} without an accepted offer). Summed over the populations, jobs, completed,
     * rejected, pricePaid and utility give the run's totals (jobs, completed, rejected, revenue, welfare).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Population(int jobs, int completed, int rejected, Double meanWait, double pricePaid,
                             Double meanPrice, double utility, Double meanUtility) {
    }

    /**
     * The economists' measures of a run whose jobs are worth money (docs/MECHANISMS.md): the value model's parameters
     * ({@code value}), the yield and its share of the upper bound, user and owner surplus (per owner too), Jain's
     * fairness of waits and of prices per node-second over the users, deadline and budget success rates, and the
     * jobs priced out; the volatility of the run's price per node-second per period (the mean posted price with
     * posted prices, else the mean price of the period's trades; the standard deviation of its log returns) and the
     * time it settled (seconds; -1: it did not). Fields without a value (no completed job, a bound of 0, fewer than
     * two periods of prices) are left out.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Economy(Map<String, Double> value, Integer jobs, Double yield, Double upperBound, Double yieldShare,
                          Double paid, Double userSurplus, Double ownerCost, Double ownerSurplus,
                          Map<String, Double> ownerSurplusByMachine, Double waitFairness, Double priceFairness,
                          Double deadlineSuccess, Double budgetSuccess, Integer pricedOut, Double priceVolatility,
                          Long priceSettleTime) {
        /** The measures of a run without a price series. */
        public Economy(Map<String, Double> value, Integer jobs, Double yield, Double upperBound, Double yieldShare,
                       Double paid, Double userSurplus, Double ownerCost, Double ownerSurplus,
                       Map<String, Double> ownerSurplusByMachine, Double waitFairness, Double priceFairness,
                       Double deadlineSuccess, Double budgetSuccess, Integer pricedOut) {
            this(value, jobs, yield, upperBound, yieldShare, paid, userSurplus, ownerCost, ownerSurplus,
                    ownerSurplusByMachine, waitFairness, priceFairness, deadlineSuccess, budgetSuccess, pricedOut,
                    null, null);
        }
    }

    /** Mean, median, 10th and 90th percentiles, minimum and maximum of accepted prices or utility values. */
    public record Distribution(double mean, double median, double p10, double p90, double min, double max) {
    }

    /**
     * @param loadSeconds       reading and shaping the workload
     * @param simulationSeconds the simulation itself
     * @param events            events the schedule ran
     * @param eventsPerSecond   events per second of simulation
     * @param peakHeapBytes     the JVM's peak heap use
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Performance(Double loadSeconds, Double simulationSeconds, Long events, Long eventsPerSecond,
                              Long peakHeapBytes) {
    }

    /**
     * @param experimentSha256 hash of the experiment as written to {@code experiment.yaml}
     * @param seed             the seed
     * @param gridmarket       gridmarket's version
     * @param java             the Java vendor and runtime version
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Reproduce(String experimentSha256, Long seed, String gridmarket, String java) {
    }
}
