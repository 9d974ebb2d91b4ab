package gridmarket.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gridmarket.sim.workload.PoissonWorkloadGenerator.Parameters;
import gridmarket.sim.workload.PoissonWorkloadGenerator.ProcessorDistribution;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PoissonWorkloadGeneratorTest {

    private static Workload generate(Parameters p) {
        return new PoissonWorkloadGenerator(p).generate();
    }

    @Test
    void sameSeedGivesIdenticalWorkload() {
        Parameters p = PoissonWorkloadGenerator.builder().jobs(2000).load(0.8).seed(42).build();
        Workload a = generate(p);
        Workload b = generate(p);
        assertEquals(a.jobs(), b.jobs());
        assertEquals(a.header(), b.header());
        assertEquals(a.source(), b.source());
    }

    @Test
    void differentSeedGivesDifferentJobs() {
        Parameters p = PoissonWorkloadGenerator.builder().jobs(200).seed(1).build();
        List<Job> base = generate(p).jobs();
        assertNotEquals(base, generate(p.withSeed(2)).jobs());
        // seeds equal in their low 32 bits must still differ: MersenneTwisterFast(long) would ignore the high bits
        assertNotEquals(base, generate(p.withSeed(1 + (1L << 32))).jobs());
    }

    @Test
    void jobsAreNumberedInSubmissionOrderFromTimeZero() {
        Workload w = generate(PoissonWorkloadGenerator.builder().jobs(1000).seed(7).build());
        List<Job> jobs = w.jobs();
        assertEquals(1000, jobs.size());
        assertEquals(0, jobs.get(0).submit());
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            assertEquals(i + 1, j.id());
            assertEquals(i, j.order());
            assertEquals(1, j.status());
            assertEquals(-1, j.user());
            assertEquals(j.runTime(), j.estimate(), "exact estimates by default");
            assertEquals(j.estimate(), j.requestedTime());
            assertTrue(j.runTime() >= 1);
            assertTrue(j.nodes() >= 1 && j.nodes() <= 256);
            if (i > 0) {
                assertTrue(j.submit() >= jobs.get(i - 1).submit());
            }
        }
        assertEquals(jobs, SwfReader.inSubmissionOrder(jobs));
    }

    @Test
    void sourceAndHeaderDescribeTheGenerator() {
        Workload w = generate(PoissonWorkloadGenerator.builder().jobs(10).load(0.9).seed(3).build());
        assertEquals("poisson(jobs=10, nodes=256, load=0.9, meanRunTime=10.0, processors=uniform, "
                + "overEstimation=1.0, users=0, seed=3)", w.source());
        assertEquals("256", w.headerValue("MaxNodes"));
        assertEquals("256", w.headerValue("MaxProcs"));
        assertEquals("10", w.headerValue("MaxJobs"));
        assertTrue(w.header().stream().anyMatch(l -> l.contains(w.source())));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void uniformWorkloadHasTheRequestedLoadRunTimeAndProcessors(long seed) {
        double rho = 0.7;
        Parameters p = PoissonWorkloadGenerator.builder().jobs(20_000).nodes(256).load(rho).meanRunTime(10)
                .seed(seed).build();
        Stats s = Stats.of(generate(p).jobs(), 256);
        assertEquals(rho, s.load, 0.03 * rho, "offered load");
        assertEquals(10.0, s.meanRunTime, 0.03 * 10, "mean run time");
        assertEquals(128.5, s.meanNodes, 0.02 * 128.5, "mean processors");
        assertEquals(1, s.minNodes);
        assertEquals(256, s.maxNodes);
    }

    @Test
    void cenju3FrequenciesFollowTable2() {
        Parameters p = PoissonWorkloadGenerator.builder().jobs(20_000).nodes(8).load(0.6)
                .processors(ProcessorDistribution.CENJU3).seed(11).build();
        List<Job> jobs = generate(p).jobs();
        int[] count = new int[9];
        for (Job j : jobs) {
            count[j.nodes()]++;
        }
        for (int k = 1; k <= 8; k++) {
            double expected = PoissonWorkloadGenerator.CENJU3_RATIOS[k - 1];
            double sd = Math.sqrt(expected * (1 - expected) / jobs.size());
            assertEquals(expected, (double) count[k] / jobs.size(), 4 * sd, "P(p = " + k + ")");
        }
        assertEquals(0.6, Stats.of(jobs, 8).load, 0.03 * 0.6, "offered load");
    }

    @Test
    void processorMeansAreThoseOfFormula1() {
        assertEquals(128.5, ProcessorDistribution.UNIFORM.mean(256), 1e-9);
        assertEquals(4.5, ProcessorDistribution.UNIFORM.mean(8), 1e-9);
        // Table 2: sum k * ratio_k = 4.6256 over ratios summing to 0.9999
        assertEquals(4.6256 / 0.9999, ProcessorDistribution.CENJU3.mean(8), 1e-9);
        double total = 0;
        for (double q : ProcessorDistribution.CENJU3.probabilities(8)) {
            total += q;
        }
        assertEquals(1.0, total, 1e-12);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 1, 10, 32, 3600})
    void expectedRunTimeIsTheMeanOfTheRoundedDraws(double mean) {
        PoissonWorkloadGenerator g = new PoissonWorkloadGenerator(
                PoissonWorkloadGenerator.builder().meanRunTime(mean).build());
        double sum = 0;
        for (long k = 1; k < 200_000; k++) {
            double pk = Math.exp(-Math.max(0, k - 0.5) / mean) - Math.exp(-(k + 0.5) / mean);
            sum += k * pk;
        }
        // max(1, .) moves the mass of round(X) = 0 to 1
        sum += 1 - Math.exp(-0.5 / mean);
        assertEquals(sum, g.expectedRunTime(), 1e-9 * sum);
        assertEquals(0.5 * 256 / (128.5 * sum), g.arrivalRate(), 1e-12);
    }

    @Test
    void overEstimationRoundsUpInDecimal() {
        assertEquals(11, PoissonWorkloadGenerator.estimate(10, 1.1));
        assertEquals(11, PoissonWorkloadGenerator.estimate(7, 1.5));
        assertEquals(20, PoissonWorkloadGenerator.estimate(10, 2));
        Parameters p = PoissonWorkloadGenerator.builder().jobs(500).overEstimation(1.25).seed(5).build();
        for (Job j : generate(p).jobs()) {
            assertEquals((long) Math.ceil(j.runTime() * 1.25 - 1e-9), j.estimate());
            assertEquals(j.estimate(), j.requestedTime());
        }
        Parameters exact = PoissonWorkloadGenerator.builder().jobs(500).seed(5).build();
        assertEquals(generate(exact).jobs().stream().map(Job::runTime).toList(),
                generate(p).jobs().stream().map(Job::runTime).toList(),
                "the estimate model does not change the random stream");
    }

    @Test
    void usersCycleWhenAsked() {
        List<Job> jobs = generate(PoissonWorkloadGenerator.builder().jobs(25).users(10).build()).jobs();
        for (Job j : jobs) {
            assertEquals(1 + j.order() % 10, j.user());
        }
    }

    static Stream<Arguments> invalidParameters() {
        return Stream.of(
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().load(0).build(),
                        "load", "0.0"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().load(-0.5).build(),
                        "load", "-0.5"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().load(Double.NaN)
                        .build(), "load", "NaN"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().jobs(0).build(),
                        "jobs", "0"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().jobs(-3).build(),
                        "jobs", "-3"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().nodes(0).build(),
                        "nodes", "0"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().meanRunTime(0).build(),
                        "meanRunTime", "0.0"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().overEstimation(0.9)
                        .build(), "overEstimation", "0.9"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().users(-1).build(),
                        "users", "-1"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder()
                        .processors(ProcessorDistribution.CENJU3).build(), "cenju3", "nodes=256"),
                Arguments.of((Supplier<Parameters>) () -> PoissonWorkloadGenerator.builder().nodes(16)
                        .processors(ProcessorDistribution.CENJU3).build(), "cenju3", "nodes=16"));
    }

    @ParameterizedTest
    @MethodSource("invalidParameters")
    void invalidParametersAreRejectedByName(Supplier<Parameters> build, String name, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get);
        assertTrue(e.getMessage().contains(name) && e.getMessage().contains(value), e.getMessage());
    }

    /** Offered load {@code sum p*r / (m * span)}, mean run time and processor statistics of a job list. */
    private record Stats(double load, double meanRunTime, double meanNodes, int minNodes, int maxNodes) {
        static Stats of(List<Job> jobs, int m) {
            double area = 0;
            double run = 0;
            double nodes = 0;
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (Job j : jobs) {
                area += j.weight();
                run += j.runTime();
                nodes += j.nodes();
                min = Math.min(min, j.nodes());
                max = Math.max(max, j.nodes());
            }
            long span = jobs.get(jobs.size() - 1).submit() - jobs.get(0).submit();
            int n = jobs.size();
            return new Stats(area / ((double) m * span), run / n, nodes / n, min, max);
        }
    }
}
