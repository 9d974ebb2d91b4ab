package gridmarket.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ec.util.MersenneTwisterFast;
import gridmarket.sim.workload.ProbabilisticWorkloadModel.Bin;
import gridmarket.sim.workload.ProbabilisticWorkloadModel.WeibullFit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProbabilisticWorkloadModelTest {

    private static double[] weibullSamples(double shape, double scale, int n, long seed) {
        MersenneTwisterFast r = new MersenneTwisterFast(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = scale * Math.pow(-Math.log(1 - r.nextDouble()), 1 / shape);
        }
        return x;
    }

    @ParameterizedTest
    @CsvSource({"0.5, 190, 1", "0.7, 500, 2", "1.5, 3600, 3", "3.0, 20, 4"})
    void maximumLikelihoodRecoversKnownParameters(double shape, double scale, long seed) {
        double[] x = weibullSamples(shape, scale, 50_000, seed);
        WeibullFit plain = ProbabilisticWorkloadModel.fitWeibull(x);
        assertEquals(shape, plain.shape(), 0.02 * shape, "shape");
        assertEquals(scale, plain.scale(), 0.03 * scale, "scale");
        WeibullFit withMean = ProbabilisticWorkloadModel.fitWeibullWithMean(x);
        assertEquals(shape, withMean.shape(), 0.03 * shape, "mean-constrained shape");
        assertEquals(scale, withMean.scale(), 0.03 * scale, "mean-constrained scale");
        double mean = 0;
        for (double v : x) {
            mean += v / x.length;
        }
        assertEquals(mean, withMean.mean(), 1e-9 * mean, "the constrained fit keeps the sample mean");
        // the plain fit maximises the likelihood: the constrained one cannot beat it, nor can nearby parameters
        double best = plain.logLikelihood(x);
        assertTrue(best >= withMean.logLikelihood(x) - 1e-6);
        assertTrue(best > new WeibullFit(plain.shape() * 1.01, plain.scale()).logLikelihood(x));
        assertTrue(best > new WeibullFit(plain.shape() * 0.99, plain.scale()).logLikelihood(x));
        assertTrue(best > new WeibullFit(plain.shape(), plain.scale() * 1.01).logLikelihood(x));
        assertTrue(best > new WeibullFit(plain.shape(), plain.scale() * 0.99).logLikelihood(x));
    }

    @Test
    void exponentialSamplesGiveShapeOne() {
        MersenneTwisterFast r = new MersenneTwisterFast(99);
        double[] x = new double[50_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = -300 * Math.log(1 - r.nextDouble());
        }
        WeibullFit plain = ProbabilisticWorkloadModel.fitWeibull(x);
        assertEquals(1, plain.shape(), 0.02);
        assertEquals(300, plain.scale(), 0.03 * 300);
        assertEquals(1, ProbabilisticWorkloadModel.fitWeibullWithMean(x).shape(), 0.02);
    }

    @Test
    void fitsMatchAnIndependentSolver() {
        // expected values from scipy 1.17: brentq on the shape equation, bounded minimisation of the profile
        double[] x = {0.5, 1, 2, 3, 4, 5, 10, 20, 45, 120};
        WeibullFit plain = ProbabilisticWorkloadModel.fitWeibull(x);
        assertEquals(0.6234859625286729, plain.shape(), 1e-10);
        assertEquals(13.843618326605643, plain.scale(), 1e-8);
        WeibullFit withMean = ProbabilisticWorkloadModel.fitWeibullWithMean(x);
        assertEquals(0.6198034278189068, withMean.shape(), 1e-7);
        assertEquals(14.575930432951562, withMean.scale(), 1e-5);
        assertEquals(-38.01066182445119, new WeibullFit(0.7, 15).logLikelihood(x), 1e-9);
    }

    @Test
    void weibullMeanUsesTheGammaFunction() {
        assertEquals(190, new WeibullFit(1, 190).mean(), 1e-9);
        assertEquals(2 * 190, new WeibullFit(0.5, 190).mean(), 1e-9);
        assertEquals(6 * 190, new WeibullFit(1.0 / 3, 190).mean(), 1e-9);
        assertEquals(190 * Math.sqrt(Math.PI) / 2, new WeibullFit(2, 190).mean(), 1e-9);
    }

    @Test
    void invalidInputIsRejectedNamingTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProbabilisticWorkloadModel.fitWeibull(new double[] {1, 0, 2}));
        assertTrue(e.getMessage().contains("samples[1] was 0.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProbabilisticWorkloadModel.fitWeibull(new double[] {5}));
        e = assertThrows(IllegalArgumentException.class,
                () -> ProbabilisticWorkloadModel.fitWeibull(new double[] {7, 7, 7}));
        assertTrue(e.getMessage().contains("all were 7.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ProbabilisticWorkloadModel.fitWeibullWithMean(new double[] {1, Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> new WeibullFit(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new WeibullFit(1, Double.POSITIVE_INFINITY));

        e = assertThrows(IllegalArgumentException.class,
                () -> ProbabilisticWorkloadModel.fit(trace(List.of(job(1, 0, 10, 20, 4)))));
        assertTrue(e.getMessage().contains("has 1"), e.getMessage());
        // every gap zero or all positive gaps equal: no Weibull to fit
        assertThrows(IllegalArgumentException.class, () -> ProbabilisticWorkloadModel.fit(
                trace(List.of(job(1, 0, 10, 20, 4), job(2, 0, 10, 20, 4), job(3, 0, 10, 20, 4)))));
        assertThrows(IllegalArgumentException.class, () -> ProbabilisticWorkloadModel.fit(
                trace(List.of(job(1, 0, 10, 20, 4), job(2, 60, 10, 20, 4), job(3, 120, 10, 20, 4)))));

        ProbabilisticWorkloadModel m = ProbabilisticWorkloadModel.fit(smallTrace());
        e = assertThrows(IllegalArgumentException.class, () -> m.generate(0, 1));
        assertEquals("jobs must be > 0, was 0", e.getMessage());
    }

    private static Job job(long id, long submit, long runTime, long estimate, int nodes) {
        return new Job(id, (int) id - 1, submit, runTime, estimate, nodes, 3, 1, estimate);
    }

    private static Workload trace(List<Job> jobs) {
        return new Workload("test.swf", List.of("MaxNodes: 64"), jobs, Map.of());
    }

    /** 2,000 jobs with Weibull-like gaps, some zero, and a few processor/time classes. */
    private static Workload smallTrace() {
        MersenneTwisterFast r = new MersenneTwisterFast(5);
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        int[] widths = {1, 2, 3, 4, 8, 13, 16, 32, 64};
        for (int i = 0; i < 2000; i++) {
            if (i > 0 && r.nextDouble() >= 0.05) {
                t += Math.max(1, Math.round(200 * Math.pow(-Math.log(1 - r.nextDouble()), 1 / 0.6)));
            }
            int nodes = widths[r.nextInt(widths.length)];
            long run = 1 + r.nextInt(nodes * 600);
            long est = run + r.nextInt(7200);
            jobs.add(job(i + 1, t, run, est, nodes));
        }
        return trace(jobs);
    }

    @Test
    void zeroGapsArePointMassAndTheMeanGapIsTheTraces() {
        Workload w = smallTrace();
        List<Job> jobs = w.jobs();
        int zeros = 0;
        for (int i = 1; i < jobs.size(); i++) {
            zeros += jobs.get(i).submit() == jobs.get(i - 1).submit() ? 1 : 0;
        }
        assertTrue(zeros > 50, "the test trace has zero gaps");
        ProbabilisticWorkloadModel m = ProbabilisticWorkloadModel.fit(w);
        assertEquals((double) zeros / (jobs.size() - 1), m.zeroGapProbability(), 1e-12);
        long span = jobs.get(jobs.size() - 1).submit() - jobs.get(0).submit();
        assertEquals(span, m.traceSpan());
        assertEquals(2000, m.traceJobs());
        assertEquals("test.swf", m.traceSource());
        assertEquals((double) span / (jobs.size() - 1), m.meanInterArrival(), 1e-9 * span);
        assertEquals(m.weibullShape(), m.weibull().shape());
        assertEquals(m.weibullScale(), m.weibull().scale());
    }

    @Test
    void binsPartitionTheTraceIntoClassesAndOctaves() {
        Workload w = smallTrace();
        ProbabilisticWorkloadModel m = ProbabilisticWorkloadModel.fit(w);
        double total = 0;
        int jobs = 0;
        for (Bin b : m.bins()) {
            total += b.probability();
            jobs += b.jobs();
            assertEquals((double) b.jobs() / 2000, b.probability(), 1e-15);
            assertEquals(b.jobs(), b.nodeValues().size());
            for (int n : b.nodeValues()) {
                assertTrue(n >= b.nodesLow() && n <= b.nodesHigh(), b + ": " + n);
            }
            for (long e : b.estimateValues()) {
                assertTrue(e >= b.estimateLow() && e <= b.estimateHigh(), b + ": " + e);
            }
            for (long t : b.runTimeValues()) {
                assertTrue(t >= b.runTimeLow() && t <= b.runTimeHigh(), b + ": " + t);
            }
        }
        assertEquals(1, total, 1e-12);
        assertEquals(2000, jobs);
        // classes as TraceStatistics buckets: 1, 2, 3-4, 5-8, 9-16, ...
        assertEquals(0, ProbabilisticWorkloadModel.processorClass(1));
        assertEquals(1, ProbabilisticWorkloadModel.processorClass(2));
        assertEquals(2, ProbabilisticWorkloadModel.processorClass(3));
        assertEquals(2, ProbabilisticWorkloadModel.processorClass(4));
        assertEquals(3, ProbabilisticWorkloadModel.processorClass(5));
        assertEquals(9, ProbabilisticWorkloadModel.processorClass(336));
        assertEquals(0, ProbabilisticWorkloadModel.octave(1));
        assertEquals(11, ProbabilisticWorkloadModel.octave(3600));
        double p13 = 0;
        for (Job j : w.jobs()) {
            p13 += j.nodes() == 13 ? 1.0 / 2000 : 0;
        }
        assertEquals(p13, m.processorProbabilities().get(13), 1e-12);
    }

    @Test
    void generatedJobsAreWellFormed() {
        Workload trace = smallTrace();
        ProbabilisticWorkloadModel m = ProbabilisticWorkloadModel.fit(trace);
        Set<Integer> widths = new HashSet<>();
        Set<Long> estimates = new HashSet<>();
        Set<Long> runTimes = new HashSet<>();
        for (Job j : trace.jobs()) {
            widths.add(j.nodes());
            estimates.add(j.estimate());
            runTimes.add(j.runTime());
        }
        Workload w = m.generate(3000, 17);
        List<Job> jobs = w.jobs();
        assertEquals(3000, jobs.size());
        assertEquals(0, jobs.get(0).submit());
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            assertEquals(i + 1, j.id());
            assertEquals(i, j.order());
            assertEquals(1, j.status());
            assertEquals(-1, j.user());
            assertEquals(j.estimate(), j.requestedTime());
            assertTrue(j.estimate() >= j.runTime());
            assertTrue(widths.contains(j.nodes()), "processor count from the trace: " + j.nodes());
            assertTrue(runTimes.contains(j.runTime()), "run time from the trace: " + j.runTime());
            assertTrue(estimates.contains(j.estimate()) || j.estimate() == j.runTime());
            if (i > 0) {
                assertTrue(j.submit() >= jobs.get(i - 1).submit());
            }
        }
        assertEquals(jobs, SwfReader.inSubmissionOrder(jobs));
        assertEquals("probabilistic(fit=test.swf, jobs=3000, seed=17)", w.source());
        assertEquals("64", w.headerValue("MaxNodes"));
        assertEquals("3000", w.headerValue("MaxJobs"));
        assertTrue(w.header().stream().anyMatch(l -> l.contains(w.source())));
        assertTrue(w.header().stream().anyMatch(l -> l.contains("Weibull(shape=")));
        // new combinations, not a copy of the trace: some generated job matches no trace job
        Set<List<Long>> traceTriples = new HashSet<>();
        for (Job j : trace.jobs()) {
            traceTriples.add(List.of((long) j.nodes(), j.estimate(), j.runTime()));
        }
        assertTrue(jobs.stream().anyMatch(j -> !traceTriples.contains(List.of((long) j.nodes(), j.estimate(),
                j.runTime()))));
    }

    @Test
    void sameSeedGivesIdenticalWorkloadAndDifferentSeedsDiffer() {
        ProbabilisticWorkloadModel m = ProbabilisticWorkloadModel.fit(smallTrace());
        Workload a = m.generate(1000, 42);
        Workload b = ProbabilisticWorkloadModel.fit(smallTrace()).generate(1000, 42);
        assertEquals(a.jobs(), b.jobs());
        assertEquals(a.header(), b.header());
        assertEquals(a.source(), b.source());
        assertNotEquals(a.jobs(), m.generate(1000, 43).jobs());
        // seeds equal in their low 32 bits must still differ
        assertNotEquals(a.jobs(), m.generate(1000, 42 + (1L << 32)).jobs());
    }

    @Test
    void ctcModelReproducesTheTrace(@TempDir Path dir) throws IOException {
        Path file = SharedFolder.dir().resolve("data").resolve("traces").resolve("CTC-SP2-1996-3.1-cln.swf.gz");
        SharedFolder.require(Files.isRegularFile(file), "CTC trace not found: " + file);
        Workload trace = new SwfReader().read(file);
        ProbabilisticWorkloadModel m = ProbabilisticWorkloadModel.fit(trace);

        // reference values from an independent fit (scipy 1.17) of the same gaps
        assertEquals(77205, m.traceJobs());
        assertEquals(0.5113850707011585, m.maximumLikelihoodWeibull().shape(), 1e-4);
        assertEquals(178.7616612994599, m.maximumLikelihoodWeibull().scale(), 0.05);
        assertEquals(0.5044273237978216, m.weibullShape(), 1e-4);
        assertEquals(194.09742457434112, m.weibullScale(), 0.05);
        assertEquals(0.006489301072483291, m.zeroGapProbability(), 1e-9);

        Workload w = m.generate(10_000, 1);
        Stats t = Stats.of(trace.jobs());
        Stats g = Stats.of(w.jobs());
        System.out.printf(Locale.ROOT, "CTC fit: shape %.4f scale %.2f s (plain ML %.4f, %.2f s), p0 %.5f, %d bins%n",
                m.weibullShape(), m.weibullScale(), m.maximumLikelihoodWeibull().shape(),
                m.maximumLikelihoodWeibull().scale(), m.zeroGapProbability(), m.bins().size());
        System.out.println("CTC trace:     " + t);
        System.out.println("CTC generated: " + g);

        assertEquals(t.meanGap, g.meanGap, 0.10 * t.meanGap, "mean inter-arrival");
        assertEquals(t.meanNodes, g.meanNodes, 0.10 * t.meanNodes, "mean processors");
        assertEquals(t.powerOfTwo, g.powerOfTwo, 0.05, "share of power-of-two processor counts");
        assertEquals(t.meanRunTime, g.meanRunTime, 0.15 * t.meanRunTime, "mean run time");
        assertEquals(t.meanAccuracy, g.meanAccuracy, 0.10 * t.meanAccuracy, "mean run time / estimate");
        for (Job j : w.jobs()) {
            assertTrue(j.estimate() >= j.runTime(), "job " + j.id());
        }

        Path out = dir.resolve("ctc-synthetic.swf");
        SwfWriter.write(out, w);
        Workload back = new SwfReader().read(out);
        assertEquals(w.jobs(), back.jobs());
        assertEquals(w.header(), back.header());
        assertEquals(w.source(), back.headerValue("Note").replace("generated by gridmarket ", ""));
    }

    /** The figures compared between trace and generated workload. */
    private record Stats(double meanGap, double meanNodes, double powerOfTwo, double meanRunTime,
                         double meanAccuracy) {
        static Stats of(List<Job> jobs) {
            double nodes = 0;
            double pow2 = 0;
            double run = 0;
            double acc = 0;
            for (Job j : jobs) {
                nodes += j.nodes();
                pow2 += Integer.bitCount(j.nodes()) == 1 ? 1 : 0;
                run += j.runTime();
                acc += (double) j.runTime() / j.estimate();
            }
            int n = jobs.size();
            double gap = (double) (jobs.get(n - 1).submit() - jobs.get(0).submit()) / (n - 1);
            return new Stats(gap, nodes / n, pow2 / n, run / n, acc / n);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "mean gap %.1f s, mean nodes %.3f, powers of two %.4f, "
                    + "mean run time %.0f s, mean accuracy %.4f", meanGap, meanNodes, powerOfTwo, meanRunTime,
                    meanAccuracy);
        }
    }
}
