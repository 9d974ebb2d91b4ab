package gridmarket.charts;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.ui.RectangleEdge;
import org.jfree.ui.RectangleInsets;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * The look of every figure: fonts sized for a 1200x800 image shrunk into a paper column, a white plot with light
 * grid lines, flat bars, a palette that survives colour blindness and grey-scale printing (Okabe-Ito first), and
 * numbers formatted the same in every locale, so that the same input gives the same image.
 */
final class ChartStyle {
    /** The font family: Java's logical sans-serif font, present on every JVM, also headless. */
    private static final String FAMILY = Font.SANS_SERIF;
    static final Font TITLE = new Font(FAMILY, Font.BOLD, 26);
    static final Font SUBTITLE = new Font(FAMILY, Font.PLAIN, 18);
    static final Font AXIS_LABEL = new Font(FAMILY, Font.PLAIN, 20);
    static final Font TICK = new Font(FAMILY, Font.PLAIN, 16);
    static final Font LEGEND = new Font(FAMILY, Font.PLAIN, 16);
    private static final Color TEXT = new Color(0x22, 0x22, 0x22);
    private static final Color GRID = new Color(0xCC, 0xCC, 0xCC);
    /** Grid lines between the labelled ones (a log axis' unlabelled multiples). */
    static final Color MINOR_GRID = new Color(0xE6, 0xE6, 0xE6);

    private static final Color[] PALETTE = Palette.colors();

    /** How many colours {@link #color(int, int)} keeps pairwise distinguishable from the palette. */
    static final int DISTINCT = Palette.SIZE;

    /** Viridis from dark violet to green-yellow, for ordered values such as the overhead p. */
    private static final Color[] RAMP = {
        new Color(0x44, 0x01, 0x54), new Color(0x48, 0x28, 0x78), new Color(0x3E, 0x4A, 0x89),
        new Color(0x31, 0x68, 0x8E), new Color(0x26, 0x82, 0x8E), new Color(0x1F, 0x9E, 0x89),
        new Color(0x35, 0xB7, 0x79), new Color(0x6D, 0xCD, 0x59), new Color(0xB4, 0xDE, 0x2C),
    };

    private ChartStyle() {
    }

