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
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

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
        // changes of (queued node-seconds, busy nodes) at each instant
        TreeMap<Long, double[]> changes = new TreeMap<>();
        long t0 = Long.MAX_VALUE;
        long t1 = Long.MIN_VALUE;
        for (JobRow j : jobs) {
            long s = j.submit();
            long b = j.start();
            long e = j.end();
            long n = j.nodes();
            double work = (double) n * j.runTime();
            change(changes, s, work, 0);
            change(changes, b, -work, 0);
            for (Piece held : j.stretches()) { // a preempted job is busy only in its pieces
                change(changes, held.start(), 0, n);
                change(changes, held.end(), 0, -n);
            }
            t0 = Math.min(t0, s);
            t1 = Math.max(t1, Math.max(b, e));
        }
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
        for (var c : changes.entrySet()) {
            long next = Math.min(c.getKey(), t1);
            spread(queued, busy, t0, width, t, next, q, u);
            t = Math.max(t, next);
            q += c.getValue()[0];
            u += c.getValue()[1];
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

    private static void change(TreeMap<Long, double[]> changes, long at, double queued, double busy) {
        double[] c = changes.computeIfAbsent(at, k -> new double[2]);
        c[0] += queued;
        c[1] += busy;
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
