package gridmarket.charts;

import gridmarket.results.JobRow;
import gridmarket.results.JobsCsv;
import gridmarket.results.ResultsException;
import gridmarket.sim.result.JobStatus;
import gridmarket.charts.data.ResultRow;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultBoxAndWhiskerCategoryDataset;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link ChartKind#DISTRIBUTION}: box plots of the utility values and the prices paid (JobCost) of the jobs of
 * market runs, one box per run, labelled by its MF/UF pair. Read from each run's {@code jobs.csv} (columns
 * {@code utility} and {@code price}). A job counts once: the rows of a multi-site job carry the values of its one
 * trade, so only its first row is read. Rejected jobs and empty or {@code NaN} cells paid nothing and are left out.
 * Boxes span the quartiles (JFreeChart's box-and-whisker statistics), the line in a box is the median, the whiskers
 * are Tukey's (the most extreme value within 1.5 interquartile ranges of the box), every value beyond them is a small
 * point ({@link TukeyBoxRenderer}), and a black diamond marks the mean.
 */
final class DistributionChart {
    /** The two quantities, by their {@code jobs.csv} column. */
    static final List<String> METRICS = List.of("utility", "price");
    private static final Map<String, String> AXIS = Map.of("utility", "utility value", "price",
            "price paid (JobCost)");

    private DistributionChart() {
    }

    /**
     * Whether a run's {@code jobs.csv} holds a utility value or a price (so that {@code run} draws this chart).
     * Every run's {@code jobs.csv} has the columns; only market runs fill them.
     */
    static boolean applies(Path runFolder) {
        try {
            List<JobRow> jobs = JobsCsv.read(runFolder.resolve("jobs.csv"));
            for (String m : METRICS) {
                if (!values(jobs, m).isEmpty()) {
                    return true;
                }
            }
            return false;
        } catch (ChartException | ResultsException e) {
            return false;
        }
    }

    /** One figure per figure group; by default one per configuration and workload. */
    static List<Figure> distribution(TableLayout layout, ChartOptions o) {
        List<String> each = Grouping.figuresPer(layout, o);
        List<String> boxes = !o.x().isEmpty() ? layout.require(o.x(), "--x")
                : Grouping.without(layout.varied(), each);
        for (String m : o.metrics()) {
            if (!METRICS.contains(m)) {
                throw new ChartException("--metric: the distribution chart draws utility and price, not '" + m
                        + "'");
            }
        }
        List<Figure> figures = new ArrayList<>();
        for (Grouping.Group g : Grouping.split(layout.rows(), each)) {
            figures.add(figure(layout, g, boxes, o.metrics(), MetricBarChart.byName(o)));
        }
        return figures;
    }

    private static Figure figure(TableLayout layout, Grouping.Group g, List<String> boxes, List<String> asked,
                                 String by) {
        List<ResultRow> rows = new ArrayList<>(g.rows());
        rows.sort((a, b) -> ValueOrder.ofColumns(boxes).compare(boxes.stream().map(a::get).toList(),
                boxes.stream().map(b::get).toList()));
        Map<String, Map<String, List<Double>>> byRun = new LinkedHashMap<>();
        Set<String> present = new HashSet<>();
        for (ResultRow r : rows) {
            String label = label(r, boxes);
            if (byRun.containsKey(label)) {
                throw new ChartException("two runs have the label '" + label + "' in one distribution chart (the "
                        + "second is " + r.name() + "); pick one with --where or split them with --each");
            }
            Path folder = r.folder().orElseThrow(() -> new ChartException(r.source() + ": run " + r.name()
                    + ": its run folder was not found; give the run folders (or the sweep folder) instead"));
            List<JobRow> jobs = JobsCsv.read(folder.resolve("jobs.csv"));
            Map<String, List<Double>> values = new LinkedHashMap<>();
            for (String m : METRICS) {
                List<Double> v = values(jobs, m);
                if (!v.isEmpty()) {
                    present.add(m);
                }
                values.put(m, v);
            }
            byRun.put(label, values);
        }
        List<String> metrics = asked.isEmpty() ? METRICS.stream().filter(present::contains).toList() : asked;
        if (metrics.isEmpty()) {
            throw new ChartException(layout.table().source() + ": no utility values or prices in the runs' jobs.csv "
                    + "(columns 'utility' and 'price'; only market runs fill them)");
        }
        CategoryAxis axis = new CategoryAxis(boxes.isEmpty() ? "run" : Labels.columns(boxes));
        if (byRun.size() * byRun.keySet().stream().mapToInt(String::length).max().orElse(0) > 70) {
            axis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        CombinedDomainCategoryPlot plot = new CombinedDomainCategoryPlot(axis);
        plot.setGap(16);
        List<TukeyBoxRenderer> renderers = new ArrayList<>();
        long beyond = 0;
        List<LineAndShapeRenderer> meanRenderers = new ArrayList<>();
        for (String m : metrics) {
            DefaultBoxAndWhiskerCategoryDataset data = new DefaultBoxAndWhiskerCategoryDataset();
            TukeyBoxRenderer renderer = new TukeyBoxRenderer();
            DefaultCategoryDataset means = new DefaultCategoryDataset();
            double lowest = Double.POSITIVE_INFINITY;
            double highest = Double.NEGATIVE_INFINITY;
            for (Map.Entry<String, Map<String, List<Double>>> e : byRun.entrySet()) {
                List<Double> v = e.getValue().get(m);
                if (v == null) {
                    throw new ChartException("run " + e.getKey() + ": its jobs.csv has no column '" + m + "'");
                }
                if (m.equals("price")) {
                    v = v.stream().map(p -> p / 3600).toList(); // node-seconds read as millions; node-hours not
                }
                if (!v.isEmpty()) {
                    TukeyBoxRenderer.Box box = TukeyBoxRenderer.box(v);
                    data.add(box.item(), AXIS.get(m), e.getKey());
                    means.addValue(box.item().getMean(), "mean", e.getKey());
                    renderer.outliers(e.getKey(), box.outliers());
                    // the axis spans the whiskers and means; values beyond are counted at its edge
                    lowest = Math.min(lowest, Math.min(box.item().getMinRegularValue().doubleValue(),
                            box.item().getMean().doubleValue()));
                    highest = Math.max(highest, Math.max(box.item().getMaxRegularValue().doubleValue(),
                            box.item().getMean().doubleValue()));
                }
            }
            renderer.setMeanVisible(false);
            renderer.setMedianVisible(true);
            renderer.setMaximumBarWidth(0.12);
            renderer.setFillBox(true);
            renderer.setArtifactPaint(Color.BLACK);
            renderers.add(renderer);
            NumberAxis y = ChartStyle.numberAxis(axisLabel(m, rows));
            y.setAutoRangeIncludesZero(false);
            if (lowest <= highest) {
                double pad = highest > lowest ? 0.05 * (highest - lowest) : Math.max(1, Math.abs(highest) * 0.05);
                y.setRange(lowest - pad, highest + pad);
            }
            for (String run : byRun.keySet()) {
                int[] out = renderer.beyond(run, y.getRange());
                beyond += out[0] + out[1];
            }
            CategoryPlot sub = new CategoryPlot(data, null, y, renderer);
            sub.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD); // the mean's diamond over its box
            LineAndShapeRenderer meanRenderer = new LineAndShapeRenderer(false, true);
            meanRenderers.add(meanRenderer);
            sub.setDataset(1, means);
            sub.setRenderer(1, meanRenderer);
            plot.add(sub, 1);
        }
        String what = String.join(" and ", metrics.stream().map(m -> m.equals("utility") ? "utility values"
                : "prices paid").toList()) + " per " + (boxes.isEmpty() ? "run" : Labels.shortColumns(boxes));
        JFreeChart chart = new JFreeChart(Labels.title(Labels.experiment(rows), what), ChartStyle.TITLE, plot, true);
        List<String> subtitles = new ArrayList<>(layout.subtitles(g, null));
        if (beyond > 0) {
            subtitles.add("axes span the whiskers and means; values beyond them are counted at the plot's edge");
        }
        ChartStyle.apply(chart, subtitles.toArray(String[]::new));
        for (int k = 0; k < renderers.size(); k++) {
            renderers.get(k).setSeriesPaint(0, ChartStyle.color(k == 0 ? 5 : 1));
            renderers.get(k).setSeriesOutlinePaint(0, Color.DARK_GRAY);
            LineAndShapeRenderer mean = meanRenderers.get(k);
            mean.setSeriesPaint(0, Color.BLACK);
            mean.setSeriesShape(0, ChartStyle.shape(4));
            // one "mean" entry in the legend, not one per plot
            mean.setBaseSeriesVisibleInLegend(k == 0);
        }
        String name = ChartKind.DISTRIBUTION.key() + (asked.isEmpty() ? "" : "-" + String.join(",", asked)) + by
                + g.suffix();
        return new Figure(ChartFiles.safe(name), chart);
    }

    /** The units of the thesis' utility functions (docs/MARKET.md, "Units"). */
    private static final Map<String, String> UF_UNITS = Map.of("UF1", "seconds", "UF2", "node-seconds",
            "UF3", "seconds + node-seconds", "UF4", "seconds + node-seconds", "UF5", "seconds + node-seconds");

    /**
     * A value axis' label with its unit: prices are drawn in node-hours (an MF's areas, JobCost, are node-seconds); a
     * utility is in its UF's unit, one for the figure if its runs share a UF, else each UF's, and "the UF's unit" for
     * a formula of one's own.
     */
    static String axisLabel(String metric, List<ResultRow> rows) {
        if (metric.equals("price")) {
            return "price paid (node-hours)";
        }
        Set<String> ufs = new TreeSet<>(ValueOrder::compare);
        for (ResultRow r : rows) {
            ufs.add(r.has("market.uf") ? r.get("market.uf") : "");
        }
        if (ufs.stream().anyMatch(uf -> !UF_UNITS.containsKey(uf))) {
            return "utility value (the UF's unit)";
        }
        Set<String> units = new LinkedHashSet<>();
        ufs.forEach(uf -> units.add(UF_UNITS.get(uf)));
        if (units.size() == 1) {
            return "utility value (" + units.iterator().next() + ")";
        }
        // each UF's unit, shortened to fit beside a plot half the figure high
        return "utility (" + String.join("; ", ufs.stream().map(uf -> uf + ": " + UF_UNITS.get(uf)
                .replace("node-seconds", "node-s").replace("seconds", "s")).toList()) + ")";
    }

    /** A run's box label: its values of {@code boxes}, or its MF/UF pair, or its name. */
    private static String label(ResultRow r, List<String> boxes) {
        String label = boxes.isEmpty() ? "" : Labels.of(r, boxes);
        if (label.isEmpty() && (r.has("market.mf") || r.has("market.uf"))) {
            label = Labels.of(r, List.of("market.mf", "market.uf"));
        }
        return label.isEmpty() ? r.name() : label;
    }

    /** One value per completed job: the first row of each job, empty and NaN cells left out. */
    static List<Double> values(List<JobRow> jobs, String metric) {
        Set<String> seen = new HashSet<>();
        List<Double> out = new ArrayList<>();
        for (JobRow j : jobs) {
            if (j.status() != JobStatus.COMPLETED || j.market() == null || !seen.add(j.jobId() + "/" + j.part())) {
                continue;
            }
            double v = metric.equals("price") ? j.market().price() : j.market().utility();
            if (!Double.isNaN(v)) {
                out.add(v);
            }
        }
        return out;
    }
}
