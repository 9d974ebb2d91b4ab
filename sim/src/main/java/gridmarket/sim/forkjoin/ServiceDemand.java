package gridmarket.sim.forkjoin;

import ec.util.MersenneTwisterFast;

/**
 * Task service demand with mean x (seed 001, Sect. 2.1.2): exponential (coefficient of variation 1) or branching
 * Erlang with coefficient of variation C &gt; 1, or the two alternating at exponential epochs of mean e.
 *
 * <p>The paper cites Bolch et al. for the branching Erlang but gives no parameters. Here it is the two-stage branching
 * form fitted by its first two moments (Bolch et al., Sect. 1.3; Marie's fit): a first exponential stage of mean
 * x/2, after which the task ends with probability {@code 1 - q} or goes on to a second exponential stage of mean
 * {@code x C^2}, with {@code q = 1 / (2 C^2)}. Its mean is x and its squared coefficient of variation C^2 (tested).
 */
public enum ServiceDemand {
    /** The paper's workload: exponential and branching Erlang alternating. */
    VARYING,
    /** Exponential. */
    EXPONENTIAL,
    /** Branching Erlang with coefficient of variation C. */
    BRANCHING_ERLANG;

    /** A demand with mean {@code mean}, branching-Erlang coefficient of variation {@code cv} where it applies. */
    double draw(MersenneTwisterFast random, double mean, double cv, boolean branchingNow) {
        boolean branching = this == BRANCHING_ERLANG || (this == VARYING && branchingNow);
        if (!branching) {
            return exponential(random, mean);
        }
        double c2 = cv * cv;
        double d = exponential(random, mean / 2);
        if (random.nextDouble() < 1 / (2 * c2)) {
            d += exponential(random, mean * c2);
        }
        return d;
    }

    /** An exponential draw with the given mean; {@code 1 - u} lies in (0, 1], so the logarithm is finite. */
    static double exponential(MersenneTwisterFast random, double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }
}
