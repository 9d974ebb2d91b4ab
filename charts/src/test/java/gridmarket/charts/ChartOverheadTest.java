package gridmarket.charts;

import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code overhead}: a metric against the multi-site overhead p, a line per configuration. */
class ChartOverheadTest {
    @TempDir
    Path dir;
    private Path results;
    private List<Map<String, String>> rows;

    @BeforeEach
    void data() throws Exception {
        results = Fixtures.copy("sweep", dir).resolve("results.csv");
        rows = Fixtures.csv(results);
    }

    private double awrt(String overhead, String configuration, String workload) {
        return Double.parseDouble(Fixtures.row(rows, "strategy", "multisite", "multisite.overhead", overhead,
                "configuration", configuration, "workload", workload).get("awrt"));
    }

    @Test
    void oneLinePerConfigurationThroughTheTablesValues() throws Exception {
        List<Figure> figures = new Charts().build(ChartKind.OVERHEAD, List.of(results), new ChartOptions());
        assertEquals(List.of("overhead-awrt-workload=w1", "overhead-awrt-workload=w2"),
                figures.stream().map(Figure::name).toList());
        XYPlot plot = (XYPlot) figures.get(1).chart().getPlot();
        XYSeriesCollection d = (XYSeriesCollection) plot.getDataset();
        assertEquals(List.of("c2", "m128"), List.of(d.getSeriesKey(0), d.getSeriesKey(1)));
        for (int s = 0; s < 2; s++) {
            String configuration = (String) d.getSeriesKey(s);
            assertEquals(2, d.getItemCount(s), "local and job-sharing runs have no p and are not drawn");
            assertEquals(0.0, d.getXValue(s, 0));
            assertEquals(0.5, d.getXValue(s, 1));
            assertEquals(awrt("0.0", configuration, "w2"), d.getYValue(s, 0));
            assertEquals(awrt("0.5", configuration, "w2"), d.getYValue(s, 1));
        }
        assertEquals("multi-site overhead p", plot.getDomainAxis().getLabel());
        assertEquals("t-multisite: AWRT against p per configuration", figures.get(1).chart().getTitle().getText());

        Path out = dir.resolve("charts");
        new Charts().write(ChartKind.OVERHEAD, List.of(results), new ChartOptions(), out);
        Fixtures.assertWritten(out, "overhead-awrt-workload=w2", List.of("c2", "m128", "AWRT (s)",
                "multi-site overhead p", "50%"));
    }

    @Test
    void relativeToM128AsInFigure510() {
        List<Figure> figures = new Charts().build(ChartKind.OVERHEAD, List.of(results),
                new ChartOptions().baseline("configuration=m128").where("workload=w1"));
        assertEquals(List.of("overhead-awrt-vs-configuration=m128"), figures.stream().map(Figure::name).toList());
        XYSeriesCollection d = (XYSeriesCollection) ((XYPlot) figures.get(0).chart().getPlot()).getDataset();
        assertEquals("c2", d.getSeriesKey(0));
        assertEquals((awrt("0.5", "c2", "w1") / awrt("0.5", "m128", "w1") - 1) * 100, d.getYValue(0, 1), 1e-9);
        assertEquals(25.0, d.getYValue(0, 0), 1e-9);
        assertEquals(0.0, d.getYValue(1, 1), 1e-12);
    }
}
