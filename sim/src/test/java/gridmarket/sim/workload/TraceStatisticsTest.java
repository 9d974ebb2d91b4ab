package gridmarket.sim.workload;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceStatisticsTest {

    private static final double EPS = 1e-12;

    /** Builds a workload from {submit, runTime, estimate, nodes, user} rows already in submit order. */
    private static Workload workload(long[]... rows) {
        return workload(Map.of(), rows);
    }

    private static Workload workload(Map<DropReason, Integer> drops, long[]... rows) {
        List<Job> jobs = new ArrayList<>();
        for (long[] r : rows) {
            jobs.add(new Job(jobs.size() + 1, jobs.size(), r[0], r[1], r[2], (int) r[3], (int) r[4], 1, r[2]));
        }
        return new Workload("hand-made", List.of(), jobs, drops);
    }

    private static long[] job(long submit, long runTime, long estimate, int nodes) {
        return new long[] {submit, runTime, estimate, nodes, 1};
    }

    @Test
    void processorHistogramUsesPowerOfTwoBuckets() {
        TraceStatistics s = TraceStatistics.of(workload(job(0, 10, 10, 1), job(0, 10, 10, 2), job(0, 10, 10, 3),
                job(0, 10, 10, 4), job(0, 10, 10, 5), job(0, 10, 10, 8), job(0, 10, 10, 9)), 16);

        List<TraceStatistics.Bucket> h = s.processors();
        assertEquals(List.of("1", "2", "3-4", "5-8", "9-16"), h.stream().map(TraceStatistics.Bucket::label).toList());
        assertEquals(List.of(1, 1, 2, 2, 1), h.stream().map(TraceStatistics.Bucket::jobs).toList());
        assertEquals(2.0 / 7, h.get(2).jobShare(), EPS);
        // areas 10, 20, 30+40, 50+80, 90 of 320 node-seconds
        assertEquals(70.0 / 320, h.get(2).areaShare(), EPS);
        assertEquals(130.0 / 320, h.get(3).areaShare(), EPS);
        assertEquals(90.0 / 320, h.get(4).areaShare(), EPS);
        assertEquals(320.0, s.area(), EPS);
    }

    @Test
    void bucketEdgesAreInclusiveAbove() {
        assertEquals(0, TraceStatistics.bucket(1));
        assertEquals(4, TraceStatistics.bucket(16));
        assertEquals(5, TraceStatistics.bucket(17));
        assertEquals(31, TraceStatistics.bucket(Integer.MAX_VALUE));
    }

    @Test
    void histogramKeepsEmptyBucketsBelowTheWidestJob() {
        TraceStatistics s = TraceStatistics.of(workload(job(0, 10, 10, 1), job(0, 10, 10, 100)), 128);

        assertEquals(8, s.processors().size());
        assertEquals("65-128", s.processors().get(7).label());
        assertEquals(0, s.processors().get(3).jobs());
    }

    @Test
    void offeredLoadUsesTheSpanToTheLastEnd() {
        // ends at 1100, 1210, 1150: the span to the last end is 210 s, not the 100 s between submits
        TraceStatistics s = TraceStatistics.of(workload(job(1000, 100, 100, 2), job(1010, 200, 300, 4),
                job(1100, 50, 60, 10)), 8);

        assertEquals(1000, s.firstSubmit());
        assertEquals(1100, s.lastSubmit());
        assertEquals(100, s.span());
        assertEquals(1210, s.lastEnd());
        assertEquals(210, s.spanToLastEnd());
        assertEquals(1500.0, s.area(), EPS);
        assertEquals(1500.0 / (8 * 210), s.offeredLoad(), EPS);
        assertEquals(1, s.widerThanMachine());
        assertEquals(50.0, s.interArrival().mean(), EPS);
        assertEquals(10, s.interArrival().median());
    }

    @Test
    void percentilesAreNearestRank() {
        long[] runs = {70, 10, 100, 40, 20, 90, 30, 60, 50, 80};
        long[][] rows = new long[runs.length][];
        for (int i = 0; i < runs.length; i++) {
            rows[i] = job(i, runs[i], 3 * runs[i], 1);
        }
        TraceStatistics s = TraceStatistics.of(workload(rows), 1);

        // ranks ceil(p/100 * 10): 1, 3, 5, 8, 9, 10; interpolation would give 32.5 for p25 and 55 for the median
        assertEquals(new TraceStatistics.Distribution(10, 10, 30, 50, 80, 90, 100, 100, 55.0), s.runTime());
        assertEquals(new TraceStatistics.Distribution(30, 30, 90, 150, 240, 270, 300, 300, 165.0), s.estimate());
    }

    @Test
    void percentilesRoundTheRankUp() {
        long[] runs = {5, 2, 7, 1, 6, 3, 4};
        long[][] rows = new long[runs.length][];
        for (int i = 0; i < runs.length; i++) {
            rows[i] = job(i, runs[i], runs[i], 1);
        }
        TraceStatistics s = TraceStatistics.of(workload(rows), 1);

        // of 7 values p25, p75, p90 have ranks 1.75, 5.25, 6.3: rounding to nearest would give 2, 5, 6
        assertEquals(new TraceStatistics.Distribution(1, 1, 2, 4, 6, 7, 7, 7, 4.0), s.runTime());
    }

    @Test
    void accuracySharesAndPercentiles() {
        // accuracies 1, 0.5, 0.1 (not below a tenth), 0.09, 0.001
        TraceStatistics s = TraceStatistics.of(workload(job(0, 10, 10, 1), job(1, 5, 10, 1), job(2, 1, 10, 1),
                job(3, 9, 100, 1), job(4, 1, 1000, 1)), 1);

        TraceStatistics.Accuracy a = s.accuracy();
        assertEquals(0.2, a.exactShare(), EPS);
        assertEquals(0.4, a.belowTenthShare(), EPS);
        assertEquals(0.1, a.median(), EPS);
        assertEquals(0.001, a.p10(), EPS);
        assertEquals(1.0, a.p90(), EPS);
        assertEquals((1 + 0.5 + 0.1 + 0.09 + 0.001) / 5, a.mean(), EPS);
    }

    @Test
    void dropsPassThroughAndUnknownUsersAreNotCounted() {
        Map<DropReason, Integer> drops = new EnumMap<>(DropReason.class);
        drops.put(DropReason.NON_POSITIVE_RUN_TIME, 3);
        drops.put(DropReason.BAD_LINE, 1);
        TraceStatistics s = TraceStatistics.of(workload(drops, new long[] {0, 1, 1, 1, 3},
                new long[] {0, 1, 1, 1, 7}, new long[] {0, 1, 1, 1, 3}, new long[] {0, 1, 1, 1, -1}), 4);

        assertEquals(Map.of(DropReason.NON_POSITIVE_RUN_TIME, 3, DropReason.NON_POSITIVE_PROCESSORS, 0,
                DropReason.BAD_LINE, 1, DropReason.WIDER_THAN_LIMIT, 0), s.drops());
        assertEquals(2, s.users());
    }

    @Test
    void emptyWorkloadGivesZeros() {
        TraceStatistics s = TraceStatistics.of(workload(), 64);

        assertEquals(0, s.jobs());
        assertEquals(0, s.span());
        assertEquals(0, s.spanToLastEnd());
        assertEquals(0.0, s.offeredLoad());
        assertTrue(s.processors().isEmpty());
        assertEquals(new TraceStatistics.Distribution(0, 0, 0, 0, 0, 0, 0, 0, 0), s.runTime());
        assertEquals(new TraceStatistics.Accuracy(0, 0, 0, 0, 0, 0), s.accuracy());
        assertEquals(new TraceStatistics.InterArrival(0, 0), s.interArrival());
    }

    @Test
    void realTraceJobsMatchAnIndependentCount() throws IOException {
        Path trace = SharedFolder.dir().resolve("data/traces/KTH-SP2-1996-2.1-cln.swf.gz");
        SharedFolder.require(Files.isRegularFile(trace), "trace not found: " + trace);

        int expected = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(trace)), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = r.readLine()) != null) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith(";")) {
                    continue;
                }
                String[] f = t.split("\\s+");
                long run = Math.round(Double.parseDouble(f[3]));
                long allocated = Math.round(Double.parseDouble(f[4]));
                long procs = allocated > 0 ? allocated : Math.round(Double.parseDouble(f[7]));
                if (run > 0 && procs > 0) {
                    expected++;
                }
            }
        }
        TraceStatistics s = TraceStatistics.of(new SwfReader().read(trace), 100);

        assertEquals(expected, s.jobs());
        assertEquals(expected, s.processors().stream().mapToInt(TraceStatistics.Bucket::jobs).sum());
    }
}
