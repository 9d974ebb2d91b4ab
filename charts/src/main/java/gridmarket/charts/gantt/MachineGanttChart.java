package gridmarket.charts.gantt;

import gridmarket.sim.workload.Job;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.ui.RectangleInsets;
import org.jfree.ui.TextAnchor;

import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.List;

/**
 * The Gantt chart of one machine: nodes down, simulated time across, one bar per job and contiguous node range,
 * coloured by the job's origin site. Running jobs are drawn to their real end, followed by the unused rest of their
 * estimate in grey; reservations are lighter, with a dashed outline, up to their planned end. The parts of a
 * multi-site job get a thick outline of the job's own colour on every machine and a label ending in {@code *}.
 *
 * <p>An {@link XYPlot} with an {@link XYBarRenderer} over an {@link XYIntervalSeriesCollection}: one series per
 * (kind, site), x = time interval, y = node interval. The node axis is a {@link NumberAxis} with integer ticks
 * rather than a {@code SymbolAxis}: with 128 or more nodes one label per node would be unreadable.
 *
 * <p>Not thread-safe: call {@link #show} from one thread (the Swing event thread when the chart is on screen).
 */
public final class MachineGanttChart {
    private static final double HALF_ROW = 0.45;

    private final int sites;
    private final int nodes;
    private final String machine;
    private final XYPlot plot;
    private final JFreeChart chart;
    private final ValueMarker nowMarker;
    private final TextTitle title;
    private List<List<GanttBar>> barsBySeries = List.of();
    private GanttSnapshot shown;
    private double window = 1;

