package gridmarket.charts;

import gridmarket.results.JobRow;
import gridmarket.sim.result.Piece;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@link ChartKind#BACKLOG}: for one run, the queued work (node-hours of jobs submitted and not yet started) and
 * the utilization of all machines (busy nodes / all nodes) over time. Both are step functions of time; they are
 * drawn as their time-weighted means over equal bins (at most {@value #MAX_BINS} over the run, of a round width),
 * so that a long run stays readable and the mean of the utilization curve is the run's utilization.
 * A rejected job waits from its submission to its rejection. Drawn from {@code jobs.csv}.
 */
final class BacklogChart {
    /** The most bins a run is cut into. */
    static final int MAX_BINS = 600;
    private static final long[] WIDTHS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800,
        21600, 43200, 86400, 172800, 604800};
    private static final double HOUR = 3600.0;

    private BacklogChart() {
    }

    /** The figure of the single run left after {@code --where}. */
    static List<Figure> backlog(TableLayout layout, ChartOptions o) {
        RunFolderRow run = RunFolderRow.single(layout, ChartKind.BACKLOG);
        List<JobRow> jobs = run.jobs();
        long totalNodes = 0;
        for (String m : run.machines()) {
            totalNodes += (long) run.row().number("machines." + m + ".nodes");
        }
        if (totalNodes <= 0) {
            throw new ChartException(run.folder().resolve("summary.json") + ": no machines with nodes in the "
                    + "metrics");
        }
        if (jobs.isEmpty()) {
            throw new ChartException(run.jobsFile() + ": no jobs");
        }
        Changes changes = new Changes(jobs);
        long t0 = changes.first;
        long t1 = changes.last;
        if (t1 <= t0) {
            t1 = t0 + 1;
        }
        long width = binWidth(t1 - t0);
        int bins = (int) ((t1 - t0 + width - 1) / width);
        double[] queued = new double[bins];
        double[] busy = new double[bins];
        double q = 0;
        double u = 0;
        long t = t0;
        for (int i = 0; i < changes.instants.length; i++) {
            long next = Math.min(changes.instants[i], t1);
            spread(queued, busy, t0, width, t, next, q, u);
            t = Math.max(t, next);
            q += changes.queued[i];
            u += changes.busy[i];
        }
        spread(queued, busy, t0, width, t, t1, q, u);
        // Steps as explicit corner points (each bin's value at its start and at its end), so that one path
        // draws a whole curve; a step renderer would write every segment as its own SVG element.
        XYSeries backlog = new XYSeries("queued work", false, true);
        XYSeries utilization = new XYSeries("utilization (all machines)", false, true);
        for (int k = 0; k < bins; k++) {
            long a = t0 + k * width;
            long b = Math.min(a + width, t1);
            double meanQueued = queued[k] / (b - a) / HOUR;
            double meanBusy = busy[k] / (b - a) / totalNodes;
            backlog.add(a / HOUR, meanQueued);
            backlog.add(b / HOUR, meanQueued);
            utilization.add(a / HOUR, meanBusy);
            utilization.add(b / HOUR, meanBusy);
        }

        NumberAxis time = ChartStyle.numberAxis("simulated time (h)");
        time.setAutoRangeIncludesZero(false);
        time.setRange(t0 / HOUR, t1 / HOUR);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(16);
        XYLineAndShapeRenderer backlogRenderer = new XYLineAndShapeRenderer(true, false);
        backlogRenderer.setDrawSeriesLineAsPath(true);
        XYLineAndShapeRenderer utilizationRenderer = new XYLineAndShapeRenderer(true, false);
        utilizationRenderer.setDrawSeriesLineAsPath(true);
        NumberAxis queuedAxis = ChartStyle.numberAxis("queued work (node-hours)");
        queuedAxis.setNumberFormatOverride(ChartStyle.grouped());
        plot.add(new XYPlot(new XYSeriesCollection(backlog), null, queuedAxis, backlogRenderer), 1);
        NumberAxis utilizationAxis = ChartStyle.percentAxis("utilization (%)");
        utilizationAxis.setRange(0, 1.05);
        plot.add(new XYPlot(new XYSeriesCollection(utilization), null, utilizationAxis, utilizationRenderer), 1);
        String bin = width >= 3600 && width % 3600 == 0 ? width / 3600 + " h"
                : width >= 60 && width % 60 == 0 ? width / 60 + " min" : width + " s";
        JFreeChart chart = new JFreeChart(Labels.title(Labels.experiment(List.of(run.row())),
                "backlog and utilization over time"), ChartStyle.TITLE, plot, true);
        ChartStyle.apply(chart, String.format(Locale.ROOT, "means over %s bins; %s", bin,
                run.describe(layout.table().parameters())));
        backlogRenderer.setSeriesPaint(0, ChartStyle.color(3));
        backlogRenderer.setSeriesStroke(0, new BasicStroke(1.5f));
        utilizationRenderer.setSeriesPaint(0, ChartStyle.color(0));
        utilizationRenderer.setSeriesStroke(0, new BasicStroke(1.5f));
        return List.of(new Figure(ChartKind.BACKLOG.key(), chart));
    }

    /**
     * The changes of (queued node-seconds, busy nodes) at each instant, ascending: sorted arrays rather than a tree
     * of boxed times, as a run has hundreds of thousands of instants. Each instant sums its changes in job order.
     */
    private static final class Changes {
        final long[] instants;
        final double[] queued;
        final double[] busy;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        Changes(List<JobRow> jobs) {
            long[] all = new long[4 * jobs.size()];
            int n = 0;
            for (JobRow j : jobs) {
                all = room(all, n + 2);
                all[n++] = j.submit();
                all[n++] = j.start();
                for (Piece held : j.stretches()) {
                    all = room(all, n + 2);
                    all[n++] = held.start();
                    all[n++] = held.end();
                }
            }
            long[] sorted = Arrays.copyOf(all, n);
            Arrays.sort(sorted);
            int distinct = 0;
            for (int i = 0; i < n; i++) {
                if (distinct == 0 || sorted[distinct - 1] != sorted[i]) {
                    sorted[distinct++] = sorted[i];
                }
            }
            instants = Arrays.copyOf(sorted, distinct);
            queued = new double[distinct];
            busy = new double[distinct];
            for (JobRow j : jobs) {
                double work = (double) j.nodes() * j.runTime();
                long n2 = j.nodes();
                add(j.submit(), work, 0);
                add(j.start(), -work, 0);
                for (Piece held : j.stretches()) { // a preempted job is busy only in its pieces
                    add(held.start(), 0, n2);
                    add(held.end(), 0, -n2);
                }
                first = Math.min(first, j.submit());
                last = Math.max(last, Math.max(j.start(), j.end()));
            }
        }

        private void add(long at, double q, double b) {
            int i = Arrays.binarySearch(instants, at);
            queued[i] += q;
            busy[i] += b;
        }

        private static long[] room(long[] a, int needed) {
            return needed <= a.length ? a : Arrays.copyOf(a, Math.max(needed, 2 * a.length));
        }
    }

    /** Adds the constant values over [from, to) to the areas of the bins it overlaps. */
    private static void spread(double[] queued, double[] busy, long t0, long width, long from, long to, double q,
                               double u) {
        long a = from;
        while (a < to) {
            int k = (int) ((a - t0) / width);
            long binEnd = t0 + (k + 1) * width;
            long b = Math.min(to, binEnd);
            queued[k] += q * (b - a);
            busy[k] += u * (b - a);
            a = b;
        }
    }

    /** The smallest round width that cuts {@code span} seconds into at most {@link #MAX_BINS} bins. */
    static long binWidth(long span) {
        for (long w : WIDTHS) {
            if ((span + w - 1) / w <= MAX_BINS) {
                return w;
            }
        }
        long week = WIDTHS[WIDTHS.length - 1];
        return ((span / MAX_BINS) / week + 1) * week;
    }
}
