package gridmarket.charts;

import gridmarket.results.JobRow;
import gridmarket.sim.result.JobStatus;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link ChartKind#GANTT}: one machine's schedule over a time window: nodes up, simulated time across, each job a
 * rectangle per contiguous range of its nodes, coloured by the site it was submitted at. The parts of multi-site
 * jobs are outlined in black. Drawn from {@code jobs.csv} ({@code node_ids} such as {@code 0-15;32}).
 */
final class GanttChart {
    /** The default window: two days from the machine's first start. */
    static final long DEFAULT_WINDOW_SECONDS = 2 * 24 * 3600;
    private static final double HOUR = 3600.0;
    /** Lighten (+) or darken (-) by this fraction, in turn per job. */
    private static final float[] SHADES = {0f, 0.3f, -0.2f};

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
        long firstStart = Long.MAX_VALUE;
        int maxNode = -1;
        for (JobRow j : jobs) {
            if (j.machine().equals(machine) && j.status() == JobStatus.COMPLETED) {
                firstStart = Math.min(firstStart, j.start());
                for (int[] range : ranges(run, j)) {
                    maxNode = Math.max(maxNode, range[1]);
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
        String nodesColumn = "machines." + machine + ".nodes";
        int nodes = run.row().has(nodesColumn) ? (int) run.row().number(nodesColumn) : maxNode + 1;

        Map<String, XYIntervalSeries> bySite = new TreeMap<>(ValueOrder::compare);
        Map<String, List<Integer>> shades = new HashMap<>();
        // in file order, not sorted by time: the shades are kept in a list parallel to the items
        XYIntervalSeries multi = new XYIntervalSeries("part of a multi-site job", false, true);
        int job = 0;
        for (JobRow j : jobs) {
            if (!j.machine().equals(machine) || j.status() != JobStatus.COMPLETED) {
                continue;
            }
            if (j.end() <= from || j.start() >= to) {
                continue;
            }
            String origin = j.site();
            XYIntervalSeries series = bySite.computeIfAbsent(origin, k -> new XYIntervalSeries("site " + k, false, true));
            boolean split = j.multisite() > 1;
            job++;
            for (JobRow.Stretch stretch : j.stretches()) { // a preempted job is drawn piece by piece
                long s = stretch.start();
                long e = stretch.end();
                if (e <= from || s >= to) {
                    continue;
                }
                for (int[] range : ranges(run, j)) {
                    series.add(s / HOUR, s / HOUR, e / HOUR, range[0], range[0], range[1] + 1);
                    shades.computeIfAbsent(origin, k -> new ArrayList<>()).add(job % SHADES.length);
                    if (split) {
                        multi.add(s / HOUR, s / HOUR, e / HOUR, range[0], range[0], range[1] + 1);
                    }
                }
            }
        }
        XYIntervalSeriesCollection jobsData = new XYIntervalSeriesCollection();
        bySite.values().forEach(jobsData::addSeries);
        XYIntervalSeriesCollection multiData = new XYIntervalSeriesCollection();
        if (multi.getItemCount() > 0) {
            multiData.addSeries(multi);
        }
        List<List<Integer>> shadeBySeries = bySite.keySet().stream().map(shades::get).toList();

        NumberAxis time = ChartStyle.numberAxis("simulated time (h)");
        time.setRange(from / HOUR, to / HOUR);
        NumberAxis nodeAxis = ChartStyle.integerAxis("node");
        nodeAxis.setRange(0, Math.max(1, nodes));
        XYBarRenderer jobsRenderer = new ShadedBarRenderer(shadeBySeries);
        configure(jobsRenderer);
        XYPlot plot = new XYPlot(jobsData, time, nodeAxis, jobsRenderer);
        XYBarRenderer multiRenderer = new XYBarRenderer();
        configure(multiRenderer);
        plot.setDataset(1, multiData);
        plot.setRenderer(1, multiRenderer);
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
        ChartStyle.legendAt(chart, bySite.size() + multiData.getSeriesCount());
        for (int i = 0; i < bySite.size(); i++) {
            jobsRenderer.setSeriesPaint(i, ChartStyle.color(i, bySite.size()));
            jobsRenderer.setSeriesOutlinePaint(i, Color.WHITE);
            jobsRenderer.setSeriesOutlineStroke(i, new BasicStroke(0.75f));
        }
        // drawn over the jobs: no fill, so the site colour shows through the black frame
        multiRenderer.setSeriesPaint(0, new Color(0, 0, 0, 0));
        multiRenderer.setSeriesOutlinePaint(0, Color.BLACK);
        multiRenderer.setSeriesOutlineStroke(0, new BasicStroke(2.5f));
        return List.of(new Figure(ChartFiles.safe(ChartKind.GANTT.key() + "-" + machine), chart));
    }

    private static void configure(XYBarRenderer r) {
        r.setUseYInterval(true);
        r.setDrawBarOutline(true);
        r.setShadowVisible(false);
        r.setMargin(0);
    }

    /**
     * Jobs of one site in three shades of the site's colour, taken in turn, so that neighbouring jobs of the same
     * site stay apart (in a single-site run every job has the same colour). The legend shows the plain colour.
     */
    private static final class ShadedBarRenderer extends XYBarRenderer {
        private static final long serialVersionUID = 1L;
        private final List<List<Integer>> shades;

        ShadedBarRenderer(List<List<Integer>> shades) {
            this.shades = shades;
        }

        @Override
        public Paint getItemPaint(int series, int item) {
            Paint base = super.getItemPaint(series, item);
            if (!(base instanceof Color c)) {
                return base;
            }
            return shade(c, SHADES[shades.get(series).get(item)]);
        }
    }

    private static Color shade(Color c, float f) {
        if (f >= 0) {
            return new Color(Math.round(c.getRed() + (255 - c.getRed()) * f),
                    Math.round(c.getGreen() + (255 - c.getGreen()) * f),
                    Math.round(c.getBlue() + (255 - c.getBlue()) * f));
        }
        return new Color(Math.round(c.getRed() * (1 + f)), Math.round(c.getGreen() * (1 + f)),
                Math.round(c.getBlue() * (1 + f)));
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
