package gridmarket.market;

import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The economists' measures of a market run whose jobs are worth money ({@link ValueModel}, docs/MECHANISMS.md).
 * A completed job realises its value at its completion, a rejected one nothing. The upper bound of the yield is every
 * job's value had it started at its submit time on the empty grid (completed at submit + run time): no schedule
 * realises more. A user's surplus is the value realised minus the price paid, an owner's its revenue minus its cost
 * ({@link ValueModel#cost}: a cost per node-second its machine ran). Fairness is Jain's index
 * {@code (sum x)^2 / (n sum x^2)} over the trace users (1: equal; 1/n: one user has all), of the mean wait of their
 * completed jobs and of the mean price per node-second they paid (over the accepted offers' planned areas).
 *
 * @param jobs                  jobs read
 * @param yield                 value realised by completed jobs
 * @param upperBound            the yield if every job completed at its submit time plus its run time
 * @param yieldShare            {@code yield / upperBound}; NaN if the bound is 0
 * @param paid                  price paid for all accepted offers (the market's revenue)
 * @param userSurplus           {@code yield - paid}
 * @param ownerCost             the owners' cost of the work their machines ran
 * @param ownerSurplus          revenue minus cost, over all owners
 * @param ownerSurplusByMachine each owner's revenue minus its cost, by machine name
 * @param waitFairness          Jain's index of the users' mean waits; NaN without a completed job
 * @param priceFairness         Jain's index of the users' mean prices per node-second; NaN without an accepted offer
 * @param deadlineSuccess       share of the jobs completed by their deadlines
 * @param budgetSuccess         share of the jobs completed at a price within their budgets
 * @param pricedOut             jobs rejected because their budgets left out offers the owners would have made
 *                              (cause over_budget)
 */
public record ValueEconomics(int jobs, double yield, double upperBound, double yieldShare, double paid,
                             double userSurplus, double ownerCost, double ownerSurplus,
                             Map<String, Double> ownerSurplusByMachine, double waitFairness, double priceFairness,
                             double deadlineSuccess, double budgetSuccess, int pricedOut) {

    /**
     * @param outcomes     every job's outcome (a co-allocated job has one per machine)
     * @param trades       the market's trade per job order
     * @param machineNames machine names by machine index
     */
    public static ValueEconomics of(List<JobOutcome> outcomes, Map<Integer, Trade> trades,
                                    List<String> machineNames, ValueModel model) {
        Map<Integer, JobOutcome> byJob = new TreeMap<>(); // one per job: parts of a co-allocated job end together
        double[] cost = new double[machineNames.size()];
        for (JobOutcome o : outcomes) {
            byJob.putIfAbsent(o.job().order(), o);
            if (o.completed()) {
                cost[machineNames.indexOf(o.machine())] += model.cost(o.nodeCount(), o.busyTime());
            }
        }
        double[] revenue = new double[machineNames.size()];
        double yield = 0;
        double bound = 0;
        double paid = 0;
        int inTime = 0;
        int inBudget = 0;
        int pricedOut = 0;
        Map<Integer, double[]> waits = new HashMap<>(); // user: sum, count
        Map<Integer, double[]> prices = new HashMap<>(); // user: price, node-seconds
        for (JobOutcome o : byJob.values()) {
            Job j = o.job();
            JobValue v = model.of(j);
            bound += v.at(j.submit() + j.runTime());
            Trade t = trades.get(j.order());
            Offer held = t == null ? null : t.accepted();
            if (held != null) {
                paid += held.jobCost();
                double area = 0;
                for (OfferPart p : held.parts()) {
                    revenue[p.machineIndex()] += p.price();
                    area += (double) p.placement().nodeCount() * (p.placement().end() - p.placement().start());
                }
                double[] pr = prices.computeIfAbsent(j.user(), u -> new double[2]);
                pr[0] += held.jobCost();
                pr[1] += area;
            }
            if (o.completed()) {
                yield += v.at(o.end());
                inTime += o.end() <= v.deadline() ? 1 : 0;
                inBudget += held == null || held.jobCost() <= v.budget() ? 1 : 0;
                double[] w = waits.computeIfAbsent(j.user(), u -> new double[2]);
                w[0] += o.waitTime();
                w[1]++;
            } else if (o.rejection() != null && o.rejection().reason() == RejectionReason.OVER_BUDGET) {
                pricedOut++;
            }
        }
        Map<String, Double> surplus = new LinkedHashMap<>();
        double costs = 0;
        for (int m = 0; m < cost.length; m++) {
            surplus.put(machineNames.get(m), revenue[m] - cost[m]);
            costs += cost[m];
        }
        int n = byJob.size();
        return new ValueEconomics(n, yield, bound, bound == 0 ? Double.NaN : yield / bound, paid, yield - paid,
                costs, paid - costs, surplus, jain(waits), jain(prices),
                n == 0 ? 0 : (double) inTime / n, n == 0 ? 0 : (double) inBudget / n, pricedOut);
    }

    /** Jain's index of each user's ratio {@code a / b}; NaN for no user, 1 when every ratio is 0. */
    private static double jain(Map<Integer, double[]> byUser) {
        double sum = 0;
        double squares = 0;
        int n = 0;
        for (double[] ab : byUser.values()) {
            double x = ab[1] == 0 ? 0 : ab[0] / ab[1];
            sum += x;
            squares += x * x;
            n++;
        }
        return jain(n, sum, squares);
    }

    /** Jain's index from the count, sum and sum of squares of non-negative values. */
    static double jain(int n, double sum, double squares) {
        if (n == 0) {
            return Double.NaN;
        }
        return squares == 0 ? 1 : sum * sum / (n * squares);
    }

    /** Jain's fairness index of non-negative values: 1 when all are equal, 1/n when one has all. */
    public static double jain(double[] values) {
        double sum = 0;
        double squares = 0;
        for (double x : values) {
            sum += x;
            squares += x * x;
        }
        return jain(values.length, sum, squares);
    }
}
