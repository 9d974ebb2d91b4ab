package gridmarket.app.gui;

import gridmarket.charts.gantt.GanttBar;
import gridmarket.charts.gantt.GanttSnapshot;
import gridmarket.charts.gantt.SimTimeFormat;
import gridmarket.sim.workload.Job;

import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.table.AbstractTableModel;
import java.awt.BorderLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Consumer;

/**
 * The backlog per origin site (waiting jobs, their area by estimate, the longest wait, jobs running and reserved)
 * and the first waiting jobs in queue order. Event thread only.
 */
final class QueuePanel extends JPanel implements Consumer<GridView> {
    private static final long serialVersionUID = 1L;

    private final JLabel header = new JLabel(" ");
    private final Table<GridView.SiteQueue> sites = new Table<>(
            new String[]{"site", "waiting", "backlog (node-h)", "longest wait", "running", "reserved"},
            (GridView.SiteQueue q) -> new Object[]{q.name(), q.waiting(),
                    String.format(Locale.ROOT, "%,.1f", q.backlog() / 3600), SimTimeFormat.hours(q.oldestWait()),
                    q.running(), q.reserved()});
    private final Table<Row> head = new Table<>(
            new String[]{"#", "job", "site", "nodes", "estimate", "submitted", "state"},
            (Row r) -> new Object[]{r.position(), r.job().id() + (r.job().part() > 0 ? "." + r.job().part() : ""),
                    r.site(), r.job().nodes(), SimTimeFormat.hours(r.job().estimate()),
                    SimTimeFormat.hours(r.job().submit()), r.state()});
    private GridView last;

    QueuePanel() {
        super(new BorderLayout(0, 4));
        setBorder(BorderFactory.createEmptyBorder(4, 6, 4, 6));
        add(header, BorderLayout.NORTH);
        JTable next = new JTable(head);
        int[] widths = {30, 60, 40, 45, 60, 70, 230};
        for (int c = 0; c < widths.length; c++) {
            next.getColumnModel().getColumn(c).setPreferredWidth(widths[c]);
        }
        JSplitPane split = new JSplitPane(JSplitPane.VERTICAL_SPLIT, new JScrollPane(new JTable(sites)),
                new JScrollPane(next));
        split.setResizeWeight(0.3);
        add(split, BorderLayout.CENTER);
    }

    /** The view shown last, or {@code null}. */
    GridView shown() {
        return last;
    }

    @Override
    public void accept(GridView view) {
        last = view;
        header.setText(String.format(Locale.ROOT, "<html>%s at %s: <b>%d waiting</b>, %d completed, %d rejected of %d "
                        + "jobs%s</html>", view.setting().strategy(), SimTimeFormat.hours(view.now()), view.waiting(),
                view.completed(), view.rejected(), view.jobs(), view.finished() ? " (run ended)" : ""));
        sites.set(view.sites());
        head.set(rows(view));
    }

    /** The next jobs to run: the first waiting jobs in queue order, then the reserved ones by reserved start. */
    private static List<Row> rows(GridView view) {
        List<String> names = view.setting().siteNames();
        Function<Job, String> site = j -> names.isEmpty() ? "" : names.get(Math.floorMod(j.site(), names.size()));
        List<Row> rows = new ArrayList<>();
        for (Job j : view.waitingHead()) {
            rows.add(new Row(rows.size() + 1, j, site.apply(j), "waiting " + SimTimeFormat.hours(view.now()
                    - j.submit())));
        }
        Map<Job, String> machines = new LinkedHashMap<>();
        Map<Job, Long> starts = new LinkedHashMap<>();
        for (GanttSnapshot m : view.machines()) {
            for (GanttBar b : m.bars(GanttBar.Kind.RESERVED)) {
                machines.merge(b.job(), m.machine(), (a, c) -> a.contains(c) ? a : a + "+" + c);
                starts.putIfAbsent(b.job(), b.start());
            }
        }
        starts.entrySet().stream().sorted(Map.Entry.<Job, Long>comparingByValue()
                        .thenComparing(e -> e.getKey().order()))
                .limit(Math.max(0, ModelWatcher.HEAD - rows.size()))
                .forEach(e -> rows.add(new Row(rows.size() + 1, e.getKey(), site.apply(e.getKey()),
                        "reserved on " + machines.get(e.getKey()) + " at " + SimTimeFormat.hours(e.getValue()))));
        return rows;
    }

    /** A row of the next jobs. */
    private record Row(int position, Job job, String site, String state) {
    }

    /** A read-only table of rows made by a function (the order book's too). */
    static final class Table<T> extends AbstractTableModel {
        private static final long serialVersionUID = 1L;
        private final String[] columns;
        private final Function<T, Object[]> cells;
        private List<T> rows = List.of();

        Table(String[] columns, Function<T, Object[]> cells) {
            this.columns = columns;
            this.cells = cells;
        }

        void set(List<T> rows) {
            this.rows = rows;
            fireTableDataChanged();
        }

        @Override
        public int getRowCount() {
            return rows.size();
        }

        @Override
        public int getColumnCount() {
            return columns.length;
        }

        @Override
        public String getColumnName(int c) {
            return columns[c];
        }

        @Override
        public Object getValueAt(int row, int c) {
            return cells.apply(rows.get(row))[c];
        }
    }
}
