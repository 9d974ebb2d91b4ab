package gridmarket.sim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
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
}
