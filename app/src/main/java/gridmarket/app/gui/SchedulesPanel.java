package gridmarket.app.gui;

import gridmarket.charts.gantt.GanttStyle;
import gridmarket.charts.gantt.MachineGanttChart;
import gridmarket.sim.machine.Machine;
import org.jfree.chart.ChartPanel;

import javax.swing.BorderFactory;
import javax.swing.Icon;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import java.awt.BasicStroke;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One Gantt chart per machine (nodes x time around now), a legend of the site colours and a choice of the time
 * window. Event thread only.
 */
final class SchedulesPanel extends JPanel implements Consumer<GridView> {
    private static final long serialVersionUID = 1L;
    private static final long[] WINDOWS = {3600, 6 * 3600, 12 * 3600, 86_400, 3 * 86_400, 7 * 86_400};
    private static final String[] WINDOW_NAMES = {"1 h", "6 h", "12 h", "1 day", "3 days", "1 week"};

    private final List<MachineGanttChart> charts = new ArrayList<>();
    private final JComboBox<String> window = new JComboBox<>(WINDOW_NAMES);
    private GridView last;

    SchedulesPanel(List<Machine> machines, List<String> siteNames) {
        super(new BorderLayout());
        JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT, 8, 2));
        for (int s = 0; s < siteNames.size(); s++) {
            top.add(new JLabel("site " + siteNames.get(s), new Swatch(GanttStyle.site(s), Color.WHITE, false),
                    JLabel.LEFT));
        }
        top.add(new JLabel("reserved", new Swatch(GanttStyle.reserved(0), GanttStyle.reservedOutline(0), true),
                JLabel.LEFT));
        top.add(new JLabel("rest of estimate", new Swatch(GanttStyle.ESTIMATE, Color.WHITE, false), JLabel.LEFT));
        top.add(new JLabel("multi-site part (label ends in *)", new Swatch(Color.WHITE, Color.DARK_GRAY, false),
                JLabel.LEFT));
        top.add(new JLabel("   window:"));
        window.setSelectedIndex(2);
        window.addActionListener(e -> {
            if (last != null) {
                accept(last);
            }
        });
        top.add(window);
        add(top, BorderLayout.NORTH);
        int n = machines.size();
        int columns = n <= 1 ? 1 : n <= 4 ? 2 : 3;
        JPanel grid = new JPanel(new GridLayout(0, columns, 4, 4));
        grid.setBorder(BorderFactory.createEmptyBorder(2, 2, 2, 2));
        for (Machine m : machines) {
            MachineGanttChart chart = new MachineGanttChart(m.name(), m.nodes(), siteNames.size());
            charts.add(chart);
            ChartPanel panel = new ChartPanel(chart.chart(), true);
            panel.setPreferredSize(new Dimension(480, 250));
            panel.setMinimumDrawWidth(200);
            panel.setMinimumDrawHeight(120);
            panel.setMaximumDrawWidth(4000);
            panel.setMaximumDrawHeight(3000);
            panel.setDomainZoomable(false);
            panel.setRangeZoomable(false);
            grid.add(panel);
        }
        JScrollPane scroll = new JScrollPane(grid);
        scroll.setBorder(null);
        add(scroll, BorderLayout.CENTER);
    }

    /** The charts, one per machine in machine order. */
    List<MachineGanttChart> charts() {
        return charts;
    }

    @Override
    public void accept(GridView view) {
        last = view;
        long w = WINDOWS[Math.max(0, window.getSelectedIndex())];
        long from = view.now() - w / 5;
        for (int i = 0; i < charts.size(); i++) {
            charts.get(i).show(view.machines().get(i), from, from + w);
        }
    }

    /** A legend square. */
    private record Swatch(Color fill, Color outline, boolean dashed) implements Icon {
        @Override
        public void paintIcon(Component c, Graphics g, int x, int y) {
            Graphics2D g2 = (Graphics2D) g.create();
            g2.setColor(fill);
            g2.fillRect(x, y, 13, 11);
            g2.setColor(outline.equals(Color.WHITE) ? Color.GRAY : outline);
            g2.setStroke(dashed ? new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[]{3f, 2f}, 0f) : new BasicStroke(outline.equals(Color.DARK_GRAY) ? 2.5f : 1f));
            g2.drawRect(x, y, 13, 11);
            g2.dispose();
        }

        @Override
        public int getIconWidth() {
            return 14;
        }

        @Override
        public int getIconHeight() {
            return 12;
        }
    }
}
