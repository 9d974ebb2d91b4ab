package gridmarket.app.gui;

import gridmarket.charts.gantt.SimTimeFormat;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import javax.swing.JPanel;
import java.awt.BasicStroke;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Live charts over simulated time: AWRT of the jobs completed so far, the fraction of nodes busy, and the numbers of
 * waiting jobs and of jobs with a reservation that has not started. A JFreeChart in a panel of our own rather than
 * MASON's chart generators, whose PDF and movie exports need the iText and JMF libraries the build excludes. Event
 * thread only.
 */
final class MetricsPanel extends JPanel implements Consumer<GridView> {
    private static final long serialVersionUID = 1L;

    private final XYSeries awrt = new XYSeries("AWRT (h)", false, true);
    private final XYSeries utilization = new XYSeries("nodes busy (%)", false, true);
    private final XYSeries waiting = new XYSeries("waiting", false, true);
    private final XYSeries reserved = new XYSeries("reserved, not started", false, true);
    private final JFreeChart chart;
    private final TextTitle title = new TextTitle(" ", new Font(Font.SANS_SERIF, Font.BOLD, 11));
    private int run = -1;
    private int shownPoints;

    MetricsPanel() {
        super(new BorderLayout());
        NumberAxis time = new NumberAxis("simulated time (h:mm)");
        time.setStandardTickUnits(SimTimeFormat.tickUnits());
        time.setAutoRangeIncludesZero(true);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(6);
        String[] axes = {"AWRT (h)", "nodes busy (%)", "jobs"};
        XYSeriesCollection[] data = {new XYSeriesCollection(awrt), new XYSeriesCollection(utilization),
                new XYSeriesCollection(waiting)};
        data[2].addSeries(reserved);
        Color[][] colors = {{new Color(0xC00000)}, {new Color(0x0072B2)}, {new Color(0x009E73), new Color(0xE69F00)}};
        for (int i = 0; i < axes.length; i++) {
            NumberAxis y = new NumberAxis(axes[i]);
            y.setAutoRangeIncludesZero(true);
            y.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            if (i == 1) {
                y.setRange(0, 100);
            }
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
            // Range from all points, not only those inside the time axis' previous range (which lags one update).
            r.setDataBoundsIncludesVisibleSeriesOnly(false);
            r.setDrawSeriesLineAsPath(true);
            for (int k = 0; k < colors[i].length; k++) {
                r.setSeriesPaint(k, colors[i][k]);
                r.setSeriesStroke(k, new BasicStroke(1.5f));
            }
            XYPlot sub = new XYPlot(data[i], null, y, r);
            sub.setBackgroundPaint(new Color(0xF7F7F7));
            plot.add(sub, 1);
        }
        chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.PLAIN, 10), plot, true);
        chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        chart.setTitle(title);
        chart.setBackgroundPaint(Color.WHITE);
        ChartPanel panel = new ChartPanel(chart, true);
        panel.setPreferredSize(new Dimension(420, 420));
        panel.setMaximumDrawWidth(4000);
        panel.setMaximumDrawHeight(3000);
        add(panel, BorderLayout.CENTER);
    }

    /** Points shown so far in this run. */
    int shownPoints() {
        return shownPoints;
    }

    @Override
    public void accept(GridView view) {
        chart.setNotify(false);
        try {
            if (view.run() != run) {
                run = view.run();
                shownPoints = 0;
                awrt.clear();
                utilization.clear();
                waiting.clear();
                reserved.clear();
            }
            MetricsLog log = view.metrics();
            for (int i = shownPoints; i < view.metricsSize(); i++) {
                awrt.add(log.time(i), log.awrt(i) / 3600, false);
                utilization.add(log.time(i), 100 * log.utilization(i), false);
                waiting.add(log.time(i), log.waiting(i), false);
                reserved.add(log.time(i), log.reserved(i), false);
            }
            if (view.metricsSize() > shownPoints) {
                shownPoints = view.metricsSize();
                awrt.fireSeriesChanged();
                utilization.fireSeriesChanged();
                waiting.fireSeriesChanged();
                reserved.fireSeriesChanged();
            }
            title.setText(String.format(Locale.ROOT, "AWRT %.2f h over %d completed jobs, %d rejected",
                    view.awrt() / 3600, view.completed(), view.rejected()));
        } finally {
            chart.setNotify(true);
        }
    }
}
