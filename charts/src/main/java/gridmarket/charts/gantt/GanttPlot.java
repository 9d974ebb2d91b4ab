package gridmarket.charts.gantt;

import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.ui.RectangleEdge;
import org.jfree.ui.TextAnchor;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Stroke;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RectangularShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * The one Gantt drawing of gridmarket: a machine's bars (node ranges against time) as an {@link XYPlot} with an
 * {@link XYBarRenderer} over an {@link XYIntervalSeriesCollection}, x = time interval, y = node interval. Both the
 * paper figure ({@code gridmarket chart gantt}, from {@code jobs.csv}) and the GUI's live machine schedule build
 * {@link Bar}s and hand them here; what differs between them (time unit, rows, outline widths, labels) is a
 * {@link Style}.
 *
 * <p>A bar's fill follows its kind: a running job (or a piece of a preempted one) in its site's colour, the one the
 * legend shows; the rest of an estimate in grey; a reservation in the site's colour lightened, with a dashed darker
 * outline. Marked bars (the parts of a multi-site job) are framed once more, in a second dataset drawn over the bars
 * with no fill, so the frame is never hidden by a neighbour and the fill shows through.
 *
 * <p>Every outline is drawn inside its bar, so a bar at the edge of the plot keeps all of its frame, and no bar is
 * drawn narrower than {@value #MIN_WIDTH} px: a job of minutes in a window of days stays a visible sliver of its
 * colour. A frame is at most a quarter of its bar's width, and a bar narrower than twice that minimum has none, so a
 * thin part of a multi-site job shows its colour rather than a black line.
 *
 * <p>Not thread-safe: call {@link #show} from one thread.
 */
public final class GanttPlot {
    /** Frame of a marked bar. */
    private static final Stroke MARK = new BasicStroke(2.5f);
    /** The narrowest a bar is drawn, in Java2D units (pixels at 1:1). */
    static final double MIN_WIDTH = 3.0;
    private static final XYBarPainter PAINTER = new FramedBarPainter();
    private static final Color NO_FILL = new Color(0, 0, 0, 0);

    private final Style style;
    private final XYPlot plot;
    private final BarRenderer bars;
    private final MarkRenderer marks;
    private List<List<Bar>> barsBySeries = List.of();
    private List<Bar> marked = List.of();

    /**
     * One rectangle: a job's hold on a contiguous range of nodes for a stretch of time.
     *
     * @param series    the legend entry the bar belongs to (series are made in order of first appearance)
     * @param kind      running, the unused rest of an estimate, or a reservation
     * @param site      the colour of the job's origin site
     * @param firstNode lowest node covered
     * @param lastNode  highest node covered
     * @param start     start, seconds of simulated time
     * @param end       end, seconds of simulated time
     * @param mark      the colour of the frame around a part of a multi-site job, or {@code null} for none
     * @param label     the text on the bar if the style shows labels and the bar is big enough, or {@code null}
     */
    public record Bar(String series, GanttBar.Kind kind, Color site, int firstNode, int lastNode,
                      long start, long end, Color mark, String label) {
    }

    /**
     * How a Gantt plot is drawn.
     *
     * @param secondsPerUnit seconds per unit of the time axis (3600 for hours, 1 for seconds)
     * @param centredRows    true: node n is the row centred on n, with a small gap between rows (on screen, node
     *                       axis downwards); false: node n is the band [n, n+1] (the paper, node axis upwards)
     * @param outline        stroke of the outline of running bars (and of the grey rest of an estimate)
     * @param framed         true: running bars are outlined in their colour darkened, a frame on every bar also
     *                       against the white of the plot; false: in white, which parts neighbours only
     * @param labels         true to write {@link Bar#label()} on big enough bars
     */
    public record Style(double secondsPerUnit, boolean centredRows, Stroke outline, boolean framed, boolean labels) {
        /** The figure written to a run's folder: hours, bands of nodes upwards, framed bars, no labels. */
        public static final Style PAPER = new Style(3600.0, false, new BasicStroke(1f), true, false);
        /** The GUI's live chart: seconds, rows of nodes downwards, job ids on the bars. */
        public static final Style SCREEN = new Style(1.0, true, new BasicStroke(0.6f), false, true);

        private double rowStart() {
            return centredRows ? -0.45 : 0.0;
        }

        private double rowEnd() {
            return centredRows ? 0.45 : 1.0;
        }
    }

    /**
     * @param style how to draw
     * @param time  the time axis (labelled in the style's unit by the caller)
     * @param node  the node axis
     * @param nodes number of nodes of the machine, the extent of the node axis
     */
    public GanttPlot(Style style, NumberAxis time, NumberAxis node, int nodes) {
        this.style = style;
        bars = new BarRenderer();
        marks = new MarkRenderer();
        time.setAutoRange(false);
        node.setAutoRange(false);
        if (style.centredRows()) {
            node.setInverted(true);
            node.setRange(-0.5, nodes - 0.5);
        } else {
            node.setRange(0, Math.max(1, nodes));
        }
        plot = new XYPlot(new XYIntervalSeriesCollection(), time, node, bars);
        plot.setDataset(1, new XYIntervalSeriesCollection());
        plot.setRenderer(1, marks);
        // XYPlot draws the first dataset last by default, which would hide most of each frame under its bar
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
    }

    /** The plot, to put into a chart. */
    public XYPlot plot() {
        return plot;
    }

    /**
     * Shows the bars over the time window {@code [from, to)}, seconds (every bar is in the dataset; the window
     * sets the axis). Bars of one series are kept in the given order.
     *
     * @param markSeries the legend entry of the marks, shown if a bar is marked
     */
    public void show(List<Bar> shown, String markSeries, long from, long to) {
        Map<String, XYIntervalSeries> series = new LinkedHashMap<>();
        Map<String, List<Bar>> bySeries = new LinkedHashMap<>();
        XYIntervalSeries markData = new XYIntervalSeries(markSeries, false, true);
        List<Bar> markedBars = new ArrayList<>();
        DoubleUnaryOperator x = s -> s / style.secondsPerUnit();
        for (Bar b : shown) {
            double y0 = b.firstNode() + style.rowStart();
            double y1 = b.lastNode() + style.rowEnd();
            double y = (y0 + y1) / 2;
            series.computeIfAbsent(b.series(), k -> new XYIntervalSeries(k, false, true))
                    .add(x.applyAsDouble(b.start()), x.applyAsDouble(b.start()), x.applyAsDouble(b.end()), y, y0, y1);
            bySeries.computeIfAbsent(b.series(), k -> new ArrayList<>()).add(b);
            if (b.mark() != null) {
                markData.add(x.applyAsDouble(b.start()), x.applyAsDouble(b.start()), x.applyAsDouble(b.end()), y, y0,
                        y1);
                markedBars.add(b);
            }
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        series.values().forEach(data::addSeries);
        XYIntervalSeriesCollection markCollection = new XYIntervalSeriesCollection();
        if (markData.getItemCount() > 0) {
            markCollection.addSeries(markData);
        }
        barsBySeries = List.copyOf(bySeries.values());
        marked = markedBars;
        plot.setDataset(0, data);
        plot.setDataset(1, markCollection);
        plot.getDomainAxis().setRange(x.applyAsDouble(from), x.applyAsDouble(to));
    }

    /** The bar drawn as item {@code item} of series {@code series} of the bars' dataset. */
    public Bar bar(int series, int item) {
        return barsBySeries.get(series).get(item);
    }

    /** Number of legend entries: one per series, and one for the marks if any bar is marked. */
    public int legendEntries() {
        return barsBySeries.size() + (marked.isEmpty() ? 0 : 1);
    }

    private static Paint fill(Bar b) {
        return switch (b.kind()) {
            case RUNNING -> b.site();
            case ESTIMATE -> GanttStyle.ESTIMATE;
            case RESERVED -> GanttStyle.reserved(b.site());
        };
    }

    private static void configure(XYBarRenderer r) {
        r.setBarPainter(PAINTER);
        r.setShadowVisible(false);
        r.setDrawBarOutline(true);
        r.setUseYInterval(true);
        r.setMargin(0);
    }

    /**
     * Colours, outlines and labels per bar. The legend (series) colours are those of each series' first bar,
     * unshaded, and are looked up here rather than set, so a chart theme applied later cannot reset them.
     */
    private final class BarRenderer extends XYBarRenderer {
        private static final long serialVersionUID = 1L;

        BarRenderer() {
            configure(this);
            setBasePositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
            setBaseNegativeItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
            setBaseItemLabelGenerator((dataset, series, item) -> label(bar(series, item)));
            setBaseItemLabelsVisible(style.labels());
            setBaseItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
            setBaseItemLabelPaint(new Color(0x202020));
        }

        private String label(Bar b) {
            if (b.label() == null || b.kind() == GanttBar.Kind.ESTIMATE) {
                return null;
            }
            int nodes = (int) Math.round(plot.getRangeAxis().getRange().getLength());
            double window = plot.getDomainAxis().getRange().getLength() * style.secondsPerUnit();
            boolean big = b.lastNode() - b.firstNode() + 1 >= Math.max(4, nodes / 14)
                    && (b.end() - b.start()) >= Math.max(1, window) / 16;
            return big ? b.label() : null;
        }

        @Override
        public Paint getItemPaint(int series, int item) {
            return fill(bar(series, item));
        }

        @Override
        public Paint getItemOutlinePaint(int series, int item) {
            Bar b = bar(series, item);
            if (b.kind() == GanttBar.Kind.RESERVED) {
                return GanttStyle.reservedOutline(b.site());
            }
            return style.framed() ? GanttStyle.frame((Color) fill(b)) : Color.WHITE;
        }

        @Override
        public void setBarPainter(XYBarPainter painter) {
            super.setBarPainter(PAINTER); // a chart theme sets its own painter on every bar renderer: kept out
        }

        @Override
        public Stroke getItemOutlineStroke(int series, int item) {
            return bar(series, item).kind() == GanttBar.Kind.RESERVED ? GanttStyle.DASHED : style.outline();
        }

        @Override
        public Paint lookupSeriesPaint(int series) {
            return bar(series, 0).site();
        }

        @Override
        public Paint lookupSeriesOutlinePaint(int series) {
            return style.framed() ? GanttStyle.frame(bar(series, 0).site()) : Color.WHITE;
        }

        @Override
        public Stroke lookupSeriesOutlineStroke(int series) {
            return style.outline();
        }
    }

    /** The frames of marked bars: no fill, the bar's mark colour. */
    private final class MarkRenderer extends XYBarRenderer {
        private static final long serialVersionUID = 1L;

        MarkRenderer() {
            configure(this);
        }

        @Override
        public void setBarPainter(XYBarPainter painter) {
            super.setBarPainter(PAINTER);
        }

        @Override
        public Paint getItemPaint(int series, int item) {
            return NO_FILL;
        }

        @Override
        public Paint getItemOutlinePaint(int series, int item) {
            return marked.get(item).mark();
        }

        @Override
        public Stroke getItemOutlineStroke(int series, int item) {
            return MARK;
        }

        @Override
        public Paint lookupSeriesPaint(int series) {
            return NO_FILL;
        }

        @Override
        public Paint lookupSeriesOutlinePaint(int series) {
            return marked.isEmpty() ? Color.BLACK : marked.get(0).mark();
        }

        @Override
        public Stroke lookupSeriesOutlineStroke(int series) {
            return MARK;
        }
    }

    /**
     * Fills a bar at least {@link #MIN_WIDTH} wide and draws its outline inside it, no wider than a quarter of the
     * bar, so thin bars keep their colour and bars at the plot's edge their whole frame. No shadows.
     */
    private static final class FramedBarPainter implements XYBarPainter {
        @Override
        public void paintBar(Graphics2D g2, XYBarRenderer renderer, int row, int column, RectangularShape bar,
                             RectangleEdge base) {
            Rectangle2D r = new Rectangle2D.Double(bar.getX(), bar.getY(), bar.getWidth(), bar.getHeight());
            if (r.getWidth() < MIN_WIDTH) {
                r.setRect(r.getCenterX() - MIN_WIDTH / 2, r.getY(), MIN_WIDTH, r.getHeight());
            }
            Paint fill = renderer.getItemPaint(row, column);
            if (!(fill instanceof Color c) || c.getAlpha() > 0) {
                g2.setPaint(fill);
                g2.fill(r);
            }
            if (!renderer.isDrawBarOutline() || r.getWidth() < 2 * MIN_WIDTH) {
                return; // a frame on a sliver of a few pixels would hide its colour: thin bars are their fill alone
            }
            Stroke stroke = renderer.getItemOutlineStroke(row, column);
            if (stroke instanceof BasicStroke b) {
                float w = (float) Math.min(b.getLineWidth(), Math.min(r.getWidth(), r.getHeight()) / 4);
                stroke = new BasicStroke(w, b.getEndCap(), b.getLineJoin(), b.getMiterLimit(), b.getDashArray(),
                        b.getDashPhase());
                r.setRect(r.getX() + w / 2, r.getY() + w / 2, r.getWidth() - w, r.getHeight() - w);
            }
            g2.setStroke(stroke);
            g2.setPaint(renderer.getItemOutlinePaint(row, column));
            g2.draw(r);
        }

        @Override
        public void paintBarShadow(Graphics2D g2, XYBarRenderer renderer, int row, int column,
                                   RectangularShape bar, RectangleEdge base, boolean pegShadow) {
        }
    }
}
