package gridmarket.charts;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code backlog}: queued work and utilization over time for one run. */
class ChartBacklogTest {
    @TempDir
    Path dir;

    /** The time-weighted mean of a step curve drawn through corner points. */
    private static double timeWeightedMean(XYDataset d) {
        double area = 0;
        int n = d.getItemCount(0);
        for (int i = 0; i + 1 < n; i++) {
            area += d.getYValue(0, i) * (d.getXValue(0, i + 1) - d.getXValue(0, i));
        }
        return area / (d.getXValue(0, n - 1) - d.getXValue(0, 0));
    }

    private static double valueAt(XYDataset d, double hours) {
        for (int i = 0; i + 1 < d.getItemCount(0); i++) {
            if (d.getXValue(0, i) <= hours && hours < d.getXValue(0, i + 1)) {
                return d.getYValue(0, i);
            }
        }
        throw new AssertionError("no step at " + hours);
    }

    @Test
    void theUtilizationCurveAveragesToTheRunsUtilization() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        List<Figure> figures = new Charts().build(ChartKind.BACKLOG, List.of(run), new ChartOptions());
        assertEquals("backlog", figures.get(0).name());
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) figures.get(0).chart().getPlot();
        XYDataset queued = ((XYPlot) plot.getSubplots().get(0)).getDataset();
        XYDataset utilization = ((XYPlot) plot.getSubplots().get(1)).getDataset();
        assertEquals("queued work", queued.getSeriesKey(0));
        assertEquals("utilization (all machines)", utilization.getSeriesKey(0));
        double expected = new ObjectMapper().readTree(run.resolve("summary.json").toFile())
                .at("/metrics/utilization").asDouble();
        assertEquals(expected, timeWeightedMean(utilization), 1e-12);
        // at 45 s jobs 3 (6 x 100), 4 (8 x 100) and 5 (16 x 100, rejected at 50 s) wait: 3000 node-seconds
        assertEquals(3000 / 3600.0, valueAt(queued, 45 / 3600.0), 1e-12);
        // at 65 s jobs 1 (4), 2 (8) and 7 (1) run on the 16 nodes
        assertEquals(13 / 16.0, valueAt(utilization, 65 / 3600.0), 1e-12);
        assertEquals(310 / 3600.0, queued.getXValue(0, queued.getItemCount(0) - 1), 1e-12, "to the last end");

        Path out = dir.resolve("charts");
        new Charts().write(ChartKind.BACKLOG, List.of(run), new ChartOptions(), out);
        Fixtures.assertWritten(out, "backlog", List.of("queued work", "utilization (all machines)",
                "queued work (node-hours)", "utilization (%)", "simulated time (h)",
                "x3-test: backlog and utilization over time"));
    }

    @Test
    void binAreasEqualTheSecondBySecondSums() {
        // bins of 7 s from t0 = 100, the last one shorter (3 s) or whole; intervals within one bin, over bin edges,
        // ending exactly on an edge or at t1, reversed, empty, and reaching past t1 (cut there)
        long t0 = 100;
        long width = 7;
        int bins = 30;
        for (long t1 : new long[] {t0 + width * (bins - 1) + 3, t0 + width * bins}) {
            java.util.Random random = new java.util.Random(11);
            BacklogChart.Bins b = new BacklogChart.Bins(t0, t1, width);
            double[] perSecond = new double[(int) (t1 - t0)];
            for (int k = 0; k < 400; k++) {
                long from = t0 + random.nextInt((int) (t1 - t0) + 1);
                long to = k % 5 == 0 ? from + random.nextInt(5) : t0 + random.nextInt((int) (t1 - t0) + 10);
                if (k % 7 == 0) {
                    to = t0 + (to - t0) / width * width;
                }
                double value = 1 + random.nextInt(50);
                b.add(from, to, value);
                for (long s = Math.min(from, to); s < Math.min(Math.max(from, to), t1); s++) {
                    perSecond[(int) (s - t0)] += to >= from ? value : -value;
                }
            }
            double[] areas = b.areas();
            assertEquals(bins, areas.length);
            for (int k = 0; k < bins; k++) {
                double expected = 0;
                for (long s = t0 + k * width; s < Math.min(t0 + (k + 1) * width, t1); s++) {
                    expected += perSecond[(int) (s - t0)];
                }
                assertEquals(expected, areas[k], 0, "bin " + k + " of bins to " + t1);
            }
        }
    }

    @Test
    void binsAreRoundAndAtMostSixHundred() {
        assertEquals(1, BacklogChart.binWidth(310));
        assertEquals(1, BacklogChart.binWidth(600));
        assertEquals(2, BacklogChart.binWidth(601));
        assertEquals(7200, BacklogChart.binWidth(4_106_229));
    }
}
