package gridmarket.sim.ibts;

import ec.util.MersenneTwisterFast;

import java.util.ArrayList;
import java.util.List;

/**
 * The job set of seed 002, Sect. 4: {@code classes x jobsPerClass} jobs, taken one class after the other (round
 * robin, "one job per class"), arriving as a Poisson stream of {@code arrivalsPerSlice}; a job arriving during a
 * slice may run from the next slice on (the first at slice 0). Thread lengths are exponential with mean
 * {@code meanLength} instructions, rounded up. Each job gets its own communication stream seed.
 * The same parameters and seed give the same fresh jobs, so each scheduler runs its own copy of one job set.
 */
public final class IbtsWorkload {
    private IbtsWorkload() {
    }

    /** The jobs, in arrival order, seeded by {@code seed}. */
    public static List<IbtsJob> generate(IbtsParameters p, long seed) {
        MersenneTwisterFast random = new MersenneTwisterFast(new int[] {(int) seed, (int) (seed >>> 32)});
        List<IbtsJob> jobs = new ArrayList<>();
        double t = 0;
        int n = p.classes() * p.jobsPerClass();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                t += -Math.log(1 - random.nextDouble()) / p.arrivalsPerSlice();
            }
            long length = Math.max(1, (long) Math.ceil(-p.meanLength() * Math.log(1 - random.nextDouble())));
            jobs.add(new IbtsJob(i + 1, p.threads(1 + i % p.classes()), (long) Math.ceil(t), length,
                    random.nextLong()));
        }
        return jobs;
    }
}
