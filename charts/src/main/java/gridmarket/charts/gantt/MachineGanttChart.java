package gridmarket.charts.gantt;

import gridmarket.sim.workload.Job;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.ui.Layer;
import org.jfree.ui.RectangleAnchor;
import org.jfree.ui.RectangleInsets;
import org.jfree.ui.TextAnchor;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The Gantt chart of one machine on screen: nodes down, simulated time across, one bar per job and contiguous node
 * range, coloured by the job's origin site. Running jobs are drawn to their real end, followed by the unused rest of
 * their estimate in grey; reservations are lighter, with a dashed outline, up to their planned end. The parts of a
 * multi-site job get a thick frame of the job's own colour on every machine and a label ending in {@code *}.
 *
 * <p>An adapter: it turns a {@link GanttSnapshot}'s bars into {@link GanttPlot.Bar}s, drawn by {@link GanttPlot} in
 * {@link GanttPlot.Style#SCREEN}, and adds the line at the current instant. The node axis is a {@link NumberAxis}
 * with integer ticks rather than a {@code SymbolAxis}: with 128 or more nodes one label per node would be unreadable.
 *
 * <p>Not thread-safe: call {@link #show} from one thread (the Swing event thread when the chart is on screen).
 */
public final class MachineGanttChart {
    private final int sites;
    private final int nodes;
    private final String machine;
    private final GanttPlot gantt;
    private final JFreeChart chart;
    private final ValueMarker nowMarker;
    private final TextTitle title;
    private final List<GanttBar> barsInOrder = new ArrayList<>();
    private GanttSnapshot shown;

    /**
     * @param machine name of the machine, for the title
     * @param nodes   its number of nodes
     * @param sites   number of origin sites; at least 1
     */
    public MachineGanttChart(String machine, int nodes, int sites) {
        this.machine = machine;
        this.nodes = nodes;
        this.sites = Math.max(1, sites);
        NumberAxis time = new NumberAxis("simulated time (h:mm)");
        time.setStandardTickUnits(SimTimeFormat.tickUnits());
        NumberAxis node = new NumberAxis("node");
        node.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        Font small = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
        for (NumberAxis a : new NumberAxis[]{time, node}) {
            a.setLabelFont(small);
            a.setTickLabelFont(small);
        }
        gantt = new GanttPlot(GanttPlot.Style.SCREEN, time, node, nodes);
        XYPlot plot = gantt.plot();
        plot.setBackgroundPaint(new Color(0xF7F7F7));
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        nowMarker = new ValueMarker(0, GanttStyle.NOW, GanttStyle.DASHED);
        nowMarker.setLabel("now");
        nowMarker.setLabelFont(small);
        nowMarker.setLabelPaint(GanttStyle.NOW);
        nowMarker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        nowMarker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(nowMarker, Layer.FOREGROUND);
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
        // one series per (kind, site), in that order, as the chart has always drawn them
        List<GanttBar> ordered = s.bars().stream()
                .sorted(Comparator.comparingInt((GanttBar b) -> b.kind().ordinal()).thenComparingInt(this::siteOf))
                .toList();
        List<GanttPlot.Bar> bars = new ArrayList<>(ordered.size());
        for (GanttBar b : ordered) {
            int site = siteOf(b);
            bars.add(new GanttPlot.Bar(b.kind().name().toLowerCase() + " site " + (site + 1), b.kind(),
                    GanttStyle.site(b.job().site()), b.firstNode(), b.lastNode(), b.start(), b.end(),
                    b.multiSite() ? GanttStyle.multiSite(b.job()) : null, b.label()));
        }
        chart.setNotify(false);
        try {
            barsInOrder.clear();
            barsInOrder.addAll(ordered);
            shown = s;
            gantt.show(bars, "part of a multi-site job", from, to);
            nowMarker.setValue(s.now());
            title.setText(machine + "  \u00b7  " + nodes + " nodes  \u00b7  " + s.jobs(GanttBar.Kind.RUNNING).size()
                    + " running, " + s.jobs(GanttBar.Kind.RESERVED).size() + " reserved, "
                    + (nodes - s.busyNodes()) + " nodes idle");
        } finally {
            chart.setNotify(true);
        }
    }

    private int siteOf(GanttBar b) {
        return Math.floorMod(b.job().site(), sites);
    }

    /**
     * The bars as the chart's dataset holds them, read back from the dataset's x and y intervals: what is drawn.
     * For tests comparing the display with the simulation.
     */
    public List<GanttBar> barsInDataset() {
        // series are (kind, site) in the order show() sorted the bars into, so items come in that order
        IntervalXYDataset data = (IntervalXYDataset) gantt.plot().getDataset(0);
        List<GanttBar> out = new ArrayList<>();
        int index = 0;
        for (int k = 0; k < data.getSeriesCount(); k++) {
            for (int i = 0; i < data.getItemCount(k); i++) {
                GanttBar b = barsInOrder.get(index++);
                out.add(new GanttBar(b.job(), gantt.bar(k, i).kind(), (int) Math.round(data.getStartYValue(k, i)),
                        (int) Math.round(data.getEndYValue(k, i)), Math.round(data.getStartXValue(k, i)),
                        Math.round(data.getEndXValue(k, i)), b.parts()));
            }
        }
        return out;
    }

    /** The jobs whose bars are drawn, for tests. */
    List<Job> jobsInDataset() {
        return barsInDataset().stream().map(GanttBar::job).distinct().toList();
    }
}
