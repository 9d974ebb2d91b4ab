package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Bar charts of metrics from results tables: {@link ChartKind#STRATEGIES} (one metric per configuration, a bar per
 * strategy; thesis Figs 5.5-5.7, 6.8, 6.9) and {@link ChartKind#CONFIGURATIONS} (several metrics per configuration;
 * Figs 6.10, 6.11, 6.14). Values are the table's own, or percent above the baseline with {@code --baseline}.
 */
final class MetricBarChart {
    private MetricBarChart() {
    }

    /** One figure per metric and figure group; bars per x value, one per series value. */
    static List<Figure> strategies(TableLayout layout, ChartOptions o) {
        List<String> metrics = o.metrics().isEmpty() ? List.of("awrt") : o.metrics();
        metrics.forEach(layout::requireMetric);
        List<String> series;
        if (!o.series().isEmpty()) {
            series = layout.require(o.series(), "--series");
        } else {
            series = new ArrayList<>();
            if (layout.table().has("strategy")) {
                series.add("strategy");
            }
            if (layout.rows().stream().anyMatch(r -> r.has(Labels.OVERHEAD))) {
                series.add(Labels.OVERHEAD);
            }
        }
        List<String> x;
        if (!o.x().isEmpty()) {
            x = layout.require(o.x(), "--x");
            series = Grouping.without(series, x);
        } else {
            x = defaultX(layout, series);
            if (x.equals(series)) {
                series = List.of();
            }
        }
        List<String> each = layout.each(o, TableLayout.union(x, series, List.of()));
        Baseline baseline = layout.baseline(o, TableLayout.union(x, series, each));
        List<Figure> figures = new ArrayList<>();
        for (String metric : metrics) {
            for (Grouping.Group g : Grouping.split(layout.rows(), each)) {
                // the overhead shows in the legend (p=5%); the title names what the bars are grouped by
                List<String> named = Grouping.without(series, List.of(Labels.OVERHEAD));
                String what = Labels.metricName(metric) + (baseline == null ? "" : " relative to "
                        + baseline.shortName()) + " per " + Labels.shortColumns(x)
                        + (named.isEmpty() ? "" : " and " + Labels.shortColumns(named));
                Cells cells = new Cells(x, series);
                for (ResultRow r : g.rows()) {
                    cells.put(r, List.of(Labels.metricName(metric)), barValue(o, r, metric, baseline));
                }
                String name = ChartKind.STRATEGIES.key() + "-" + metric + byName(o) + relativeName(baseline)
                        + (baseline == null && inHours(o, metric) ? "-hours" : "") + (o.log() ? "-log" : "")
                        + g.suffix();
                JFreeChart chart = cells.chart(Labels.title(Labels.experiment(g.rows()), what),
                        Labels.columns(x), yAxis(metric, baseline, o), layout.subtitles(g, baseline));
                figures.add(new Figure(ChartFiles.safe(name), chart));
            }
        }
        return figures;
    }

    /** A bar's height: relative to the baseline, or in hours where asked, and checked for a log axis. */
    private static double barValue(ChartOptions o, ResultRow r, String metric, Baseline baseline) {
        double v = r.number(metric);
        if (baseline != null) {
            v = Baseline.relative(v, baseline.valueFor(r, metric));
        } else if (inHours(o, metric)) {
            v /= 3600;
        }
        onLogAxis(o, r, metric, v);
        return v;
    }

    /** One figure per group; bars per x value, one per metric. */
    static List<Figure> configurations(TableLayout layout, ChartOptions o) {
        return configurations(layout, o, ChartKind.CONFIGURATIONS, List.of("awrt", "awwt"));
    }

