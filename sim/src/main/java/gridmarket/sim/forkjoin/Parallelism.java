package gridmarket.sim.forkjoin;

import ec.util.MersenneTwisterFast;

/**
 * The number of tasks a job forks into (seed 001, Sect. 2.1.1) on P processors, mean {@code eta = (1 + P) / 2}.
 *
 * <p>The "bounded" normal has mean eta and standard deviation eta / 4; the paper does not say how it is bounded. Here
 * a draw is rounded to the nearest integer and drawn again while outside {@code [1, P]}; the bounds lie 4 standard
 * deviations from the mean minus one half, and the cut is symmetric, so the mean stays eta.
 */
public enum Parallelism {
    /** The paper's workload: uniform and bounded normal alternating at exponential epochs of mean d. */
    VARYING,
    /** Uniform on 1..P. */
    UNIFORM,
    /** Bounded normal on 1..P. */
    NORMAL,
    /** One task per job: the closed network is then product-form (tests against mean-value analysis). */
    ONE;

    /** A task count for a job forked while the varying distribution is normal ({@code normalNow}) or uniform. */
    int draw(MersenneTwisterFast random, int processors, boolean normalNow) {
        return switch (this) {
            case ONE -> 1;
            case UNIFORM -> 1 + random.nextInt(processors);
            case NORMAL -> boundedNormal(random, processors);
            case VARYING -> normalNow ? boundedNormal(random, processors) : 1 + random.nextInt(processors);
        };
    }

    private static int boundedNormal(MersenneTwisterFast random, int processors) {
        double eta = (1 + processors) / 2.0;
        while (true) {
            long k = Math.round(eta + eta / 4 * random.nextGaussian());
            if (k >= 1 && k <= processors) {
                return (int) k;
            }
        }
    }
}
