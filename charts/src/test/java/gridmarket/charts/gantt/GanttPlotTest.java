package gridmarket.charts.gantt;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.IntervalXYDataset;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one Gantt drawing: bars to datasets in the style's units, fills by kind, frames over and inside the bars. */
class GanttPlotTest {
    private static final Color BLUE = new Color(0, 0, 200);
    private static final Color ORANGE = new Color(230, 150, 0);

    private static GanttPlot.Bar bar(String series, GanttBar.Kind kind, Color site, int first, int last,
                                     long start, long end, Color mark, String label) {
        return new GanttPlot.Bar(series, kind, site, first, last, start, end, mark, label);
    }

    @Test
    void paperBarsAreNodeBandsInHoursGroupedBySeriesInTheirOrder() {
        GanttPlot g = new GanttPlot(GanttPlot.Style.PAPER, new NumberAxis(), new NumberAxis(), 8);
        g.show(List.of(bar("site a", GanttBar.Kind.RUNNING, BLUE, 0, 3, 0, 3600, null, null),
                bar("site b", GanttBar.Kind.RUNNING, ORANGE, 4, 7, 1800, 5400, Color.BLACK, null),
                bar("site a", GanttBar.Kind.RUNNING, BLUE, 0, 1, 3600, 7200, null, null)),
                "part of a multi-site job", 0, 7200);
        XYPlot plot = g.plot();
        IntervalXYDataset bars = (IntervalXYDataset) plot.getDataset(0);
        assertEquals(2, bars.getSeriesCount());
        assertEquals("site a", bars.getSeriesKey(0));
        assertEquals(2, bars.getItemCount(0), "both bars of site a, in the given order");
        assertEquals(1.0, bars.getStartXValue(0, 1), 1e-12, "3600 s is hour 1");
        assertEquals(2.0, bars.getEndXValue(0, 1), 1e-12);
        assertEquals(0.0, bars.getStartYValue(0, 1));
        assertEquals(2.0, bars.getEndYValue(0, 1), "nodes 0-1 cover the band [0, 2)");
        IntervalXYDataset marks = (IntervalXYDataset) plot.getDataset(1);
        assertEquals("part of a multi-site job", marks.getSeriesKey(0));
        assertEquals(1, marks.getItemCount(0));
        assertEquals(4.0, marks.getStartYValue(0, 0));
        assertEquals(3, g.legendEntries(), "two sites and the frame");
        assertEquals(8.0, plot.getRangeAxis().getUpperBound());
        assertEquals(2.0, plot.getDomainAxis().getUpperBound(), 1e-12);

        assertEquals(BLUE, plot.getRenderer(0).getItemPaint(0, 0));
        assertEquals(BLUE, plot.getRenderer(0).getItemPaint(0, 1), "every bar of a site in the legend's colour");
        assertEquals(GanttStyle.frame(BLUE), plot.getRenderer(0).getItemOutlinePaint(0, 1), "framed, darker");
        assertEquals(Color.BLACK, plot.getRenderer(1).getItemOutlinePaint(0, 0));
        assertEquals(BLUE, plot.getRenderer(0).getLegendItem(0, 0).getFillPaint(), "the legend shows the plain colour");
    }

