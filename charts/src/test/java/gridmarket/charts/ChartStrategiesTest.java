package gridmarket.charts;

import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code strategies}: a metric per configuration, a bar per strategy, absolute and relative to a baseline. */
class ChartStrategiesTest {
    @TempDir
    Path dir;
    private Path results;
    private List<Map<String, String>> rows;

    @BeforeEach
    void data() throws Exception {
        results = Fixtures.copy("sweep", dir).resolve("results.csv");
        rows = Fixtures.csv(results);
    }

    private static CategoryDataset data(Figure f) {
        return ((CategoryPlot) f.chart().getPlot()).getDataset();
    }

    @Test
    void oneFigurePerWorkloadWithABarPerStrategyEqualToTheTable() throws Exception {
        List<Figure> figures = new Charts().build(ChartKind.STRATEGIES, List.of(results), new ChartOptions());
        assertEquals(List.of("strategies-awrt-workload=w1", "strategies-awrt-workload=w2"),
                figures.stream().map(Figure::name).toList());
        for (Figure f : figures) {
            String workload = f.name().substring(f.name().lastIndexOf('=') + 1);
            CategoryDataset d = data(f);
            assertEquals(List.of("local", "jobsharing", "multisite, p=0%", "multisite, p=50%"), d.getRowKeys());
            assertEquals(List.of("c2", "m128"), d.getColumnKeys());
            for (String configuration : List.of("c2", "m128")) {
                assertEquals(awrt("local", "", configuration, workload), d.getValue("local", configuration));
                assertEquals(awrt("jobsharing", "", configuration, workload),
                        d.getValue("jobsharing", configuration));
                assertEquals(awrt("multisite", "0.0", configuration, workload),
                        d.getValue("multisite, p=0%", configuration));
                assertEquals(awrt("multisite", "0.5", configuration, workload),
                        d.getValue("multisite, p=50%", configuration));
            }
            assertEquals("t: AWRT per configuration and strategy", f.chart().getTitle().getText());
            assertEquals("AWRT (s)", ((CategoryPlot) f.chart().getPlot()).getRangeAxis().getLabel());
            assertEquals("machine configuration", ((CategoryPlot) f.chart().getPlot()).getDomainAxis().getLabel());
        }
    }

    private double awrt(String strategy, String overhead, String configuration, String workload) {
        return Double.parseDouble(Fixtures.row(rows, "strategy", strategy, "multisite.overhead", overhead,
                "configuration", configuration, "workload", workload).get("awrt"));
    }

    @Test
    void relativeToTheBaselineConfigurationInPercent() {
        List<Figure> figures = new Charts().build(ChartKind.STRATEGIES, List.of(results),
                new ChartOptions().baseline("configuration=m128"));
        assertEquals("strategies-awrt-vs-configuration=m128-workload=w1", figures.get(0).name());
        CategoryDataset d = data(figures.get(0));
        for (String series : List.of("local", "jobsharing", "multisite, p=0%", "multisite, p=50%")) {
            assertEquals(0.0, d.getValue(series, "m128").doubleValue(), 1e-12, series + " at the baseline");
        }
        double local = awrt("local", "", "c2", "w1");
        double base = awrt("local", "", "m128", "w1");
        assertEquals((local / base - 1) * 100, d.getValue("local", "c2").doubleValue(), 1e-9);
        assertEquals(200.0, d.getValue("local", "c2").doubleValue(), 1e-9);
        assertEquals(75.0, d.getValue("multisite, p=50%", "c2").doubleValue(), 1e-9);
        assertEquals("AWRT relative to m128 (%)", ((CategoryPlot) figures.get(0).chart().getPlot()).getRangeAxis()
                .getLabel());
    }

