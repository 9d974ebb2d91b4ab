package gridmarket.charts;

import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code machines}: work and utilization per machine, a bar per run. */
class ChartMachinesTest {
    @TempDir
    Path dir;

    private static List<CategoryDataset> data(Figure f) {
        CombinedDomainCategoryPlot plot = (CombinedDomainCategoryPlot) f.chart().getPlot();
        return plot.getSubplots().stream().map(p -> ((CategoryPlot) p).getDataset()).toList();
    }

    @Test
    void workAndUtilizationOfEveryMachineFromTheTable() throws Exception {
        Path results = Fixtures.copy("sweep", dir).resolve("results.csv");
        List<Map<String, String>> rows = Fixtures.csv(results);
        List<Figure> figures = new Charts().build(ChartKind.MACHINES, List.of(results), new ChartOptions());
        assertEquals(List.of("machines-configuration=c2,workload=w1", "machines-configuration=c2,workload=w2",
                "machines-configuration=m128,workload=w1", "machines-configuration=m128,workload=w2"),
                figures.stream().map(Figure::name).toList());
        List<CategoryDataset> c2 = data(figures.get(1));
        assertEquals(List.of("local", "jobsharing", "multisite, p=0%", "multisite, p=50%"), c2.get(0).getRowKeys());
        assertEquals(List.of("m1", "m2"), c2.get(0).getColumnKeys());
        Map<String, String> row = Fixtures.row(rows, "strategy", "multisite", "multisite.overhead", "0.0",
                "configuration", "c2", "workload", "w2");
        for (String m : List.of("m1", "m2")) {
            assertEquals(Double.parseDouble(row.get("machines." + m + ".work")) / 3600,
                    c2.get(0).getValue("multisite, p=0%", m).doubleValue(), 1e-9, "node-seconds in node-hours");
            assertEquals(Double.parseDouble(row.get("machines." + m + ".utilization")),
                    c2.get(1).getValue("multisite, p=0%", m).doubleValue());
        }
        assertEquals(List.of("m1"), data(figures.get(2)).get(0).getColumnKeys(), "m128 has one machine");

        Path out = dir.resolve("charts");
        new Charts().write(ChartKind.MACHINES, List.of(results), new ChartOptions(), out);
        Fixtures.assertWritten(out, "machines-configuration=c2,workload=w2", List.of("local", "multisite, p=50%",
                "m1", "m2", "work (node-hours)", "utilization (%)", "machine",
                "t: work and utilization per machine"));
    }

    @Test
    void marketRunsAreLabelledByTheirMfUfPair() throws Exception {
        Path runs = Fixtures.copy("market", dir).resolve("runs");
        List<Figure> figures = new Charts().build(ChartKind.MACHINES, List.of(runs), new ChartOptions());
        assertEquals(1, figures.size());
        List<CategoryDataset> d = data(figures.get(0));
        assertEquals(List.of("MF1, UF1", "MF2, UF2"), d.get(0).getRowKeys());
        var summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(runs.resolve("MF2-UF2/summary.json").toFile());
        assertEquals(summary.at("/metrics/machines/m2/work").asDouble() / 3600,
                d.get(0).getValue("MF2, UF2", "m2").doubleValue(), 1e-9);
        assertEquals(summary.at("/metrics/machines/m1/utilization").asDouble(),
                d.get(1).getValue("MF2, UF2", "m1").doubleValue());
    }
}
