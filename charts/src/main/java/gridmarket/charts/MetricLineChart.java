package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Paint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link ChartKind#OVERHEAD}: a metric against a numeric parameter, by default the multi-site overhead p, one line
 * per configuration (thesis Figs 5.9 and, with {@code --baseline configuration=m512}, 5.10). Runs without a value
 * of the parameter (local and job-sharing runs have no p) are not drawn.
 */
final class MetricLineChart {
    private MetricLineChart() {
    }

    /** One figure per metric and figure group. */
    static List<Figure> overhead(TableLayout all, ChartOptions o) {
        List<String> metrics = o.metrics().isEmpty() ? List.of("awrt") : o.metrics();
        metrics.forEach(all::requireMetric);
        if (o.x().size() > 1) {
            throw new ChartException("--x: the overhead chart takes one numeric column, got " + o.x());
        }
        String x;
        if (o.x().isEmpty()) {
            // the default is no option the user gave: name the column looked for and the option that changes it
            x = Labels.OVERHEAD;
            if (!all.table().has(x)) {
                throw new ChartException(all.table().source() + ": no column '" + x + "' (the overhead chart's "
                        + "default x axis, the multi-site overhead p); choose a numeric column with --x");
            }
        } else {
            x = all.require(o.x(), "--x").get(0);
        }
        TableLayout layout = all.having(x);
        for (ResultRow r : layout.rows()) {
            r.number(x);
        }
        List<String> series;
        if (!o.series().isEmpty()) {
            series = layout.require(o.series(), "--series");
        } else if (layout.varies("configuration")) {
            series = List.of("configuration");
        } else {
            series = Grouping.without(layout.varied(), List.of(x)).stream().limit(1).toList();
        }
        List<String> each = layout.each(o, TableLayout.union(List.of(x), series, List.of()));
        Baseline baseline = layout.baseline(o, TableLayout.union(List.of(x), series, each));
        List<Figure> figures = new ArrayList<>();
        for (String metric : metrics) {
            for (Grouping.Group g : Grouping.split(layout.rows(), each)) {
                figures.add(figure(layout, g, metric, x, series, baseline));
            }
        }
        return figures;
    }

    private static Figure figure(TableLayout layout, Grouping.Group g, String metric, String x, List<String> series,
                                 Baseline baseline) {
        Map<List<String>, XYSeries> lines = new TreeMap<>(ValueOrder.ofColumns(series));
        Map<List<String>, Map<Double, String>> owners = new HashMap<>();
        for (ResultRow r : g.rows()) {
            List<String> key = series.stream().map(r::get).toList();
            String label = series.isEmpty() ? Labels.metricName(metric) : Labels.of(r, series);
            XYSeries line = lines.computeIfAbsent(key, k -> new XYSeries(label.isEmpty() ? "(none)" : label, true,
                    false));
            double xv = r.number(x);
            String previous = owners.computeIfAbsent(key, k -> new HashMap<>()).putIfAbsent(xv, r.name());
            if (previous != null) {
                throw new ChartException("runs " + previous + " and " + r.name() + " fall on the same point ("
                        + x + "=" + r.get(x) + ", line " + line.getKey() + "); pick one with --where or split "
                        + "them with --each");
            }
            double v = r.number(metric);
            if (baseline != null) {
                v = Baseline.relative(v, baseline.valueFor(r, metric));
            }
            line.add(xv, v);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        lines.values().forEach(data::addSeries);
        NumberAxis xAxis = x.equals(Labels.OVERHEAD) ? ChartStyle.percentAxis(Labels.column(x))
                : ChartStyle.numberAxis(Labels.column(x));
        xAxis.setAutoRangeIncludesZero(false);
        NumberAxis yAxis;
        if (baseline != null) {
            yAxis = ChartStyle.numberAxis(Labels.metricName(metric) + " relative to " + baseline.shortName()
                    + " (%)");
        } else {
            yAxis = Labels.isFraction(metric) ? ChartStyle.percentAxis(Labels.metricAxis(metric))
                    : ChartStyle.numberAxis(Labels.metricAxis(metric));
            yAxis.setAutoRangeIncludesZero(false);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        XYPlot plot = new XYPlot(data, xAxis, yAxis, renderer);
        String what = Labels.metricName(metric) + (baseline == null ? "" : " relative to " + baseline.shortName())
                + " against " + Labels.shortColumn(x) + (series.isEmpty() ? "" : " per " + Labels.shortColumns(series));
        JFreeChart chart = new JFreeChart(Labels.title(Labels.experiment(g.rows()), what), ChartStyle.TITLE, plot,
                true);
        ChartStyle.apply(chart, layout.subtitles(g, baseline).toArray(String[]::new));
        ChartStyle.legendAt(chart, lines.size());
        List<Paint> paints = SeriesColors.assign(new ArrayList<>(lines.keySet()), series);
        for (int i = 0; i < lines.size(); i++) {
            renderer.setSeriesPaint(i, series.isEmpty() ? ChartStyle.color(i) : paints.get(i));
            renderer.setSeriesShape(i, ChartStyle.shape(i));
            renderer.setSeriesStroke(i, new BasicStroke(2.5f));
        }
        String name = ChartKind.OVERHEAD.key() + "-" + metric + (x.equals(Labels.OVERHEAD) ? "" : "-by-" + x)
                + (baseline == null ? ""
                : "-vs-" + baseline.fileName()) + g.suffix();
        return new Figure(ChartFiles.safe(name), chart);
    }
}
