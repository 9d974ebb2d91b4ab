package gridmarket.charts;

import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.ui.RectangleEdge;
import org.jfree.ui.TextAnchor;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * A base-10 logarithmic value axis whose labels can be read off: JFreeChart's own labels only the powers of ten, so
 * bars between 10 and 100 could be anything. This one labels 1, 2 and 5 times each power of ten while the axis spans
 * at most three decades (1, 3 up to five, the powers alone beyond), and marks the other whole multiples with
 * unlabelled minor ticks and grid lines; within less than a decade it labels about five values at a round step.
 */
final class DecadeAxis extends LogarithmicAxis {
    private static final long serialVersionUID = 1L;

    /** Labelled multiples of each power of ten, by the number of decades the axis spans. */
    private static final double[] DENSE = {1, 2, 5};
    private static final double[] MEDIUM = {1, 3};
    private static final double[] SPARSE = {1};

    private final NumberFormat format;

    DecadeAxis(String label, NumberFormat format) {
        super(label);
        this.format = format;
        setNumberFormatOverride(format);
        setMinorTickMarksVisible(true);
    }

    /**
     * The data's range, widened to the nearest labelled values, 1, 2 or 5 times a power of ten, rather than to whole
     * powers: bars up to 130 end on an axis up to 200, not 1,000, and always between labelled ticks.
     */
    @Override
    public void autoAdjustRange() {
        super.autoAdjustRange();
        double lower = getLowerBound();
        double upper = getUpperBound();
        if (lower > 0 && upper > lower) {
            setRange(new org.jfree.data.Range(snap(lower, false), snap(upper, true)), false, false);
        }
    }

    /** The nearest of 1, 2 and 5 times a power of ten at or above ({@code up}) or at or below {@code v > 0}. */
    static double snap(double v, boolean up) {
        int e = (int) Math.floor(Math.log10(v));
        double best = up ? Double.POSITIVE_INFINITY : 0;
        for (int k = e - 1; k <= e + 1; k++) {
            for (double m : DENSE) {
                double c = Double.parseDouble((int) m + "E" + k);
                if (up ? c >= v * (1 - 1e-12) && c < best : c <= v * (1 + 1e-12) && c > best) {
                    best = c;
                }
            }
        }
        return best;
    }

    @Override
    protected List<NumberTick> refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        TextAnchor anchor = edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT;
        return ticks(anchor);
    }

    @Override
    protected List<NumberTick> refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        TextAnchor anchor = edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        return ticks(anchor);
    }

    /** Major (labelled) and minor ticks over the axis' range. */
    List<NumberTick> ticks(TextAnchor anchor) {
        double lower = getLowerBound();
        double upper = getUpperBound();
        List<NumberTick> ticks = new ArrayList<>();
        if (!(lower > 0) || !(upper > lower)) {
            return ticks;
        }
        double decades = Math.log10(upper / lower);
        if (decades < 0.7) { // within a decade (10 to 20, say) the 1, 2, 5 multiples leave no label between the ends
            return evenTicks(lower, upper, anchor);
        }
        double[] labelled = decades <= 3.01 ? DENSE : decades <= 5.01 ? MEDIUM : SPARSE;
        boolean minor = decades <= 5.01;
        for (int e = (int) Math.floor(Math.log10(lower)); e <= (int) Math.ceil(Math.log10(upper)); e++) {
            double power = Math.pow(10, e);
            for (int m = 1; m <= 9; m++) {
                // the value as printed, so that 0.1 * 3 is 0.3 and not 0.30000000000000004
                double v = Double.parseDouble(m + "E" + e);
                if (v < lower * (1 - 1e-9) || v > upper * (1 + 1e-9)) {
                    continue;
                }
                boolean major = contains(labelled, m);
                if (major) {
                    ticks.add(new NumberTick(TickType.MAJOR, v, format.format(v), anchor, anchor, 0));
                } else if (minor) {
                    ticks.add(new NumberTick(TickType.MINOR, v, "", anchor, anchor, 0));
                }
            }
            if (power > upper) {
                break;
            }
        }
        return ticks;
    }

    /** Labelled ticks at a round step (1, 2 or 5 times a power of ten) giving about five of them over the range. */
    private List<NumberTick> evenTicks(double lower, double upper, TextAnchor anchor) {
        double raw = (upper - lower) / 5;
        int e = (int) Math.floor(Math.log10(raw));
        double step = Double.POSITIVE_INFINITY;
        for (double m : DENSE) {
            for (int k = e; k <= e + 1; k++) {
                double c = Double.parseDouble((int) m + "E" + k);
                if (c >= raw && c < step) {
                    step = c;
                }
            }
        }
        List<NumberTick> ticks = new ArrayList<>();
        for (long i = (long) Math.ceil(lower / step - 1e-9); i * step <= upper * (1 + 1e-9); i++) {
            // the value as printed, so that 3 x 0.1 is 0.3 and not 0.30000000000000004
            double v = new java.math.BigDecimal(Double.toString(step)).multiply(java.math.BigDecimal.valueOf(i))
                    .doubleValue();
            ticks.add(new NumberTick(TickType.MAJOR, v, format.format(v), anchor, anchor, 0));
        }
        return ticks;
    }

    private static boolean contains(double[] values, int m) {
        for (double v : values) {
            if (v == m) {
                return true;
            }
        }
        return false;
    }
}