    /**
     * @param machine name of the machine, for the title
     * @param nodes   its number of nodes
     * @param sites   number of origin sites (series per kind); at least 1
     */
    public MachineGanttChart(String machine, int nodes, int sites) {
        this.machine = machine;
        this.nodes = nodes;
        this.sites = Math.max(1, sites);
        NumberAxis time = new NumberAxis("simulated time (h:mm)");
        time.setStandardTickUnits(SimTimeFormat.tickUnits());
        time.setAutoRange(false);
        NumberAxis node = new NumberAxis("node");
        node.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        node.setInverted(true);
        node.setAutoRange(false);
        node.setRange(-0.5, nodes - 0.5);
        Font small = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
        for (NumberAxis a : new NumberAxis[]{time, node}) {
            a.setLabelFont(small);
            a.setTickLabelFont(small);
        }
        Renderer renderer = new Renderer();
        plot = new XYPlot(new XYIntervalSeriesCollection(), time, node, renderer);
        plot.setBackgroundPaint(new Color(0xF7F7F7));
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        nowMarker = new ValueMarker(0, GanttStyle.NOW, GanttStyle.DASHED);
        nowMarker.setLabel("now");
        nowMarker.setLabelFont(small);
        nowMarker.setLabelPaint(GanttStyle.NOW);
        nowMarker.setLabelAnchor(org.jfree.ui.RectangleAnchor.TOP_RIGHT);
        nowMarker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(nowMarker, org.jfree.ui.Layer.FOREGROUND);
        chart = new JFreeChart(null, small, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        title = new TextTitle(machine, new Font(Font.SANS_SERIF, Font.BOLD, 11));
        chart.setTitle(title);
    }

    /** The chart, to put into a {@code ChartPanel} or draw into an image. */
    public JFreeChart chart() {
        return chart;
    }

    /** The snapshot shown last, or {@code null} before the first. */
    public GanttSnapshot shown() {
        return shown;
    }

    /**
     * Shows a snapshot over the time window {@code [from, to)} (seconds; the window only moves the axis: every bar
     * of the snapshot is in the dataset).
     */
    public void show(GanttSnapshot s, long from, long to) {
        List<XYIntervalSeries> series = new ArrayList<>();
        List<List<GanttBar>> bars = new ArrayList<>();
        for (GanttBar.Kind kind : GanttBar.Kind.values()) {
            for (int site = 0; site < sites; site++) {
                series.add(new XYIntervalSeries(kind.name().toLowerCase() + " site " + (site + 1), false, true));
                bars.add(new ArrayList<>());
            }
        }
        for (GanttBar b : s.bars()) {
            int k = seriesOf(b);
            series.get(k).add(b.start(), b.start(), b.end(), (b.firstNode() + b.lastNode()) / 2.0,
                    b.firstNode() - HALF_ROW, b.lastNode() + HALF_ROW);
            bars.get(k).add(b);
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        series.forEach(data::addSeries);
        chart.setNotify(false);
        try {
            barsBySeries = bars;
            shown = s;
            window = Math.max(1, to - from);
            plot.setDataset(data);
            plot.getDomainAxis().setRange(from, to);
            nowMarker.setValue(s.now());
            title.setText(machine + "  \u00b7  " + nodes + " nodes  \u00b7  " + s.jobs(GanttBar.Kind.RUNNING).size()
                    + " running, " + s.jobs(GanttBar.Kind.RESERVED).size() + " reserved, "
                    + (nodes - s.busyNodes()) + " nodes idle");
        } finally {
            chart.setNotify(true);
        }
    }

    private int seriesOf(GanttBar b) {
        return b.kind().ordinal() * sites + Math.floorMod(b.job().site(), sites);
    }

    /**
     * The bars as the chart's dataset holds them, read back from the dataset's x and y intervals: what is drawn.
     * For tests comparing the display with the simulation.
     */
    public List<GanttBar> barsInDataset() {
        XYIntervalSeriesCollection data = (XYIntervalSeriesCollection) plot.getDataset();
        List<GanttBar> out = new ArrayList<>();
        for (int k = 0; k < data.getSeriesCount(); k++) {
            GanttBar.Kind kind = GanttBar.Kind.values()[k / sites];
            for (int i = 0; i < data.getItemCount(k); i++) {
                GanttBar b = barsBySeries.get(k).get(i);
                out.add(new GanttBar(b.job(), kind, (int) Math.round(data.getStartYValue(k, i) + HALF_ROW),
                        (int) Math.round(data.getEndYValue(k, i) - HALF_ROW), Math.round(data.getStartXValue(k, i)),
                        Math.round(data.getEndXValue(k, i)), b.parts()));
            }
        }
        return out;
    }

    private GanttBar bar(int series, int item) {
        return barsBySeries.get(series).get(item);
    }

    /** Colours, outlines and labels per bar. */
    private final class Renderer extends XYBarRenderer {
        private static final long serialVersionUID = 1L;

        Renderer() {
            setBarPainter(new StandardXYBarPainter());
            setShadowVisible(false);
            setDrawBarOutline(true);
            setUseYInterval(true);
            setMargin(0);
            setBaseItemLabelsVisible(true);
            setBaseItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
            setBaseItemLabelPaint(new Color(0x202020));
            setBasePositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
            setBaseNegativeItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
            setBaseItemLabelGenerator((dataset, series, item) -> {
                GanttBar b = bar(series, item);
                boolean big = b.kind() != GanttBar.Kind.ESTIMATE && b.nodes() >= Math.max(4, nodes / 14)
                        && (b.end() - b.start()) >= window / 16;
                return big ? b.label() : null;
            });
        }

        @Override
        public Paint getItemPaint(int series, int item) {
            GanttBar b = bar(series, item);
            return switch (b.kind()) {
                case RUNNING -> GanttStyle.site(b.job().site());
                case ESTIMATE -> GanttStyle.ESTIMATE;
                case RESERVED -> GanttStyle.reserved(b.job().site());
            };
        }

        @Override
        public Paint getItemOutlinePaint(int series, int item) {
            GanttBar b = bar(series, item);
            if (b.multiSite()) {
                return GanttStyle.multiSite(b.job());
            }
            return b.kind() == GanttBar.Kind.RESERVED ? GanttStyle.reservedOutline(b.job().site()) : Color.WHITE;
        }

        @Override
        public Stroke getItemOutlineStroke(int series, int item) {
            GanttBar b = bar(series, item);
            if (b.multiSite()) {
                return GanttStyle.MULTI_SITE;
            }
            return b.kind() == GanttBar.Kind.RESERVED ? GanttStyle.DASHED : GanttStyle.THIN;
        }
    }

    /** The jobs whose bars are drawn, for tests. */
    List<Job> jobsInDataset() {
        return barsInDataset().stream().map(GanttBar::job).distinct().toList();
    }
}
