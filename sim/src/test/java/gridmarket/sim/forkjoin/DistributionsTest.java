package gridmarket.sim.forkjoin;

import ec.util.MersenneTwisterFast;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workload distributions of seed 001 have the moments the paper asks for. */
class DistributionsTest {
    private static final int DRAWS = 400_000;

    @ParameterizedTest(name = "C = {0}")
    @ValueSource(doubles = {2, 4})
    void branchingErlangHasMeanXAndCoefficientOfVariationC(double cv) {
        MersenneTwisterFast r = new MersenneTwisterFast(3);
        double s = 0;
        double ss = 0;
        for (int i = 0; i < DRAWS; i++) {
            double d = ServiceDemand.BRANCHING_ERLANG.draw(r, 1.0, cv, false);
            s += d;
            ss += d * d;
        }
        double mean = s / DRAWS;
        double scv = (ss / DRAWS - mean * mean) / (mean * mean);
        assertEquals(1.0, mean, 0.02);
        // the second moment of a heavy branch converges slowly: 5 % on C^2
        assertEquals(cv * cv, scv, 0.05 * cv * cv);
    }

    @Test
    void exponentialHasCoefficientOfVariationOne() {
        MersenneTwisterFast r = new MersenneTwisterFast(5);
        double s = 0;
        double ss = 0;
        for (int i = 0; i < DRAWS; i++) {
            double d = ServiceDemand.VARYING.draw(r, 2.0, 4, false);
            s += d;
            ss += d * d;
        }
        double mean = s / DRAWS;
        assertEquals(2.0, mean, 0.03);
        assertEquals(1.0, (ss / DRAWS - mean * mean) / (mean * mean), 0.03);
    }

    @Test
    void boundedNormalStaysInRangeWithMeanEtaAndDeviationNearEtaOverFour() {
        MersenneTwisterFast r = new MersenneTwisterFast(7);
        double s = 0;
        double ss = 0;
        for (int i = 0; i < DRAWS; i++) {
            int k = Parallelism.NORMAL.draw(r, 16, false);
            assertTrue(k >= 1 && k <= 16, "in 1..16: " + k);
            s += k;
            ss += (double) k * k;
        }
        double mean = s / DRAWS;
        assertEquals(8.5, mean, 0.02);
        // rounding adds 1/12 to the variance: sqrt((8.5/4)^2 + 1/12) = 2.145
        assertEquals(2.145, Math.sqrt(ss / DRAWS - mean * mean), 0.02);
    }

    @Test
    void uniformParallelismCoversOneToP() {
        MersenneTwisterFast r = new MersenneTwisterFast(9);
        int[] seen = new int[17];
        for (int i = 0; i < 16_000; i++) {
            seen[Parallelism.VARYING.draw(r, 16, false)]++;
        }
        for (int k = 1; k <= 16; k++) {
            assertTrue(seen[k] > 850 && seen[k] < 1150, k + ": " + seen[k]);
        }
    }
}
