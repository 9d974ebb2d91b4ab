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
        long t0 = Long.MAX_VALUE;
        long t1 = Long.MIN_VALUE;
        for (JobRow j : jobs) {
            t0 = Math.min(t0, j.submit());
            t1 = Math.max(t1, Math.max(j.start(), j.end()));
        }
        if (t1 <= t0) {
            t1 = t0 + 1;
        }
        long width = binWidth(t1 - t0);
        Bins queued = new Bins(t0, t1, width);
        Bins busy = new Bins(t0, t1, width);
        for (JobRow j : jobs) {
            queued.add(j.submit(), j.start(), (double) j.nodes() * j.runTime());
            for (Piece held : j.stretches()) { // a preempted job is busy only in its pieces
                busy.add(held.start(), held.end(), j.nodes());
            }
        }
        double[] queuedArea = queued.areas();
        double[] busyArea = busy.areas();
        int bins = queuedArea.length;
        // Steps as explicit corner points (each bin's value at its start and at its end), so that one path
        // draws a whole curve; a step renderer would write every segment as its own SVG element.
        XYSeries backlog = new XYSeries("queued work", false, true);
        XYSeries utilization = new XYSeries("utilization (all machines)", false, true);
        for (int k = 0; k < bins; k++) {
            long a = t0 + k * width;
            long b = Math.min(a + width, t1);
            double meanQueued = queuedArea[k] / (b - a) / HOUR;
            double meanBusy = busyArea[k] / (b - a) / totalNodes;
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
     * The area under a sum of constant values over intervals, per bin of equal width from {@code t0}: an interval adds
     * to the two bins it starts and ends in, and its value once to a running sum for the whole bins between them, so
     * the cost is one step per interval and per bin, however long jobs wait (a long queue keeps each job waiting
     * over many bins). The areas are sums of products of whole numbers, exact while below 2^53.
     */
    static final class Bins {
        private final long t0;
        private final long t1;
        private final long width;
        private final double[] area;
        /** Per bin, the change at its start of the value held over whole bins. */
        private final double[] wholeFrom;

        /** Bins of {@code width} from {@code t0} to {@code t1}, the last one shorter if the span is no multiple. */
        Bins(long t0, long t1, long width) {
            this.t0 = t0;
            this.t1 = t1;
            this.width = width;
            int bins = (int) ((t1 - t0 + width - 1) / width);
            area = new double[bins];
            wholeFrom = new double[bins + 1];
        }

        /** Adds {@code value} over {@code [from, to)}, or takes it over {@code [to, from)} if {@code to} is earlier. */
        void add(long from, long to, double value) {
            if (to < from) {
                add(to, from, -value);
                return;
            }
            from = Math.max(from, t0);
            to = Math.min(to, t1);
            if (from >= to) {
                return;
            }
            int first = (int) ((from - t0) / width);
            int last = (int) ((to - t0) / width); // the bin holding to, or bins when to ends the last one exactly
            if (first == last) {
                area[first] += value * (to - from);
                return;
            }
            area[first] += value * (t0 + (first + 1) * width - from);
            wholeFrom[first + 1] += value;
            wholeFrom[last] -= value;
            if (last < area.length) {
                area[last] += value * (to - (t0 + last * width));
            }
        }

        double[] areas() {
            double held = 0;
            for (int k = 0; k < area.length; k++) {
                held += wholeFrom[k];
                area[k] += held * width; // whole bins are never the last, shorter one: an interval ends by then
            }
            return area;
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
