package gridmarket.charts;

import gridmarket.results.JobRow;
import gridmarket.sim.result.Piece;
import gridmarket.sim.result.JobStatus;
import gridmarket.charts.gantt.GanttBar;
import gridmarket.charts.gantt.GanttPlot;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link ChartKind#GANTT}: one machine's schedule over a time window: nodes up, simulated time across, each job a
 * rectangle per contiguous range of its nodes, in the colour of the site it was submitted at (one colour a site, as
 * in the legend), framed in that colour darkened. The parts of multi-site jobs are framed in black. Drawn from {@code jobs.csv} ({@code node_ids} such as {@code 0-15;32}).
 */
final class GanttChart {
    /** The default window: two days from the machine's first start. */
    static final long DEFAULT_WINDOW_SECONDS = 2 * 24 * 3600;
    private static final double HOUR = 3600.0;

    private GanttChart() {
    }

    /** The figure of the single run left after {@code --where}. */
    static List<Figure> gantt(TableLayout layout, ChartOptions o) {
        RunFolderRow run = RunFolderRow.single(layout, ChartKind.GANTT);
        List<JobRow> jobs = run.jobs();
        List<String> machines = run.machines();
        String machine = o.machine() != null ? o.machine() : machines.isEmpty() ? firstMachine(run)
                : machines.get(0);
        if (!machines.isEmpty() && !machines.contains(machine)) {
            throw new ChartException("--machine: run " + run.row().name() + " has no machine '" + machine
                    + "' (it has " + String.join(", ", machines) + ")");
        }
        String nodesColumn = "machines." + machine + ".nodes";
        // the highest node is needed only where the summary does not give the machine's size
        boolean sized = run.row().has(nodesColumn);
        long firstStart = Long.MAX_VALUE;
        int maxNode = -1;
        for (JobRow j : jobs) {
            if (j.machine().equals(machine) && j.status() == JobStatus.COMPLETED) {
                firstStart = Math.min(firstStart, j.start());
                if (!sized) {
                    for (int[] range : ranges(run, j)) {
                        maxNode = Math.max(maxNode, range[1]);
                    }
                }
            }
        }
        if (firstStart == Long.MAX_VALUE) {
            throw new ChartException(run.jobsFile() + ": no completed job ran on machine '"
                    + machine + "'");
        }
        long from = o.from() != null ? o.from() : firstStart;
        long to = o.to() != null ? o.to() : from + DEFAULT_WINDOW_SECONDS;
        if (to <= from) {
            throw new ChartException("--to must be after --from (got " + from + " to " + to + ")");
        }
        int nodes = sized ? (int) run.row().number(nodesColumn) : maxNode + 1;

        List<JobRow> shown = jobs.stream().filter(j -> j.machine().equals(machine)
                && j.status() == JobStatus.COMPLETED && j.end() > from && j.start() < to).toList();
        List<String> sites = shown.stream().map(JobRow::site).distinct().sorted(ValueOrder::compare).toList();
        // grouped by site (one legend entry each, the one colour its jobs are drawn in), in file order within a site
        List<GanttPlot.Bar> bars = new ArrayList<>();
        for (String site : sites) {
            Color colour = (Color) ChartStyle.color(sites.indexOf(site), sites.size());
            for (int job = 0; job < shown.size(); job++) {
                JobRow j = shown.get(job);
                if (!j.site().equals(site)) {
                    continue;
                }
                Color mark = j.multisite() > 1 ? Color.BLACK : null;
                for (Piece stretch : j.stretches()) { // a preempted job is drawn piece by piece
                    if (stretch.end() <= from || stretch.start() >= to) {
                        continue;
                    }
                    for (int[] range : ranges(run, j)) {
                        bars.add(new GanttPlot.Bar("site " + site, GanttBar.Kind.RUNNING, colour, range[0],
                                range[1], stretch.start(), stretch.end(), mark, null));
                    }
                }
            }
        }

        GanttPlot gantt = new GanttPlot(GanttPlot.Style.PAPER, ChartStyle.numberAxis("simulated time (h)"),
                ChartStyle.integerAxis("node"), nodes);
        gantt.show(bars, "part of a multi-site job", from, to);
        XYPlot plot = gantt.plot();
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);

        String what = "schedule of machine " + machine + " (" + nodes + " nodes)";
        String window = String.format(Locale.ROOT, "hours %s to %s of simulated time; colour: origin site",
                hours(from), hours(to));
        List<String> subtitles = new ArrayList<>();
        subtitles.add(window);
        subtitles.add(run.describe(layout.table().parameters()));
        JFreeChart chart = new JFreeChart(Labels.title(Labels.experiment(List.of(run.row())), what),
                ChartStyle.TITLE, plot, true);
        ChartStyle.apply(chart, subtitles.toArray(String[]::new));
        ChartStyle.legendAt(chart, gantt.legendEntries());
        return List.of(new Figure(ChartFiles.safe(ChartKind.GANTT.key() + "-" + machine), chart));
    }

    private static String firstMachine(RunFolderRow run) {
        for (JobRow j : run.jobs()) {
            if (!j.machine().isEmpty()) {
                return j.machine();
            }
        }
        throw new ChartException(run.jobsFile() + ": no job ran on any machine");
    }

    private static String hours(long seconds) {
        double h = seconds / HOUR;
        return h == Math.rint(h) ? String.valueOf((long) h) : String.format(Locale.ROOT, "%.2f", h);
    }

    /** A row's node ranges, {@code 0-15;32} as [0,15] and [32,32]. */
    static List<int[]> ranges(RunFolderRow run, JobRow job) {
        String text = job.nodeIds().strip();
        List<int[]> out = new ArrayList<>();
        if (text.isEmpty()) {
            return out;
        }
        for (String part : text.split(";")) {
            try {
                int dash = part.indexOf('-');
                int lo = Integer.parseInt((dash < 0 ? part : part.substring(0, dash)).strip());
                int hi = dash < 0 ? lo : Integer.parseInt(part.substring(dash + 1).strip());
                out.add(new int[] {lo, hi});
            } catch (NumberFormatException e) {
                throw new ChartException(run.jobsFile() + ": job " + job.jobId() + ": bad node_ids '" + text
                        + "' (expected ranges such as 0-15;32)");
            }
        }
        return out;
    }
}
