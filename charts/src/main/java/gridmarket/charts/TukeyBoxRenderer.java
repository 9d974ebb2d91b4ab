package gridmarket.charts;

import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BoxAndWhiskerRenderer;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.statistics.BoxAndWhiskerCalculator;
import org.jfree.data.statistics.BoxAndWhiskerItem;

import org.jfree.data.Range;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Box plots with Tukey's whiskers (to the most extreme value within 1.5 interquartile ranges of the box) and every
 * value beyond them drawn as a small point. JFreeChart 1.0.19's own renderer draws an outlier as a circle a third of
 * the box wide and merges crowded ones, which hides how many there are, and its outlier drawing is private: so the
 * boxes go to JFreeChart without outliers, and this renderer draws the points.
 *
 * <p>A few extreme values (a price a hundred times the median) would squash every box into a line, so the value axis
 * may span less than the outliers (the whiskers and means, {@link DistributionChart}): the values beyond it are not
 * drawn but counted, a triangle at the plot's edge above or below their box with their number beside it.
 */
final class TukeyBoxRenderer extends BoxAndWhiskerRenderer {
    private static final long serialVersionUID = 1L;
    /** Diameter of an outlier's point, in Java2D units (pixels at 1:1). */
    private static final double POINT = 3.0;
    /** Side of the triangle that counts the values beyond the axis. */
    private static final double ARROW = 9.0;

    private final Map<Comparable<?>, List<Double>> outliers = new HashMap<>();

    /** A box and the values beyond its whiskers. */
    record Box(BoxAndWhiskerItem item, List<Double> outliers) {
    }

    /**
     * The box of {@code values}: quartiles and median as JFreeChart computes them, Tukey's whiskers, and the
     * outliers apart. The item's outlier bounds are the extreme values, so that the axis range includes them.
     */
    static Box box(List<Double> values) {
        BoxAndWhiskerItem q = BoxAndWhiskerCalculator.calculateBoxAndWhiskerStatistics(values);
        double q1 = q.getQ1().doubleValue();
        double q3 = q.getQ3().doubleValue();
        double lowFence = q1 - 1.5 * (q3 - q1);
        double highFence = q3 + 1.5 * (q3 - q1);
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        List<Double> out = new ArrayList<>();
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
            if (v < lowFence || v > highFence) {
                out.add(v);
            } else {
                low = Math.min(low, v);
                high = Math.max(high, v);
            }
        }
        return new Box(new BoxAndWhiskerItem(q.getMean(), q.getMedian(), q.getQ1(), q.getQ3(), low, high, min, max,
                List.of()), List.copyOf(out));
    }

    /** Remembers the outliers of the box of {@code column}, drawn as points over it. */
    void outliers(Comparable<?> column, List<Double> values) {
        outliers.put(column, values);
    }

    /** How many of the outliers of {@code column} lie below and above {@code range}: {below, above}. */
    int[] beyond(Comparable<?> column, Range range) {
        int below = 0;
        int above = 0;
        for (double v : outliers.getOrDefault(column, List.of())) {
            if (v < range.getLowerBound()) {
                below++;
            } else if (v > range.getUpperBound()) {
                above++;
            }
        }
        return new int[] {below, above};
    }

    @Override
    public void drawVerticalItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea,
                                 CategoryPlot plot, CategoryAxis domainAxis, ValueAxis rangeAxis,
                                 CategoryDataset dataset, int row, int column) {
        super.drawVerticalItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column);
        List<Double> points = outliers.getOrDefault(dataset.getColumnKey(column), List.of());
        double x = domainAxis.getCategoryMiddle(column, dataset.getColumnCount(), dataArea,
                plot.getDomainAxisEdge());
        g2.setPaint(Color.DARK_GRAY);
        Range range = rangeAxis.getRange();
        for (double v : points) {
            if (range.contains(v)) {
                double y = rangeAxis.valueToJava2D(v, dataArea, plot.getRangeAxisEdge());
                g2.fill(new Ellipse2D.Double(x - POINT / 2, y - POINT / 2, POINT, POINT));
            }
        }
        int[] beyond = beyond(dataset.getColumnKey(column), range);
        g2.setFont(ChartStyle.TICK);
        if (beyond[1] > 0) {
            double top = dataArea.getMinY() + 2;
            g2.fill(triangle(x, top, top + ARROW));
            count(g2, beyond[1], x + ARROW, top + ARROW);
        }
        if (beyond[0] > 0) {
            double bottom = dataArea.getMaxY() - 2;
            g2.fill(triangle(x, bottom, bottom - ARROW));
            count(g2, beyond[0], x + ARROW, bottom);
        }
    }

    /** A count on a white ground, so a whisker's cap under it does not cross it out. */
    private static void count(Graphics2D g2, int n, double x, double baseline) {
        String text = String.format(Locale.ROOT, "%,d", n);
        java.awt.FontMetrics m = g2.getFontMetrics();
        g2.setPaint(Color.WHITE);
        g2.fill(new Rectangle2D.Double(x - 1, baseline - m.getAscent(), m.stringWidth(text) + 2, m.getAscent() + 1));
        g2.setPaint(Color.DARK_GRAY);
        g2.drawString(text, (float) x, (float) baseline);
    }

    /** A triangle centred on {@code x}, its tip at {@code tip} and its base at {@code base}. */
    private static Path2D triangle(double x, double tip, double base) {
        Path2D.Double t = new Path2D.Double();
        t.moveTo(x, tip);
        t.lineTo(x - ARROW / 2, base);
        t.lineTo(x + ARROW / 2, base);
        t.closePath();
        return t;
    }
}
