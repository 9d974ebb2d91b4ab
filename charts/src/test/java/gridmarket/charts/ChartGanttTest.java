package gridmarket.charts;

import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gantt}: one machine's schedule, nodes against time, coloured by origin site. */
class ChartGanttTest {
    @TempDir
    Path dir;

    @Test
    void everyJobOfTheMachineIsARectangleOverItsNodesAndTime() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        List<Figure> figures = new Charts().build(ChartKind.GANTT, List.of(run),
                new ChartOptions().machine("m1").from(0L).to(400L));
        assertEquals("gantt-m1", figures.get(0).name());
        XYPlot plot = (XYPlot) figures.get(0).chart().getPlot();
        XYIntervalSeriesCollection jobs = (XYIntervalSeriesCollection) plot.getDataset(0);
        assertEquals(List.of("site s1", "site s2"), List.of(jobs.getSeriesKey(0), jobs.getSeriesKey(1)));
        // jobs.csv on m1: s1 has jobs 1 (0-3, 0..100 s), 3 (0-5, 100..200 s), 6 (0-1, 200..260 s);
        // s2 has job 4's part (4-7, 210..310 s, multi-site) and job 7 (node 7, 60..90 s)
        assertEquals(3, jobs.getItemCount(0));
        assertEquals(2, jobs.getItemCount(1));
        assertEquals(100 / 3600.0, jobs.getStartXValue(0, 1), 1e-12);
        assertEquals(200 / 3600.0, jobs.getEndXValue(0, 1), 1e-12);
        assertEquals(0.0, jobs.getStartYValue(0, 1));
        assertEquals(6.0, jobs.getEndYValue(0, 1), "nodes 0-5 cover [0, 6)");
        assertEquals(4.0, jobs.getStartYValue(1, 0));
        assertEquals(8.0, jobs.getEndYValue(1, 0));
        XYIntervalSeriesCollection multi = (XYIntervalSeriesCollection) plot.getDataset(1);
        assertEquals("part of a multi-site job", multi.getSeriesKey(0));
        assertEquals(1, multi.getItemCount(0));
        assertEquals(210 / 3600.0, multi.getStartXValue(0, 0), 1e-12);
        assertEquals(8.0, plot.getRangeAxis().getUpperBound(), "the machine's 8 nodes");

        Path out = dir.resolve("charts");
        new Charts().write(ChartKind.GANTT, List.of(run), new ChartOptions().machine("m1").from(0L).to(400L), out);
        Fixtures.assertWritten(out, "gantt-m1", List.of("site s1", "site s2", "part of a multi-site job", "node",
                "simulated time (h)", "x3-test: schedule of machine m1 (8 nodes)"));
    }

    @Test
    void theWindowLeavesOutJobsOutsideIt() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        XYPlot plot = (XYPlot) new Charts().build(ChartKind.GANTT, List.of(run),
                new ChartOptions().machine("m2").from(250L).to(400L)).get(0).chart().getPlot();
        XYIntervalSeriesCollection jobs = (XYIntervalSeriesCollection) plot.getDataset(0);
        assertEquals(1, jobs.getSeriesCount(), "job 2 ended at 210; only job 4's part runs after 250");
        assertEquals(250 / 3600.0, plot.getDomainAxis().getLowerBound(), 1e-12);
    }

    @Test
    void oneRunOnlyAndAKnownMachine() throws Exception {
        Path runs = Fixtures.copy("market", dir).resolve("runs");
        ChartException e = assertThrows(ChartException.class, () -> new Charts().build(ChartKind.GANTT,
                List.of(runs), new ChartOptions()));
        assertTrue(e.getMessage().contains("shows one run, but 2 match"), e.getMessage());
        List<Figure> f = new Charts().build(ChartKind.GANTT, List.of(runs),
                new ChartOptions().where("market.mf=MF2"));
        assertEquals("gantt-m1", f.get(0).name(), "the first machine by default");
        e = assertThrows(ChartException.class, () -> new Charts().build(ChartKind.GANTT, List.of(runs.resolve(
                "MF1-UF1")), new ChartOptions().machine("m9")));
        assertTrue(e.getMessage().contains("no machine 'm9'"), e.getMessage());
    }
}