    @Test
    void screenBarsAreRowsInSecondsWithKindsAndLabelsOnBigBarsOnly() {
        GanttPlot g = new GanttPlot(GanttPlot.Style.SCREEN, new NumberAxis(), new NumberAxis(), 32);
        g.show(List.of(bar("r", GanttBar.Kind.RUNNING, BLUE, 0, 15, 0, 500, null, "7"),
                bar("e", GanttBar.Kind.ESTIMATE, BLUE, 0, 15, 500, 800, null, "7"),
                bar("v", GanttBar.Kind.RESERVED, ORANGE, 16, 31, 800, 1000, null, "8"),
                bar("r", GanttBar.Kind.RUNNING, BLUE, 16, 16, 0, 500, null, "9")), "", 0, 1000);
        XYPlot plot = g.plot();
        IntervalXYDataset bars = (IntervalXYDataset) plot.getDataset(0);
        assertEquals(500.0, bars.getEndXValue(0, 0), "seconds");
        assertEquals(-0.45, bars.getStartYValue(0, 0), 1e-12, "node 0's row is centred on 0");
        assertEquals(15.45, bars.getEndYValue(0, 0), 1e-12);
        assertTrue(plot.getRangeAxis().isInverted(), "node 0 at the top");
        assertEquals(GanttStyle.ESTIMATE, plot.getRenderer(0).getItemPaint(1, 0));
        assertEquals(GanttStyle.reserved(ORANGE), plot.getRenderer(0).getItemPaint(2, 0));
        assertEquals(GanttStyle.reservedOutline(ORANGE), plot.getRenderer(0).getItemOutlinePaint(2, 0));
        var labels = plot.getRenderer(0).getBaseItemLabelGenerator();
        assertEquals("7", labels.generateLabel(bars, 0, 0));
        assertNull(labels.generateLabel(bars, 1, 0), "the rest of an estimate has no label");
        assertEquals("8", labels.generateLabel(bars, 2, 0));
        assertNull(labels.generateLabel(bars, 0, 1), "one node is too thin for a label");
        assertEquals(3, g.legendEntries(), "one per series, no frame entry without a marked bar");
    }

    @Test
    void theFrameOfAMarkedBarIsDrawnOverItsBar() {
        Color red = new Color(255, 0, 0);
        GanttPlot g = new GanttPlot(GanttPlot.Style.PAPER, new NumberAxis(), new NumberAxis(), 8);
        // the bar fills the plot: a frame drawn under it would be hidden (inside) and clipped (outside)
        g.show(List.of(bar("a", GanttBar.Kind.RUNNING, BLUE, 0, 7, 0, 3600, red, null)), "", 0, 3600);
        BufferedImage img = new JFreeChart(g.plot()).createBufferedImage(400, 300);
        int redPixels = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                Color c = new Color(img.getRGB(x, y));
                if (c.getRed() > 200 && c.getGreen() < 60 && c.getBlue() < 60) {
                    redPixels++;
                }
            }
        }
        assertTrue(redPixels > 500, "a frame of about 2 px around the plot, got " + redPixels + " red pixels");
    }

    /** Pixels of exactly this colour. */
    private static int count(BufferedImage img, Color c) {
        int n = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                if (img.getRGB(x, y) == c.getRGB()) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * A part of a multi-site job of one minute in a window of two days is a fraction of a pixel wide: drawn at the
     * narrowest width, with a frame thin enough to leave its site's colour showing, not as a black line.
     */
    @Test
    void aThinMarkedPartShowsItsColour() {
        GanttPlot g = new GanttPlot(GanttPlot.Style.PAPER, new NumberAxis(), new NumberAxis(), 8);
        g.show(List.of(bar("a", GanttBar.Kind.RUNNING, BLUE, 0, 7, 3600, 3660, Color.BLACK, null)), "", 0,
                48 * 3600);
        JFreeChart chart = new JFreeChart(g.plot());
        new StandardChartTheme("figures").apply(chart); // as every figure is themed, which sets a bar painter
        chart.setAntiAlias(false);
        BufferedImage img = chart.createBufferedImage(1200, 800);
        int blue = count(img, BLUE);
        assertTrue(blue > 300, "the sliver shows its colour over most of its 8 nodes, got " + blue + " px");
    }

    /** A bar over every node touches the plot's edges: its frame is drawn inside it, so all four sides show. */
    @Test
    void aBarOverEveryNodeKeepsItsFrame() {
        GanttPlot g = new GanttPlot(GanttPlot.Style.PAPER, new NumberAxis(), new NumberAxis(), 8);
        g.show(List.of(bar("a", GanttBar.Kind.RUNNING, BLUE, 0, 7, 3600, 7200, null, null)), "", 0, 10800);
        JFreeChart chart = new JFreeChart(g.plot());
        new StandardChartTheme("figures").apply(chart); // as every figure is themed, which sets a bar painter
        chart.setAntiAlias(false);
        BufferedImage img = chart.createBufferedImage(400, 300);
        Color frame = GanttStyle.frame(BLUE);
        // the frame's top and bottom sides, a third of the plot wide each, plus its sides, about 250 px high each
        int framed = count(img, frame);
        assertTrue(framed > 600, "a frame of 1 px around the bar, got " + framed + " px");
    }
}