    /** Bars of several metrics ({@code metrics} unless {@code --metric} names others) per configuration. */
    static List<Figure> configurations(TableLayout layout, ChartOptions o, ChartKind kind, List<String> defaults) {
        List<String> metrics = o.metrics().isEmpty() ? defaults : o.metrics();
        metrics.forEach(layout::requireMetric);
        List<String> x = !o.x().isEmpty() ? layout.require(o.x(), "--x")
                : kind == ChartKind.SURPLUS && !layout.table().has("configuration") && layout.varied().isEmpty()
                ? List.of("experiment") // one run, or runs alike: a bar group per experiment
                : defaultX(layout, List.of());
        List<String> each = layout.each(o, x);
        Baseline baseline = layout.baseline(o, TableLayout.union(x, each, List.of()));
        String names = String.join(metrics.size() == 2 ? " and " : ", ",
                metrics.stream().map(Labels::metricName).toList());
        List<Figure> figures = new ArrayList<>();
        for (Grouping.Group g : Grouping.split(layout.rows(), each)) {
            Cells cells = new Cells(x, List.of());
            for (ResultRow r : g.rows()) {
                for (String metric : metrics) {
                    cells.put(r, List.of(Labels.metricName(metric)), barValue(o, r, metric, baseline));
                }
            }
            String what = names + (baseline == null ? "" : " relative to " + baseline.shortName()) + " per "
                    + Labels.shortColumns(x);
            NumberAxis y;
            if (baseline != null) {
                y = ChartStyle.numberAxis("relative to " + baseline.shortName() + " (%)");
            } else if (metrics.stream().allMatch(m -> Labels.metricAxis(m).endsWith("(s)"))) {
                y = ChartStyle.numberAxis(o.hours() ? "time (h)" : "time (s)");
            } else if (metrics.size() == 1) {
                y = yAxis(metrics.get(0), null, o);
            } else if (metrics.stream().allMatch(m -> m.startsWith("market.economy."))) {
                y = ChartStyle.numberAxis("money (the prices' unit)");
            } else {
                y = ChartStyle.numberAxis("value");
            }
            String name = kind.key() + (metrics == defaults && kind != ChartKind.CONFIGURATIONS ? ""
                    : "-" + String.join(",", metrics)) + byName(o)
                    + relativeName(baseline) + (baseline == null && metrics.stream().anyMatch(m -> inHours(o, m))
                    ? "-hours" : "") + (o.log() ? "-log" : "") + g.suffix();
            JFreeChart chart = cells.chart(Labels.title(Labels.experiment(g.rows()), what), Labels.columns(x),
                    o.log() ? ChartStyle.logAxis(y.getLabel()) : y, layout.subtitles(g, baseline));
            figures.add(new Figure(ChartFiles.safe(name), chart));
        }
        return figures;
    }

    /** The x axis: the configuration if the runs name one, else the first varied column not in the series. */
    private static List<String> defaultX(TableLayout layout, List<String> series) {
        if (layout.table().has("configuration")) {
            return List.of("configuration");
        }
        for (String v : layout.varied()) {
            if (!series.contains(v)) {
                return List.of(v);
            }
        }
        if (!series.isEmpty()) {
            return series;
        }
        throw new ChartException(layout.table().source() + ": nothing to put on the x axis (no 'configuration' "
                + "column and no parameter varies); name a column with --x");
    }

    /** {@code -by-workload} when the x axis was chosen, so that figures of one kind by different axes do not clash. */
    static String byName(ChartOptions o) {
        return o.x().isEmpty() ? "" : "-by-" + String.join(",", o.x());
    }

    private static String relativeName(Baseline baseline) {
        return baseline == null ? "" : "-vs-" + baseline.fileName();
    }

    /** A time metric (its axis in seconds) that the options ask to show in hours. */
    private static boolean inHours(ChartOptions o, String metric) {
        return o.hours() && Labels.metricAxis(metric).endsWith("(s)");
    }

    /**
     * Refuses a value a logarithmic axis cannot show (zero or negative, e.g. AWRT 0 of a run that completed no
     * job).
     */
    private static void onLogAxis(ChartOptions o, ResultRow r, String metric, double v) {
        if (o.log() && !(v > 0)) {
            throw new ChartException("--log: run " + r.name() + " has " + Labels.metricName(metric) + " " + v
                    + "; a logarithmic axis shows only values above 0");
        }
    }

    private static NumberAxis yAxis(String metric, Baseline baseline, ChartOptions o) {
        NumberAxis axis = linearAxis(metric, baseline, o);
        return o.log() ? ChartStyle.logAxis(axis.getLabel()) : axis;
    }

    private static NumberAxis linearAxis(String metric, Baseline baseline, ChartOptions o) {
        if (baseline != null) {
            return ChartStyle.numberAxis(Labels.metricName(metric) + " relative to " + baseline.shortName() + " (%)");
        }
        if (inHours(o, metric)) {
            String axis = Labels.metricAxis(metric);
            return ChartStyle.numberAxis(axis.substring(0, axis.length() - "(s)".length()) + "(h)");
        }
        return Labels.isFraction(metric) ? ChartStyle.percentAxis(Labels.metricAxis(metric))
                : ChartStyle.numberAxis(Labels.metricAxis(metric));
    }

