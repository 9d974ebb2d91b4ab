package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link ChartKind#MACHINES}: work (squashed area, drawn in node-hours) and utilization per machine, one bar per run
 * (thesis Figs 6.12 and 6.13), as two plots over one machine axis. Values are the results' own
 * {@code machines.NAME.work} and {@code machines.NAME.utilization}.
 */
final class MachineChart {
    /** The two quantities, by their column suffix. */
    static final List<String> METRICS = List.of("work", "utilization");
    private static final double HOUR = 3600.0;

    private MachineChart() {
    }

    /** One figure per figure group; by default one per configuration and workload. */
    static List<Figure> machines(TableLayout layout, ChartOptions o) {
        if (!o.x().isEmpty()) {
            throw new ChartException("--x: the machines chart has the machines on its x axis");
        }
        List<String> metrics = o.metrics().isEmpty() ? METRICS : o.metrics();
        for (String m : metrics) {
            if (!METRICS.contains(m)) {
                throw new ChartException("--metric: the machines chart draws work and utilization, not '" + m
                        + "'");
            }
        }
        List<String> machines = machineNames(layout);
        if (machines.isEmpty()) {
            throw new ChartException(layout.table().source() + ": no per-machine columns (machines.NAME.work)");
        }
        List<String> each = Grouping.figuresPer(layout, o);
        List<String> series = !o.series().isEmpty() ? layout.require(o.series(), "--series")
                : Grouping.without(layout.varied(), each);
        List<Figure> figures = new ArrayList<>();
        for (Grouping.Group g : Grouping.split(layout.rows(), each)) {
            figures.add(figure(layout, g, machines, series, metrics));
        }
        return figures;
    }

    private static List<String> machineNames(TableLayout layout) {
        Set<String> names = new TreeSet<>(ValueOrder::compare);
        for (String c : layout.table().columns()) {
            if (c.startsWith("machines.") && c.endsWith(".work")) {
                names.add(c.substring("machines.".length(), c.length() - ".work".length()));
            }
        }
        return new ArrayList<>(names);
    }

    private static Figure figure(TableLayout layout, Grouping.Group g, List<String> machines, List<String> series,
                                 List<String> metrics) {
        List<ResultRow> rows = new ArrayList<>(g.rows());
        rows.sort((a, b) -> ValueOrder.ofColumns(series).compare(series.stream().map(a::get).toList(),
                series.stream().map(b::get).toList()));
        Map<String, ResultRow> bySeries = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            String label = series.isEmpty() ? TableLayout.fallbackLabel(r) : Labels.of(r, series);
            ResultRow previous = bySeries.putIfAbsent(label.isEmpty() ? "(none)" : label, r);
            if (previous != null) {
                throw new ChartException("runs " + previous.name() + " and " + r.name() + " have the same label '"
                        + label + "' in one machines chart; pick one with --where or split them with --each");
            }
        }
        Set<String> used = new LinkedHashSet<>();
        for (String m : machines) {
            if (rows.stream().anyMatch(r -> r.has("machines." + m + ".work"))) {
                used.add(m);
            }
        }
        CombinedDomainCategoryPlot plot = new CombinedDomainCategoryPlot(new CategoryAxis("machine"));
        plot.setGap(16);
        List<BarRenderer> renderers = new ArrayList<>();
        for (String metric : metrics) {
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (Map.Entry<String, ResultRow> e : bySeries.entrySet()) {
                for (String m : used) {
                    String column = "machines." + m + "." + metric;
                    // work in node-hours: node-seconds run to nine digits, too many to read off an axis
                    double scale = metric.equals("work") ? 1 / HOUR : 1;
                    data.addValue(e.getValue().has(column) ? e.getValue().number(column) * scale : null, e.getKey(),
                            m);
                }
            }
            NumberAxis y = metric.equals("work") ? ChartStyle.numberAxis("work (node-hours)")
                    : ChartStyle.percentAxis("utilization (%)");
            if (metric.equals("work")) {
                y.setNumberFormatOverride(ChartStyle.grouped());
            }
            BarRenderer renderer = new BarRenderer();
            renderer.setItemMargin(0.02);
            renderer.setMaximumBarWidth(0.10);
            renderer.setShadowVisible(false);
            renderers.add(renderer);
            plot.add(new CategoryPlot(data, null, y, renderer), 1);
        }
        String what = String.join(" and ", metrics) + " per machine";
        JFreeChart chart = new JFreeChart(Labels.title(Labels.experiment(rows), what), ChartStyle.TITLE, plot,
                true);
        ChartStyle.apply(chart, layout.subtitles(g, null).toArray(String[]::new));
        ChartStyle.legendAt(chart, bySeries.size());
        List<List<String>> keys = rows.stream().map(r -> series.stream().map(r::get).toList()).toList();
        var paints = SeriesColors.assign(keys, series);
        for (int k = 0; k < renderers.size(); k++) {
            BarRenderer renderer = renderers.get(k);
            for (int i = 0; i < bySeries.size(); i++) {
                renderer.setSeriesPaint(i, series.isEmpty() ? ChartStyle.color(i) : paints.get(i));
            }
            // one legend for both plots: the second would repeat every entry
            renderer.setBaseSeriesVisibleInLegend(k == 0);
        }
        String name = ChartKind.MACHINES.key() + (metrics.equals(METRICS) ? "" : "-" + String.join(",", metrics))
                + g.suffix();
        return new Figure(ChartFiles.safe(name), chart);
    }
}