    @Test
    void whereKeepsRunsWithoutTheKeyAndOtherMetricsWork() {
        List<Figure> figures = new Charts().build(ChartKind.STRATEGIES, List.of(results), new ChartOptions()
                .where("multisite.overhead=0.5").where("workload=w2").metrics(List.of("art", "awwt")));
        assertEquals(List.of("strategies-art", "strategies-awwt"), figures.stream().map(Figure::name).toList());
        CategoryDataset art = data(figures.get(0));
        assertEquals(List.of("local", "jobsharing", "multisite, p=50%"), art.getRowKeys());
        assertEquals(Double.parseDouble(Fixtures.row(rows, "strategy", "multisite", "multisite.overhead", "0.5",
                "configuration", "c2", "workload", "w2").get("art")), art.getValue("multisite, p=50%", "c2"));
        assertEquals("runs with p=50%; workload=w2", ((TextTitle) figures.get(0).chart().getSubtitle(1)).getText());
    }

    @Test
    void writesPngAndSvgWithTheSeriesLabels() throws Exception {
        Path out = dir.resolve("charts");
        List<Path> files = new Charts().write(ChartKind.STRATEGIES, List.of(results), new ChartOptions(), out);
        assertEquals(4, files.size());
        Fixtures.assertWritten(out, "strategies-awrt-workload=w1", List.of("local", "jobsharing",
                "multisite, p=0%", "multisite, p=50%", "c2", "m128", "AWRT (s)", "machine configuration",
                "t: AWRT per configuration and strategy", "workload w1"));
    }

    @Test
    void axisLabelsReplaceTheColumnAndMetricNamesAndALogAxisStillSaysSo() throws Exception {
        ChartOptions o = new ChartOptions().xLabel("failures per machine-day").yLabel("AWRT of grid jobs (s)");
        CategoryPlot plot = (CategoryPlot) new Charts().build(ChartKind.STRATEGIES, List.of(results), o).get(0)
                .chart().getPlot();
        assertEquals("failures per machine-day", plot.getDomainAxis().getLabel());
        assertEquals("AWRT of grid jobs (s)", plot.getRangeAxis().getLabel());
        plot = (CategoryPlot) new Charts().build(ChartKind.STRATEGIES, List.of(results), o.log(true)).get(0)
                .chart().getPlot();
        assertEquals("AWRT of grid jobs (s), log scale", plot.getRangeAxis().getLabel());
        Path out = dir.resolve("labelled");
        new Charts().write(ChartKind.STRATEGIES, List.of(results), o, out);
        Fixtures.assertWritten(out, "strategies-awrt-log-workload=w1", List.of("failures per machine-day",
                "AWRT of grid jobs (s), log scale"));
    }

    /** A run folder of a local PFCFS run with its policy parameters and AWRT, as summary.json has them. */
    private Path pfcfsRun(String name, int x, double awrt) throws Exception {
        Path run = dir.resolve("runs").resolve(name);
        java.nio.file.Files.createDirectories(run);
        java.nio.file.Files.writeString(run.resolve("summary.json"), """
                {"experiment": "%s", "strategy": "local", "policy": "pfcfs", "seed": 1,
                 "policyParameters": {"x": %d, "n": 1, "delay": 60, "delta": 60, "penalty": 0},
                 "workload": {"source": "hand-made", "jobs": 2, "dropped": {}},
                 "metrics": {"jobs": 2, "completed": 2, "rejected": 0, "art": 10, "awrt": %s, "awwt": 1.0,
                             "meanWait": 1.0, "meanBoundedSlowdown": 1.0, "firstSubmit": 0, "lastEnd": 10,
                             "makespan": 10, "utilization": 0.5},
                 "performance": {"simulationSeconds": 0.001}}
                """.formatted(name, x, awrt));
        return run;
    }

    @Test
    void runsGivenOneByOneThatDifferOnlyInAPolicyParameterGetABarEach() throws Exception {
        List<Figure> figures = new Charts().build(ChartKind.STRATEGIES,
                List.of(pfcfsRun("r50", 50, 2000.0), pfcfsRun("r40", 40, 1500.0)), new ChartOptions());
        assertEquals(1, figures.size());
        CategoryDataset d = data(figures.get(0));
        assertEquals(List.of("40", "50"), d.getColumnKeys());
        assertEquals(1500.0, d.getValue("local", "40").doubleValue());
        assertEquals(2000.0, d.getValue("local", "50").doubleValue());
        assertEquals("wide above x (% of nodes)",
                ((CategoryPlot) figures.get(0).chart().getPlot()).getDomainAxis().getLabel());
    }
}
