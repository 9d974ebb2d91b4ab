package gridmarket.charts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code prices} (price per node-second over time of one run) and {@code surplus} (user and owner surplus). */
class ChartPricesTest {
    @TempDir
    Path dir;

    @Test
    void pricesPaidPerNodeSecondArePointsAtTheJobsStarts() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        XYDataset d = ((XYPlot) new Charts().build(ChartKind.PRICES, List.of(run), new ChartOptions()).get(0)
                .chart().getPlot()).getDataset();
        assertEquals(1, d.getSeriesCount(), "no prices.csv: the prices paid alone");
        // jobs 1, 2, 3, 6 and 7 ran on one machine; job 4 was co-allocated, job 5 rejected
        assertEquals(5, d.getItemCount(0));
        assertEquals(0, d.getXValue(0, 0), 0);
        assertEquals(40.5 / (4 * 120), d.getYValue(0, 0), 1e-15, "job 1: 40.5 for 4 nodes x 120 s");
    }

    @Test
    void postedPricesAreStepsPerOwner() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        Files.writeString(run.resolve("prices.csv"), "time,machine,price,utilization,sold\n"
                + "0,m1,1.0,0.5,0.2\n3600,m1,1.5,0.9,0.9\n7200,m1,0.75,0.1,0\n0,m2,2.0,0,0\n3600,m2,2.5,1,1\n");
        XYDataset d = ((XYPlot) new Charts().build(ChartKind.PRICES, List.of(run), new ChartOptions()).get(0)
                .chart().getPlot()).getDataset();
        assertEquals(3, d.getSeriesCount());
        assertEquals("m1", d.getSeriesKey(0));
        assertEquals(5, d.getItemCount(0), "three periods: a corner at each change");
        double[][] m1 = {{0, 1}, {1, 1}, {1, 1.5}, {2, 1.5}, {2, 0.75}};
        for (int i = 0; i < m1.length; i++) {
            assertEquals(m1[i][0], d.getXValue(0, i), 1e-15);
            assertEquals(m1[i][1], d.getYValue(0, i), 1e-15);
        }
        assertEquals(3, d.getItemCount(1));
        assertTrue(PriceChart.applies(run));

        Files.writeString(run.resolve("prices.csv"), "time,machine,price,utilization,sold\n0,m1,1.0,0.5,0.2\n"
                + "3600,m1,cheap,0.9,0.9\n");
        ChartException e = assertThrows(ChartException.class,
                () -> new Charts().build(ChartKind.PRICES, List.of(run), new ChartOptions()));
        assertTrue(e.getMessage().contains("prices.csv:3:") && e.getMessage().contains("'cheap'"), e.getMessage());
    }

    @Test
    void surplusBarsAreTheEconomysUserAndOwnerSurplus() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        ObjectMapper json = new ObjectMapper();
        ObjectNode summary = (ObjectNode) json.readTree(run.resolve("summary.json").toFile());
        ObjectNode economy = ((ObjectNode) summary.get("market")).putObject("economy");
        economy.put("userSurplus", -125.5);
        economy.put("ownerSurplus", 300.25);
        json.writeValue(run.resolve("summary.json").toFile(), summary);
        Figure f = new Charts().build(ChartKind.SURPLUS, List.of(run), new ChartOptions()).get(0);
        assertEquals("surplus", f.name());
        CategoryDataset d = ((CategoryPlot) f.chart().getPlot()).getDataset();
        assertEquals(List.of("user surplus", "owner surplus"), d.getRowKeys());
        assertEquals(-125.5, d.getValue(0, 0).doubleValue(), 0);
        assertEquals(300.25, d.getValue(1, 0).doubleValue(), 0);
    }
}
