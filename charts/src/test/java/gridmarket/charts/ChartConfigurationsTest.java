package gridmarket.charts;

import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code configurations}: AWRT and AWWT (or other metrics) per configuration. */
class ChartConfigurationsTest {
    @TempDir
    Path dir;
    private Path results;
    private List<Map<String, String>> rows;

    @BeforeEach
    void data() throws Exception {
        results = Fixtures.copy("sweep", dir).resolve("results.csv");
        rows = Fixtures.csv(results);
    }

    @Test
    void timesInHoursWhenAskedAndFiltersInTheFileName() throws Exception {
        ChartOptions o = new ChartOptions().hours(true).where("strategy=local");
        List<Figure> figures = new Charts().build(ChartKind.CONFIGURATIONS, List.of(results), o);
        Figure f = figures.get(0);
        assertEquals("configurations-awrt,awwt-hours-workload=w1", f.name());
        CategoryPlot plot = (CategoryPlot) f.chart().getPlot();
        assertEquals("time (h)", plot.getRangeAxis().getLabel());
        Map<String, String> row = Fixtures.row(rows, "strategy", "local", "configuration", "m128", "workload", "w1");
        assertEquals(Double.parseDouble(row.get("awrt")) / 3600, plot.getDataset().getValue("AWRT", "m128")
                .doubleValue(), 1e-9);
        Path out = dir.resolve("hours");
        List<Path> files = new Charts().write(ChartKind.CONFIGURATIONS, List.of(results), o, out);
        assertEquals(out.resolve("configurations-awrt,awwt-hours-workload=w1-where-strategy=local.png"),
                files.get(0));
    }

    @Test
    void aFigurePerStrategyAndWorkloadWithAwrtAndAwwtBars() throws Exception {
        List<Figure> figures = new Charts().build(ChartKind.CONFIGURATIONS, List.of(results), new ChartOptions());
        assertEquals(List.of(
                "configurations-awrt,awwt-strategy=local,workload=w1",
                "configurations-awrt,awwt-strategy=local,workload=w2",
                "configurations-awrt,awwt-strategy=jobsharing,workload=w1",
                "configurations-awrt,awwt-strategy=jobsharing,workload=w2",
                "configurations-awrt,awwt-strategy=multisite,multisite.overhead=0.0,workload=w1",
                "configurations-awrt,awwt-strategy=multisite,multisite.overhead=0.0,workload=w2",
                "configurations-awrt,awwt-strategy=multisite,multisite.overhead=0.5,workload=w1",
                "configurations-awrt,awwt-strategy=multisite,multisite.overhead=0.5,workload=w2"),
                figures.stream().map(Figure::name).toList());
        Figure f = figures.get(6);
        CategoryDataset d = ((CategoryPlot) f.chart().getPlot()).getDataset();
        assertEquals(List.of("AWRT", "AWWT"), d.getRowKeys());
        assertEquals(List.of("c2", "m128"), d.getColumnKeys());
        for (String c : List.of("c2", "m128")) {
            Map<String, String> row = Fixtures.row(rows, "strategy", "multisite", "multisite.overhead", "0.5",
                    "configuration", c, "workload", "w1");
            assertEquals(Double.parseDouble(row.get("awrt")), d.getValue("AWRT", c));
            assertEquals(Double.parseDouble(row.get("awwt")), d.getValue("AWWT", c));
        }
        assertEquals("t-multisite: AWRT and AWWT per configuration", f.chart().getTitle().getText());
        assertEquals("time (s)", ((CategoryPlot) f.chart().getPlot()).getRangeAxis().getLabel());

        Path out = dir.resolve("charts");
        new Charts().write(ChartKind.CONFIGURATIONS, List.of(results), new ChartOptions(), out);
        Fixtures.assertWritten(out, "configurations-awrt,awwt-strategy=multisite,multisite.overhead=0.5,workload=w1",
                List.of("AWRT", "AWWT", "c2", "m128", "time (s)", "strategy multisite, p=50%, workload w1"));
    }

    @Test
    void workloadsOnTheXAxisAsInFigure610() {
        List<Figure> figures = new Charts().build(ChartKind.CONFIGURATIONS, List.of(results), new ChartOptions()
                .x(List.of("workload")).where("strategy=jobsharing"));
        assertEquals(List.of("configurations-awrt,awwt-by-workload-configuration=c2",
                "configurations-awrt,awwt-by-workload-configuration=m128"), figures.stream().map(Figure::name).toList());
        CategoryDataset d = ((CategoryPlot) figures.get(0).chart().getPlot()).getDataset();
        assertEquals(List.of("w1", "w2"), d.getColumnKeys());
        assertEquals(Double.parseDouble(Fixtures.row(rows, "strategy", "jobsharing", "configuration", "c2",
                "workload", "w2").get("awwt")), d.getValue("AWWT", "w2"));
    }

    @Test
    void aLogScaleWhenAskedWithTheValuesUnchangedAndItsNameInTheFile() throws Exception {
        ChartOptions o = new ChartOptions().log(true).hours(true).where("strategy=local");
        Figure f = new Charts().build(ChartKind.CONFIGURATIONS, List.of(results), o).get(0);
        assertEquals("configurations-awrt,awwt-hours-log-workload=w1", f.name());
        CategoryPlot plot = (CategoryPlot) f.chart().getPlot();
        assertInstanceOf(LogarithmicAxis.class, plot.getRangeAxis());
        assertEquals("time (h), log scale", plot.getRangeAxis().getLabel());
        Map<String, String> row = Fixtures.row(rows, "strategy", "local", "configuration", "m128", "workload", "w1");
        assertEquals(Double.parseDouble(row.get("awrt")) / 3600, plot.getDataset().getValue("AWRT", "m128")
                .doubleValue(), 1e-9);
        // the axis spans the bars: from at most the smallest to at least the largest value
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int r = 0; r < plot.getDataset().getRowCount(); r++) {
            for (int c = 0; c < plot.getDataset().getColumnCount(); c++) {
                double v = plot.getDataset().getValue(r, c).doubleValue();
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        assertTrue(plot.getRangeAxis().getLowerBound() <= min && plot.getRangeAxis().getUpperBound() >= max,
                plot.getRangeAxis().getRange() + " holds " + min + ".." + max);
        Path out = dir.resolve("log");
        List<Path> files = new Charts().write(ChartKind.CONFIGURATIONS, List.of(results), o, out);
        assertEquals(out.resolve("configurations-awrt,awwt-hours-log-workload=w1-where-strategy=local.png"),
                files.get(0));
    }

    @Test
    void aLogScaleRefusesABaselineAndKindsWithoutBars() {
        ChartException e = assertThrows(ChartException.class, () -> new Charts().build(ChartKind.CONFIGURATIONS,
                List.of(results), new ChartOptions().log(true).baseline("configuration=m128")));
        assertTrue(e.getMessage().contains("--log and --baseline"), e.getMessage());
        e = assertThrows(ChartException.class, () -> new Charts().build(ChartKind.MACHINES, List.of(results),
                new ChartOptions().log(true)));
        assertEquals("the machines chart does not take --log", e.getMessage());
    }
}