    /**
     * The cells of a bar chart: a value per (x value, series value), series named by the row's series columns or,
     * without series columns, by the metric. Two runs in one cell are an error: the figure would hide one.
     */
    private static final class Cells {
        private final List<String> x;
        private final List<String> series;
        private final Map<List<List<String>>, Double> values = new HashMap<>();
        private final Map<List<List<String>>, String> owners = new HashMap<>();
        private final TreeSet<List<String>> xKeys;
        private final List<List<String>> seriesKeys = new ArrayList<>();

        Cells(List<String> x, List<String> series) {
            this.x = x;
            this.series = series;
            this.xKeys = new TreeSet<>(ValueOrder.ofColumns(x));
        }

        void put(ResultRow r, List<String> metricKey, double value) {
            List<String> xk = x.stream().map(r::get).toList();
            List<String> sk = series.isEmpty() ? metricKey : series.stream().map(r::get).toList();
            List<List<String>> cell = List.of(xk, sk);
            String previous = owners.putIfAbsent(cell, r.name());
            if (previous != null) {
                throw new ChartException("runs " + previous + " and " + r.name() + " fall on the same bar ("
                        + describe(xk, sk) + "); pick one with --where or split them with --each");
            }
            values.put(cell, value);
            xKeys.add(xk);
            if (!seriesKeys.contains(sk)) {
                seriesKeys.add(sk);
            }
        }

        private String describe(List<String> xk, List<String> sk) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < x.size(); i++) {
                parts.add(x.get(i) + "=" + xk.get(i));
            }
            for (int i = 0; i < series.size(); i++) {
                parts.add(series.get(i) + "=" + sk.get(i));
            }
            return String.join(", ", parts);
        }

        JFreeChart chart(String title, String xLabel, NumberAxis y, List<String> subtitles) {
            if (!series.isEmpty()) {
                seriesKeys.sort(ValueOrder.ofColumns(series));
            }
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (List<String> sk : seriesKeys) {
                String seriesLabel = label(series, sk);
                for (List<String> xk : xKeys) {
                    data.addValue(values.get(List.of(xk, sk)), seriesLabel, label(x, xk));
                }
            }
            CategoryAxis xAxis = new CategoryAxis(xLabel);
            xAxis.setCategoryMargin(0.15);
            int longest = xKeys.stream().mapToInt(k -> label(x, k).length()).max().orElse(0);
            if (xKeys.size() * longest > 70) {
                // horizontal labels would be cut to "10_20k_..."
                xAxis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
            }
            BarRenderer renderer = new BarRenderer();
            renderer.setItemMargin(0.02);
            renderer.setMaximumBarWidth(0.10);
            boolean log = y instanceof LogarithmicAxis;
            // on a log axis the bars' base 0 lies at minus infinity: the range spans the values, bars start at its foot
            renderer.setIncludeBaseInRange(!log);
            CategoryPlot plot = new CategoryPlot(data, xAxis, y, renderer);
            if (!log) {
                plot.addRangeMarker(new ValueMarker(0, Color.DARK_GRAY, new BasicStroke(1f)));
            } else {
                // the unlabelled multiples between the labelled ones, fainter, so a bar's height can be read
                plot.setRangeMinorGridlinesVisible(true);
                plot.setRangeMinorGridlinePaint(ChartStyle.MINOR_GRID);
                plot.setRangeMinorGridlineStroke(new BasicStroke(0.5f));
            }
            JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE, plot, true);
            ChartStyle.apply(chart, subtitles.toArray(String[]::new));
            ChartStyle.legendAt(chart, seriesKeys.size());
            List<Paint> paints = series.isEmpty() ? null : SeriesColors.assign(seriesKeys, series);
            for (int i = 0; i < seriesKeys.size(); i++) {
                renderer.setSeriesPaint(i, paints == null ? ChartStyle.color(i) : paints.get(i));
            }
            renderer.setShadowVisible(false);
            return chart;
        }

        private static String label(List<String> columns, List<String> key) {
            if (columns.isEmpty()) {
                return key.get(0);
            }
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                String p = columns.size() == 1 ? Labels.value(columns.get(0), key.get(0))
                        : Labels.part(columns.get(i), key.get(i));
                if (!p.isEmpty()) {
                    parts.add(p);
                }
            }
            return parts.isEmpty() ? "(none)" : String.join(", ", parts);
        }
    }
}
