package gridmarket.market;

import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Who got what, per user population (issue 14): jobs, completed and rejected, mean waiting time, the price paid and
 * the utility obtained. Each job counts once (a co-allocated job's parts are one job), in the population of its user,
 * so the populations' counts, prices and utilities add up to the run's totals (jobs, completed, rejected, revenue,
 * welfare), and their waiting times, weighted by completed jobs, to the run's mean wait.
 *
 * @param jobs        jobs of the population
 * @param completed   of which completed
 * @param rejected    of which rejected
 * @param meanWait    mean of start - submit over completed jobs, seconds; NaN if none completed
 * @param pricePaid   sum of the accepted offers' JobCost (the revenue these users paid)
 * @param meanPrice   mean JobCost of the accepted offers; NaN if none
 * @param utility     sum of the accepted offers' utility values (these users' welfare)
 * @param meanUtility mean utility value of the accepted offers; NaN if none
 */
public record PopulationResults(int jobs, int completed, int rejected, double meanWait, double pricePaid,
                                double meanPrice, double utility, double meanUtility) {

    /** The key of the users who belong to no population (no population's name can have parentheses). */
    public static final String NONE = "(none)";

    /**
     * The results per population, in the order {@code names} gives, then {@link #NONE} if some job's user is in no
     * population; a population without jobs is listed with zeros.
     *
     * @param outcomes   one per job, or one per part
     * @param trades     the market's trade per job order
     * @param population the population of a job's user, or {@code null}
     */
    public static Map<String, PopulationResults> of(List<JobOutcome> outcomes, Map<Integer, Trade> trades,
                                                    List<String> names, Function<Job, String> population) {
        Map<String, Sums> sums = new LinkedHashMap<>();
        names.forEach(n -> sums.put(n, new Sums()));
        Map<Integer, Boolean> seen = new LinkedHashMap<>();
        for (JobOutcome o : outcomes) {
            if (seen.putIfAbsent(o.job().order(), true) != null) {
                continue; // another part of a co-allocated job
            }
            String name = population.apply(o.job());
            Sums s = sums.computeIfAbsent(name == null ? NONE : name, n -> new Sums());
            s.jobs++;
            if (o.completed()) {
                s.completed++;
                s.wait += o.waitTime();
            }
            Trade t = trades.get(o.job().order());
            if (t != null && t.accepted() != null) {
                s.accepted++;
                s.price += t.price();
                s.utility += t.utility();
            }
        }
        Map<String, PopulationResults> out = new LinkedHashMap<>();
        sums.forEach((n, s) -> out.put(n, new PopulationResults(s.jobs, s.completed, s.jobs - s.completed,
                s.completed == 0 ? Double.NaN : s.wait / s.completed, s.price,
                s.accepted == 0 ? Double.NaN : s.price / s.accepted, s.utility,
                s.accepted == 0 ? Double.NaN : s.utility / s.accepted)));
        return out;
    }

    private static final class Sums {
        int jobs;
        int completed;
        int accepted;
        double wait;
        double price;
        double utility;
    }
}
