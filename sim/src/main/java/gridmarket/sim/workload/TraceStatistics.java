package gridmarket.sim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Statistics of a workload measured against a machine size (SPEC W4): jobs, time span, offered load, processor
 * histogram, run-time, estimate and estimate-accuracy distributions and inter-arrival times. Immutable.
 *
 * <p>All times are integer seconds of simulated time as the trace gives them. Shares are fractions in [0, 1].
 * First and last submit and the inter-arrival gaps rely on the {@link Workload} invariant that jobs are in submission
 * order.
 *
 * <p><b>Percentiles</b> are nearest-rank on the ascending values: the p-th percentile of n values is the value at
 * 1-based rank {@code ceil(p / 100 * n)}, so it is always one of the values (the median of an even count is the lower
 * of the two middle values). Of no values, every statistic is 0.
 *
 * <p><b>Offered load</b> = {@code sum(nodes * runTime) / (machineNodes * spanToLastEnd)} over all kept jobs,
 * including jobs wider than the machine; {@code spanToLastEnd} runs from the first submit to the latest
 * {@code submit + runTime}. It is the utilization the machine would need to finish the work by the time the last job
 * could end if started at once; 0 when that span is 0.
 *
 * @param source           where the jobs came from ({@link Workload#source()})
 * @param machineNodes     the machine size the offered load and the wide-job count refer to, nodes
 * @param jobs             jobs kept in the workload
 * @param drops            records dropped while reading, per reason (every reason present)
 * @param users            distinct user ids, not counting the unknown user (negative ids)
 * @param firstSubmit      earliest submit time, seconds (0 without jobs)
 * @param lastSubmit       latest submit time, seconds (0 without jobs)
 * @param span             {@code lastSubmit - firstSubmit}, seconds
 * @param lastEnd          latest {@code submit + runTime}, seconds (0 without jobs)
 * @param spanToLastEnd    {@code lastEnd - firstSubmit}, seconds
 * @param area             {@code sum(nodes * runTime)}, node-seconds
 * @param offeredLoad      see above, a fraction (may exceed 1)
 * @param widerThanMachine jobs needing more than {@code machineNodes} nodes
 * @param processors       processor histogram from the 1-node bucket up to the widest job's bucket
 * @param runTime          distribution of run times, seconds
 * @param estimate         distribution of estimates, seconds
 * @param accuracy         distribution of {@code runTime / estimate}
 * @param interArrival     gaps between consecutive submits, seconds
 */
public record TraceStatistics(String source, int machineNodes, int jobs, Map<DropReason, Integer> drops, int users,
                              long firstSubmit, long lastSubmit, long span, long lastEnd, long spanToLastEnd,
                              double area, double offeredLoad, int widerThanMachine, List<Bucket> processors,
                              Distribution runTime, Distribution estimate, Accuracy accuracy,
                              InterArrival interArrival) {

    private static final double HOUR = 3600.0;

    /** Copies {@code drops} and {@code processors}, so the statistics stay immutable. */
    public TraceStatistics {
        drops = Collections.unmodifiableMap(new EnumMap<>(drops));
        processors = List.copyOf(processors);
    }

    /**
     * One bucket of the processor histogram: bucket k holds jobs with {@code 2^(k-1) < nodes <= 2^k}, bucket 0 the
     * 1-node jobs, so the buckets are 1, 2, 3-4, 5-8, 9-16, ...
     *
     * @param low       smallest node count in the bucket
     * @param high      largest node count in the bucket
     * @param jobs      jobs in the bucket
     * @param jobShare  {@code jobs} over all jobs, a fraction
     * @param areaShare the bucket's {@code sum(nodes * runTime)} over the workload's, a fraction
     */
    public record Bucket(long low, long high, int jobs, double jobShare, double areaShare) {
        /** The bucket as printed: {@code 1}, {@code 2}, {@code 3-4}, ... */
        public String label() {
            return low == high ? Long.toString(low) : low + "-" + high;
        }
    }

    /**
     * A distribution of times: minimum, nearest-rank percentiles and maximum in seconds.
     *
     * @param mean arithmetic mean, seconds
     */
    public record Distribution(long min, long p10, long p25, long median, long p75, long p90, long p99, long max,
                               double mean) {

        static Distribution of(long[] sorted) {
            double sum = 0;
            for (long v : sorted) {
                sum += v;
            }
            return new Distribution(rank(sorted, 0), rank(sorted, 10), rank(sorted, 25), rank(sorted, 50),
                    rank(sorted, 75), rank(sorted, 90), rank(sorted, 99), rank(sorted, 100),
                    sorted.length == 0 ? 0 : sum / sorted.length);
        }
    }

    /**
     * How well users estimate: {@code runTime / estimate} per job, in (0, 1]; percentiles nearest-rank.
     *
     * @param mean            mean accuracy
     * @param median          nearest-rank median accuracy
     * @param p10             10th percentile: nine jobs in ten estimate at least this well
     * @param p90             90th percentile
     * @param exactShare      share of jobs whose run time equals their estimate
     * @param belowTenthShare share of jobs that ran less than a tenth of their estimate
     */
    public record Accuracy(double mean, double median, double p10, double p90, double exactShare,
                           double belowTenthShare) {
    }

    /**
     * Gaps between consecutive submits in submission order, seconds ({@code n - 1} gaps for n jobs).
     *
     * @param mean   mean gap, {@code span / (n - 1)}, seconds
     * @param median nearest-rank median gap, seconds
     */
    public record InterArrival(double mean, long median) {
    }

    /**
     * Computes the statistics in O(n log n) on primitive arrays.
     *
     * @param w     the workload, {@code null} not permitted
     * @param nodes machine size the offered load refers to, greater than zero
     * @throws IllegalArgumentException if {@code nodes} is not positive
     */
    public static TraceStatistics of(Workload w, int nodes) {
        if (nodes <= 0) {
            throw new IllegalArgumentException("machine size must be positive: " + nodes);
        }
        List<Job> list = w.jobs();
        int n = list.size();
        long[] run = new long[n];
        long[] est = new long[n];
        double[] acc = new double[n];
        int[] userIds = new int[n];
        long[] gaps = new long[Math.max(0, n - 1)];
        int[] bucketJobs = new int[32];
        double[] bucketArea = new double[32];
        int widestBucket = -1;
        double area = 0;
        double accSum = 0;
        int exact = 0;
        int belowTenth = 0;
        int wide = 0;
        long first = n == 0 ? 0 : list.get(0).submit();
        long lastSubmit = n == 0 ? 0 : list.get(n - 1).submit();
        long lastEnd = n == 0 ? 0 : Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            Job j = list.get(i);
            run[i] = j.runTime();
            est[i] = j.estimate();
            acc[i] = (double) j.runTime() / j.estimate();
            accSum += acc[i];
            // Integer comparisons, so that "exactly 1" and "below 0.1" are not blurred by rounding.
            if (j.runTime() == j.estimate()) {
                exact++;
            }
            if (10 * j.runTime() < j.estimate()) {
                belowTenth++;
            }
            userIds[i] = j.user();
            if (i > 0) {
                gaps[i - 1] = j.submit() - list.get(i - 1).submit();
            }
            lastEnd = Math.max(lastEnd, j.submit() + j.runTime());
            double a = j.weight();
            area += a;
            int k = bucket(j.nodes());
            bucketJobs[k]++;
            bucketArea[k] += a;
            widestBucket = Math.max(widestBucket, k);
            if (j.nodes() > nodes) {
                wide++;
            }
        }
        Arrays.sort(run);
        Arrays.sort(est);
        Arrays.sort(acc);
        Arrays.sort(userIds);
        Arrays.sort(gaps);

        List<Bucket> buckets = new ArrayList<>();
        for (int k = 0; k <= widestBucket; k++) {
            long high = 1L << k;
            long low = k == 0 ? 1 : (high >> 1) + 1;
            buckets.add(new Bucket(low, high, bucketJobs[k], ratio(bucketJobs[k], n), ratio(bucketArea[k], area)));
        }
        long spanToLastEnd = lastEnd - first;
        Accuracy accuracy = new Accuracy(ratio(accSum, n), rank(acc, 50), rank(acc, 10), rank(acc, 90),
                ratio(exact, n), ratio(belowTenth, n));
        InterArrival inter = new InterArrival(ratio(lastSubmit - first, gaps.length), rank(gaps, 50));
        return new TraceStatistics(w.source(), nodes, n, w.drops(), distinctKnown(userIds), first, lastSubmit,
                lastSubmit - first, lastEnd, spanToLastEnd, area, ratio(area, (double) nodes * spanToLastEnd), wide,
                buckets, Distribution.of(run), Distribution.of(est), accuracy, inter);
    }

    /** Histogram bucket of a node count: the k with {@code 2^(k-1) < nodes <= 2^k}, 0 for one node. */
    static int bucket(int nodes) {
        return 32 - Integer.numberOfLeadingZeros(nodes - 1);
    }

    /** Nearest-rank percentile of ascending values; p = 0 gives the minimum, 0 for no values. */
    static long rank(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[index(sorted.length, p)];
    }

    static double rank(double[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[index(sorted.length, p)];
    }

    private static int index(int n, double p) {
        int r = (int) Math.ceil(p / 100.0 * n);
        return Math.min(n, Math.max(1, r)) - 1;
    }

    private static int distinctKnown(int[] sorted) {
        int count = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] >= 0 && (i == 0 || sorted[i] != sorted[i - 1])) {
                count++;
            }
        }
        return count;
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : a / b;
    }

    /**
     * A readable multi-line report, headed by the source and machine size, ending with a line break. Times in seconds
     * with hours alongside, shares as percentages with one decimal.
     */
    public String toText() {
        StringBuilder b = new StringBuilder();
        line(b, "Workload statistics: %s", source);
        line(b, "Machine size:        %d nodes", machineNodes);
        b.append('\n');
        line(b, "Jobs");
        row(b, "jobs kept", count(jobs));
        for (Map.Entry<DropReason, Integer> e : drops.entrySet()) {
            row(b, "dropped " + e.getKey().key(), count(e.getValue()));
        }
        row(b, "distinct users", count(users));
        row(b, "wider than " + machineNodes + " nodes", count(widerThanMachine) + "  ("
                + pct(ratio(widerThanMachine, jobs)) + " of jobs)");
        b.append('\n');
        line(b, "Time (seconds)");
        row(b, "first submit", seconds(firstSubmit));
        row(b, "last submit", seconds(lastSubmit));
        row(b, "span of submits", seconds(span));
        row(b, "last planned end", seconds(lastEnd));
        row(b, "span to last end", seconds(spanToLastEnd));
        row(b, "inter-arrival mean", seconds(interArrival.mean()));
        row(b, "inter-arrival median", seconds(interArrival.median()));
        b.append('\n');
        line(b, "Offered load");
        row(b, "area", String.format(Locale.ROOT, "%12.0f node-s  %12.1f node-h", area, area / HOUR));
        row(b, "offered load", String.format(Locale.ROOT, "%16.4f  (%s)", offeredLoad, pct(offeredLoad)));
        line(b, "  = sum(nodes * run time) / (%d nodes * span to last end)", machineNodes);
        b.append('\n');
        line(b, "Processors (bucket k holds 2^(k-1) < nodes <= 2^k)");
        line(b, "  %-13s %10s %8s %8s", "nodes", "jobs", "% jobs", "% area");
        for (Bucket k : processors) {
            line(b, "  %-13s %10d %8s %8s", k.label(), k.jobs(), pct(k.jobShare()), pct(k.areaShare()));
        }
        b.append('\n');
        line(b, "Run time and estimate (seconds, hours)");
        line(b, "  %-6s %12s %10s   %12s %10s", "", "run time s", "h", "estimate s", "h");
        distRow(b, "min", runTime.min(), estimate.min());
        distRow(b, "p10", runTime.p10(), estimate.p10());
        distRow(b, "p25", runTime.p25(), estimate.p25());
        distRow(b, "median", runTime.median(), estimate.median());
        distRow(b, "p75", runTime.p75(), estimate.p75());
        distRow(b, "p90", runTime.p90(), estimate.p90());
        distRow(b, "p99", runTime.p99(), estimate.p99());
        distRow(b, "max", runTime.max(), estimate.max());
        line(b, "  %-6s %12.1f %10.2f   %12.1f %10.2f", "mean", runTime.mean(), runTime.mean() / HOUR,
                estimate.mean(), estimate.mean() / HOUR);
        b.append('\n');
        line(b, "Estimate accuracy (run time / estimate)");
        row(b, "mean", fraction(accuracy.mean()));
        row(b, "p10", fraction(accuracy.p10()));
        row(b, "median", fraction(accuracy.median()));
        row(b, "p90", fraction(accuracy.p90()));
        row(b, "exactly 1", share(accuracy.exactShare()) + " of jobs");
        row(b, "below 0.1", share(accuracy.belowTenthShare()) + " of jobs");
        return b.toString();
    }

    private static void line(StringBuilder b, String format, Object... args) {
        b.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    private static void row(StringBuilder b, String label, String value) {
        line(b, "  %-22s %s", label, value);
    }

    private static void distRow(StringBuilder b, String label, long run, long est) {
        line(b, "  %-6s %12d %10.2f   %12d %10.2f", label, run, run / HOUR, est, est / HOUR);
    }

    private static String seconds(double s) {
        // Integer parts line up with count(); a fractional mean spills two places to the right.
        String value = s == Math.rint(s) ? String.format(Locale.ROOT, "%12.0f  ", s)
                : String.format(Locale.ROOT, "%14.1f", s);
        return value + String.format(Locale.ROOT, " s  %10.2f h", s / HOUR);
    }

    private static String count(long c) {
        return String.format(Locale.ROOT, "%12d", c);
    }

    private static String fraction(double f) {
        return String.format(Locale.ROOT, "%16.3f", f);
    }

    private static String share(double share) {
        return String.format(Locale.ROOT, "%14.1f %%", 100 * share);
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    /**
     * The statistics as nested {@link LinkedHashMap}s and lists of numbers and strings, in a fixed key order, for
     * printing as JSON. Times in seconds, shares as fractions; drops keyed by {@link DropReason#key()}.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("machineNodes", machineNodes);
        m.put("jobs", jobs);
        Map<String, Object> d = new LinkedHashMap<>();
        drops.forEach((r, c) -> d.put(r.key(), c));
        m.put("drops", d);
        m.put("users", users);
        m.put("firstSubmit", firstSubmit);
        m.put("lastSubmit", lastSubmit);
        m.put("span", span);
        m.put("lastEnd", lastEnd);
        m.put("spanToLastEnd", spanToLastEnd);
        m.put("area", area);
        m.put("offeredLoad", offeredLoad);
        m.put("widerThanMachine", widerThanMachine);
        List<Object> hist = new ArrayList<>();
        for (Bucket k : processors) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("low", k.low());
            e.put("high", k.high());
            e.put("jobs", k.jobs());
            e.put("jobShare", k.jobShare());
            e.put("areaShare", k.areaShare());
            hist.add(e);
        }
        m.put("processors", hist);
        m.put("runTime", distribution(runTime));
        m.put("estimate", distribution(estimate));
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("mean", accuracy.mean());
        a.put("median", accuracy.median());
        a.put("p10", accuracy.p10());
        a.put("p90", accuracy.p90());
        a.put("exactShare", accuracy.exactShare());
        a.put("belowTenthShare", accuracy.belowTenthShare());
        m.put("accuracy", a);
        Map<String, Object> ia = new LinkedHashMap<>();
        ia.put("mean", interArrival.mean());
        ia.put("median", interArrival.median());
        m.put("interArrival", ia);
        return m;
    }

    private static Map<String, Object> distribution(Distribution d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("min", d.min());
        m.put("p10", d.p10());
        m.put("p25", d.p25());
        m.put("median", d.median());
        m.put("p75", d.p75());
        m.put("p90", d.p90());
        m.put("p99", d.p99());
        m.put("max", d.max());
        m.put("mean", d.mean());
        return m;
    }
}
