package gridmarket.market;

import gridmarket.sim.workload.Job;

import java.util.SplittableRandom;

/**
 * How a run gives each job of the trace its value function, budget and deadline ({@link JobValue}), from documented
 * parameters and the experiment's seed (docs/MECHANISMS.md). With the job's area {@code A = nodes x estimate}
 * (node-seconds) and {@code u} drawn uniformly from [-1, 1] per job:
 * <ul>
 * <li>value {@code V = perNodeSecond x A x (1 + spread x u)};</li>
 * <li>the whole value is kept up to a response of {@code expected x estimate}, and lost linearly over a further
 * {@code decay x estimate} seconds, down to a floor of {@code floor x V} (floor <= 0);</li>
 * <li>deadline {@code = submit + deadline x estimate}, budget {@code = budget x V}.</li>
 * </ul>
 * Each job's draw depends on the seed and the job's position in the workload only, so a job has the same value in
 * every mechanism run on the same workload and seed. {@code ownerCost} is every machine owner's cost per
 * node-second its machine runs a job: an owner's surplus is its revenue minus that cost.
 *
 * @param perNodeSecond value per node-second of a job's area
 * @param spread        relative spread of values, in [0, 1]
 * @param expected      response, in estimates, up to which a job keeps its whole value
 * @param decay         further response, in estimates, over which the value falls to 0
 * @param floor         the least value, as a share of V, at most 0
 * @param deadline      deadline factor k: deadline = submit + k x estimate
 * @param budget        budget factor b: budget = b x V
 * @param ownerCost     an owner's cost per node-second run
 * @param seed          the experiment's seed
 */
public record ValueModel(double perNodeSecond, double spread, double expected, double decay, double floor,
                         double deadline, double budget, double ownerCost, long seed) {

    /** The job's value function, budget and deadline. */
    public JobValue of(Job job) {
        // one generator per job, keyed by the seed and the job's position: independent of which jobs were asked before
        double u = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + job.order()).nextDouble(-1, 1);
        double area = (double) job.nodes() * job.estimate();
        double v = perNodeSecond * area * (1 + spread * u);
        long est = Math.max(1, job.estimate());
        return new JobValue(v, job.submit(), (long) Math.ceil(expected * est), decay * est, floor * v,
                budget * v, job.submit() + (long) Math.ceil(deadline * est));
    }

    /** An owner's cost of running {@code nodes} nodes for {@code seconds}. */
    public double cost(int nodes, long seconds) {
        return ownerCost * nodes * seconds;
    }
}