    /**
     * Applies the fonts, colours and layout to a finished chart and adds its subtitle lines. Explicit series
     * colours must be set after this, since the theme resets them.
     */
    static JFreeChart apply(JFreeChart chart, String... subtitles) {
        theme().apply(chart);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.setPadding(new RectangleInsets(8, 8, 8, 16));
        chart.getTitle().setFont(TITLE);
        chart.getTitle().setPaint(TEXT);
        for (String s : subtitles) {
            if (s != null && !s.isEmpty()) {
                TextTitle t = new TextTitle(s, SUBTITLE);
                t.setPaint(TEXT);
                chart.addSubtitle(t);
            }
        }
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setItemFont(LEGEND);
            legend.setFrame(BlockBorder.NONE);
            legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 12));
        }
        return chart;
    }

    /** Puts the legend at the right when it is long, so that it does not squeeze the plot from below. */
    static void legendAt(JFreeChart chart, int entries) {
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(entries > 8 ? RectangleEdge.RIGHT : RectangleEdge.BOTTOM);
        }
    }

    private static StandardChartTheme theme() {
        StandardChartTheme t = new StandardChartTheme("gridmarket");
        t.setExtraLargeFont(TITLE);
        t.setLargeFont(AXIS_LABEL);
        t.setRegularFont(TICK);
        t.setSmallFont(TICK);
        t.setTitlePaint(TEXT);
        t.setSubtitlePaint(TEXT);
        t.setAxisLabelPaint(TEXT);
        t.setTickLabelPaint(TEXT);
        t.setLegendItemPaint(TEXT);
        t.setChartBackgroundPaint(Color.WHITE);
        t.setLegendBackgroundPaint(Color.WHITE);
        t.setPlotBackgroundPaint(Color.WHITE);
        t.setPlotOutlinePaint(GRID);
        t.setDomainGridlinePaint(GRID);
        t.setRangeGridlinePaint(GRID);
        t.setBarPainter(new StandardBarPainter());
        t.setXYBarPainter(new StandardXYBarPainter());
        t.setShadowVisible(false);
        t.setDrawingSupplier(new DefaultDrawingSupplier(PALETTE, PALETTE, PALETTE,
                new Stroke[] {new BasicStroke(2.5f)}, new Stroke[] {new BasicStroke(1f)},
                DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE));
        return t;
    }

    /** The i-th colour of the palette (it repeats after eighteen). */
    static Paint color(int i) {
        return PALETTE[i % PALETTE.length];
    }

    /**
     * The i-th of {@code n} colours that must all differ: the palette while it lasts, else hues spread evenly
     * around the colour wheel with alternating brightness (the palette would repeat a colour).
     */
    static Paint color(int i, int n) {
        if (n <= PALETTE.length) {
            return PALETTE[i % PALETTE.length];
        }
        float hue = (float) i / n;
        float saturation = i % 2 == 0 ? 0.85f : 0.55f;
        float brightness = i % 3 == 0 ? 0.85f : i % 3 == 1 ? 0.65f : 0.45f;
        return Color.getHSBColor(hue, saturation, brightness);
    }

    /** The colour of rank {@code i} of {@code n} ordered values, dark to light. */
    static Paint ramp(int i, int n) {
        if (n <= 1) {
            return RAMP[0];
        }
        double pos = (double) i / (n - 1) * (RAMP.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(RAMP.length - 1, lo + 1);
        double f = pos - lo;
        Color a = RAMP[lo];
        Color b = RAMP[hi];
        return new Color((int) Math.round(a.getRed() + f * (b.getRed() - a.getRed())),
                (int) Math.round(a.getGreen() + f * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + f * (b.getBlue() - a.getBlue())));
    }

    /** The i-th marker shape: circle, square, triangles, diamond, so lines stay apart in grey-scale. */
    static Shape shape(int i) {
        double s = 9;
        return switch (i % 5) {
            case 0 -> new Ellipse2D.Double(-s / 2, -s / 2, s, s);
            case 1 -> new Rectangle2D.Double(-s / 2, -s / 2, s, s);
            case 2 -> polygon(new double[] {0, s / 2, -s / 2}, new double[] {-s / 2, s / 2, s / 2});
            case 3 -> polygon(new double[] {0, -s / 2, s / 2}, new double[] {s / 2, -s / 2, -s / 2});
            default -> polygon(new double[] {0, s / 2, 0, -s / 2}, new double[] {-s / 2 - 1, 0, s / 2 + 1, 0});
        };
    }

    private static Shape polygon(double[] x, double[] y) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(x[0], y[0]);
        for (int i = 1; i < x.length; i++) {
            p.lineTo(x[i], y[i]);
        }
        p.closePath();
        return p;
    }

    /** A number axis whose tick labels look the same in every locale ({@code 12,000}). */
    static NumberAxis numberAxis(String label) {
        NumberAxis axis = new NumberAxis(label);
        axis.setStandardTickUnits(NumberAxis.createStandardTickUnits(Locale.ROOT));
        axis.setLabelFont(AXIS_LABEL);
        axis.setTickLabelFont(TICK);
        return axis;
    }

    /**
     * A base-10 logarithmic value axis, labelled at 1, 2 and 5 times the powers of ten where there is room
     * ({@link DecadeAxis}; digits grouped the same in every locale); bars start at its lower bound.
     */
    static NumberAxis logAxis(String label) {
        LogarithmicAxis axis = new DecadeAxis(label + ", log scale", grouped());
        axis.setLabelFont(AXIS_LABEL);
        axis.setTickLabelFont(TICK);
        return axis; // its range ends on labelled ticks below and above the bars (DecadeAxis.autoAdjustRange)
    }

    /** A number axis for fractions, with tick labels in percent ({@code 25%}). */
    static NumberAxis percentAxis(String label) {
        NumberAxis axis = numberAxis(label);
        NumberFormat percent = NumberFormat.getPercentInstance(Locale.ROOT);
        percent.setMaximumFractionDigits(1);
        axis.setNumberFormatOverride(percent);
        return axis;
    }

    /** A number axis with whole numbers only (node ids). */
    static NumberAxis integerAxis(String label) {
        NumberAxis axis = numberAxis(label);
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        return axis;
    }

    /** A number format with thousands separators, the same in every locale. */
    static NumberFormat grouped() {
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }
}
