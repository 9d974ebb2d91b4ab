package gridmarket.charts;

import gridmarket.results.JobRow;
import gridmarket.sim.result.JobStatus;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ChartKind#PRICES}: for one market run, the price per node-second over time: every accepted offer's price
 * divided by its node-seconds (nodes x estimate, from {@code jobs.csv}; jobs on one machine) as a point at the
 * job's start, and each owner's price per period as a step line (from {@code prices.csv}: posted by the owner, or
 * the mean of its trades in the period).
 */
final class PriceChart {
    /** A market run's prices per owner and period (docs/MECHANISMS.md). */
    static final String PRICES = "prices.csv";
    private static final double HOUR = 3600.0;

    private PriceChart() {
    }

    /** Whether a run can draw the figure: it has a price series (a market run). */
    static boolean applies(Path runFolder) {
        return Files.isRegularFile(runFolder.resolve(PRICES));
    }

    /** The figure of the single run left after {@code --where}. */
    static List<Figure> prices(TableLayout layout, ChartOptions o) {
        RunFolderRow run = RunFolderRow.single(layout, ChartKind.PRICES);
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries trades = new XYSeries("paid, at the job's start", false, true);
        for (JobRow j : run.jobs()) {
            // a co-allocated job's rows share one trade: its first row counts
            if (j.status() == JobStatus.COMPLETED && j.market() != null && Double.isFinite(j.market().price())
                    && j.part() <= 1 && j.multisite() <= 1 && j.estimate() > 0) {
                trades.add(j.start() / HOUR, j.market().price() / ((double) j.nodes() * j.estimate()));
            }
        }
        Map<String, XYSeries> posted = posted(run.folder().resolve(PRICES));
        if (trades.isEmpty() && posted.isEmpty()) {
            throw new ChartException(run.jobsFile() + ": no accepted offer with a price, and no " + PRICES
                    + ": not a market run");
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
        int k = 0;
        for (XYSeries s : posted.values()) {
            data.addSeries(s);
            renderer.setSeriesLinesVisible(k, true);
            renderer.setSeriesShapesVisible(k, false);
            k++;
        }
        if (!trades.isEmpty()) {
            data.addSeries(trades);
            renderer.setSeriesLinesVisible(k, false);
            renderer.setSeriesShapesVisible(k, true);
        }
        NumberAxis time = ChartStyle.numberAxis("simulated time (h)");
        time.setAutoRangeIncludesZero(false);
        NumberAxis price = ChartStyle.numberAxis("price per node-second");
        XYPlot plot = new XYPlot(data, time, price, renderer);
        JFreeChart chart = new JFreeChart(Labels.title(Labels.experiment(List.of(run.row())),
                "price per node-second over time"), ChartStyle.TITLE, plot, true);
        ChartStyle.apply(chart, (posted.isEmpty() ? "" : "lines: each owner's price per period (posted, or its "
                + "trades' mean); ")
                + (trades.isEmpty() ? "" : "points: price paid / (nodes x estimate); ")
                + run.describe(layout.table().parameters()));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.color(i));
            renderer.setSeriesStroke(i, new BasicStroke(1.5f));
        }
        if (!trades.isEmpty()) {
            renderer.setSeriesShape(k, new Ellipse2D.Double(-1.5, -1.5, 3, 3));
        }
        return List.of(new Figure(ChartKind.PRICES.key(), chart));
    }

    /**
     * Each owner's prices as steps over its periods, from {@code prices.csv} ({@code
     * time,machine,price,utilization,sold}); empty if the file is not there.
     *
     * @throws ChartException naming the file and line of a malformed line
     */
    static Map<String, XYSeries> posted(Path file) {
        Map<String, XYSeries> owners = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return owners;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ChartException(file + ": cannot be read: " + e.getMessage());
        }
        if (lines.isEmpty() || !lines.get(0).equals("time,machine,price,utilization,sold")) {
            throw new ChartException(file + ":1: expected the header time,machine,price,utilization,sold");
        }
        Map<String, double[]> last = new LinkedHashMap<>(); // per owner: its last period's start and price
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            if (f.length != 5) {
                throw new ChartException(file + ":" + (i + 1) + ": expected 5 fields, found " + f.length);
            }
            double t;
            double p;
            try {
                t = Long.parseLong(f[0]) / HOUR;
                p = Double.parseDouble(f[2]);
            } catch (NumberFormatException e) {
                throw new ChartException(file + ":" + (i + 1) + ": time '" + f[0] + "' or price '" + f[2]
                        + "' is not a number");
            }
            XYSeries s = owners.computeIfAbsent(f[1], m -> new XYSeries(m, false, true));
            double[] before = last.get(f[1]);
            if (before != null) {
                s.add(t, before[1]); // the step: the earlier price holds up to this period's start
            }
            s.add(t, p);
            last.put(f[1], new double[] {t, p});
        }
        return owners;
    }
}
