package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import gridmarket.charts.data.ResultsLoader;
import gridmarket.results.ResultsException;
import gridmarket.charts.data.ResultsTable;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The figures of gridmarket's results (SPEC I4), drawn with JFreeChart and written as PNG and SVG. Entry point for
 * {@code gridmarket chart} and for the figures {@code run} and {@code sweep} write next to their results.
 * Rendering needs no display (it draws into images and SVG documents only).
 */
public final class Charts {
    /** A kind that would make more figures than this is left out of the automatic figures of a sweep. */
    public static final int MAX_AUTOMATIC_FIGURES = 16;

    /**
     * What {@link #writeForRun} or {@link #writeForSweep} did.
     *
     * @param files   the files written
     * @param skipped one line per kind left out, saying why
     */
    public record Written(List<Path> files, List<String> skipped) {
    }

    /**
     * Builds the figures of a kind from results (results CSVs, run folders, sweep folders), without writing them.
     *
     * @throws ChartException for bad input: a missing file or column, no runs, options the kind does not take
     */
    public List<Figure> build(ChartKind kind, List<Path> results, ChartOptions options) {
        checkOptions(kind, options);
        ResultsTable table = new ResultsLoader().load(results);
        try {
            return build(kind, table, options);
        } catch (ResultsException e) {
            throw new ChartException(e.getMessage()); // a bad jobs.csv is bad input like any other
        }
    }

    /**
     * Builds the figures of a kind and writes them into {@code outDir} in the options' formats.
     *
     * @return the files written, in figure order
     * @throws ChartException for bad input, or if a file cannot be written
     */
    public List<Path> write(ChartKind kind, List<Path> results, ChartOptions options, Path outDir) {
        List<Path> files = new ArrayList<>();
        for (Figure f : build(kind, results, options)) {
            files.addAll(ChartFiles.write(f, outDir, options));
        }
        return files;
    }

    /**
     * Writes the standard figures of one run into {@code outDir}: backlog and utilization over time, work and
     * utilization per machine, the Gantt chart of its first machine and, for market runs (a {@code price} or
     * {@code utility} column in {@code jobs.csv}), the distribution of utility values and prices. A kind the run
     * cannot draw is skipped with a note, never an error.
     */
    public Written writeForRun(Path runFolder, Path outDir, ChartOptions options) {
        ResultsTable table = new ResultsLoader().load(List.of(runFolder));
        List<ChartKind> kinds = new ArrayList<>(List.of(ChartKind.BACKLOG, ChartKind.MACHINES, ChartKind.GANTT));
        if (DistributionChart.applies(runFolder)) {
            kinds.add(ChartKind.DISTRIBUTION);
        }
        if (PriceChart.applies(runFolder)) {
            kinds.add(ChartKind.PRICES);
        }
        if (table.has("market.economy.userSurplus")) {
            kinds.add(ChartKind.SURPLUS);
        }
        return writeAll(kinds, table, outDir, options, Integer.MAX_VALUE, (done, total) -> { });
    }

    /**
     * Writes the standard figures of a sweep's results table into {@code outDir}: AWRT per configuration and
     * strategy, AWRT and AWWT per configuration, AWRT against the multi-site overhead (when it varies), work and
     * utilization per machine and, for market runs, the distributions of utility values and prices. A kind that
     * does not fit the results, or would make more than {@link #MAX_AUTOMATIC_FIGURES} figures, is skipped with a
     * note.
     */
    public Written writeForSweep(Path resultsCsv, Path outDir, ChartOptions options) {
        return writeForSweep(resultsCsv, outDir, options, (done, total) -> { });
    }

    /**
     * Told how many figures are written of how many, after each one (drawing a sweep's figures can take a while).
     */
    @FunctionalInterface
    public interface Progress {
        void figures(int done, int total);
    }

    /** As {@link #writeForSweep(Path, Path, ChartOptions)}, telling {@code progress} after each figure. */
    public Written writeForSweep(Path resultsCsv, Path outDir, ChartOptions options, Progress progress) {
        ResultsTable table = new ResultsLoader().load(List.of(resultsCsv));
        List<ChartKind> kinds = new ArrayList<>(List.of(ChartKind.STRATEGIES, ChartKind.CONFIGURATIONS));
        if (Grouping.varied(table.rows(), Set.of(Labels.OVERHEAD)).contains(Labels.OVERHEAD)) {
            kinds.add(ChartKind.OVERHEAD);
        }
        kinds.add(ChartKind.MACHINES);
        ResultRow first = table.rows().get(0);
        if (first.folder().isPresent() && DistributionChart.applies(first.folder().get())) {
            kinds.add(ChartKind.DISTRIBUTION);
        }
        if (table.has("market.economy.userSurplus")) {
            kinds.add(ChartKind.SURPLUS);
        }
        return writeAll(kinds, table, outDir, options, MAX_AUTOMATIC_FIGURES, progress);
    }

    private Written writeAll(List<ChartKind> kinds, ResultsTable table, Path outDir, ChartOptions options,
                             int maxFigures, Progress progress) {
        List<Figure> toWrite = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (ChartKind kind : kinds) {
            List<Figure> figures;
            try {
                figures = build(kind, table, options);
            } catch (ChartException | ResultsException e) {
                skipped.add(kind.key() + ": " + e.getMessage());
                continue;
            }
            if (figures.size() > maxFigures) {
                skipped.add(kind.key() + ": " + figures.size() + " figures (one per "
                        + "combination of the parameters it does not show); draw them with gridmarket chart "
                        + kind.key() + " and --where or --each");
                continue;
            }
            toWrite.addAll(figures);
        }
        // built first, drawn after: building is cheap, and the total is known before the slow part
        return new Written(draw(toWrite, outDir, options, progress), skipped);
    }

    /**
     * Draws the figures into files, several at once on as many cores as there are: drawing and encoding are most of
     * a run's chart time. Each figure is drawn by one thread (a chart is not safe to draw twice at once), so every
     * file has the bytes it has when drawn alone. Files and progress in figure order.
     */
    private static List<Path> draw(List<Figure> figures, Path outDir, ChartOptions options, Progress progress) {
        int threads = Math.min(figures.size(), Runtime.getRuntime().availableProcessors());
        List<Path> files = new ArrayList<>();
        if (threads <= 1) {
            for (int i = 0; i < figures.size(); i++) {
                files.addAll(ChartFiles.write(figures.get(i), outDir, options));
                progress.figures(i + 1, figures.size());
            }
            return files;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "gridmarket-charts");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<Path>>> drawn = new ArrayList<>();
            for (Figure f : figures) {
                drawn.add(pool.submit(() -> ChartFiles.write(f, outDir, options)));
            }
            for (int i = 0; i < drawn.size(); i++) {
                files.addAll(result(drawn.get(i)));
                progress.figures(i + 1, figures.size());
            }
            return files;
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Path> result(Future<List<Path>> drawn) {
        try {
            return drawn.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChartException("interrupted while drawing the charts");
        }
    }

    /**
     * Loads and initialises the drawing machinery (Java 2D, fonts, JFreeChart, the PNG and SVG writers) on a
     * background thread, once per JVM, so that a caller who will draw later (a run, after its simulation) does not
     * wait for it then: on a run of a few seconds, that first use is a noticeable part of the whole. Draws a tiny
     * chart that is thrown away; it changes nothing the real figures depend on.
     */
    public static void prepare() {
        if (PREPARED.getAndSet(true)) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                XYSeries s = new XYSeries("warm-up");
                s.add(0, 0);
                s.add(1, 1);
                JFreeChart chart = new JFreeChart("warm-up", ChartStyle.TITLE, new XYPlot(new XYSeriesCollection(s),
                        ChartStyle.numberAxis("x"), ChartStyle.numberAxis("y"),
                        new XYLineAndShapeRenderer(true, false)), true);
                ChartStyle.apply(chart, "warm-up");
                ChartFiles.png(chart, 64, 48);
                ChartFiles.svg(chart, 64, 48);
            } catch (RuntimeException | LinkageError e) {
                // only a head start: the real drawing reports whatever is wrong
            }
        }, "gridmarket-charts-prepare");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    private static final AtomicBoolean PREPARED = new AtomicBoolean();

    private static List<Figure> build(ChartKind kind, ResultsTable table, ChartOptions options) {
        TableLayout layout = TableLayout.select(table, options);
        List<Figure> figures = switch (kind) {
            case STRATEGIES -> MetricBarChart.strategies(layout, options);
            case CONFIGURATIONS -> MetricBarChart.configurations(layout, options);
            case OVERHEAD -> MetricLineChart.overhead(layout, options);
            case MACHINES -> MachineChart.machines(layout, options);
            case DISTRIBUTION -> DistributionChart.distribution(layout, options);
            case GANTT -> GanttChart.gantt(layout, options);
            case BACKLOG -> BacklogChart.backlog(layout, options);
            case PRICES -> PriceChart.prices(layout, options);
            case SURPLUS -> SurplusChart.surplus(layout, options);
        };
        if (options.title() != null) {
            figures.forEach(f -> f.chart().setTitle(options.title()));
        }
        figures.forEach(f -> relabel(f.chart(), options));
        return figures;
    }

    /**
     * Puts {@code --x-label} and {@code --y-label} on the axes of a metric chart (a bar chart's categories and
     * values, a line chart's x and y); a log axis keeps saying so, since its ticks would be misread otherwise.
     */
    private static void relabel(JFreeChart chart, ChartOptions o) {
        Axis x;
        Axis y;
        if (chart.getPlot() instanceof CategoryPlot p) {
            x = p.getDomainAxis();
            y = p.getRangeAxis();
        } else if (chart.getPlot() instanceof XYPlot p) {
            x = p.getDomainAxis();
            y = p.getRangeAxis();
        } else {
            return;
        }
        if (o.xLabel() != null) {
            x.setLabel(o.xLabel());
        }
        if (o.yLabel() != null) {
            y.setLabel(o.yLabel() + (o.log() ? ", log scale" : ""));
        }
    }

    /** Rejects options a kind does not use, rather than ignoring them silently. */
    private static void checkOptions(ChartKind kind, ChartOptions o) {
        Set<ChartKind> perRun = EnumSet.of(ChartKind.GANTT, ChartKind.BACKLOG, ChartKind.PRICES);
        reject(kind, !o.metrics().isEmpty() && perRun.contains(kind), "--metric");
        reject(kind, !o.x().isEmpty() && (perRun.contains(kind) || kind == ChartKind.MACHINES), "--x");
        reject(kind, !o.series().isEmpty() && (perRun.contains(kind) || kind == ChartKind.CONFIGURATIONS
                || kind == ChartKind.DISTRIBUTION || kind == ChartKind.SURPLUS), "--series");
        reject(kind, !o.each().isEmpty() && perRun.contains(kind), "--each");
        reject(kind, !o.baseline().isEmpty() && !EnumSet.of(ChartKind.STRATEGIES, ChartKind.CONFIGURATIONS,
                ChartKind.OVERHEAD).contains(kind), "--baseline");
        reject(kind, o.log() && !EnumSet.of(ChartKind.STRATEGIES, ChartKind.CONFIGURATIONS).contains(kind),
                "--log");
        reject(kind, (o.xLabel() != null || o.yLabel() != null) && !EnumSet.of(ChartKind.STRATEGIES,
                ChartKind.CONFIGURATIONS, ChartKind.OVERHEAD).contains(kind), "--x-label or --y-label");
        reject(kind, o.hours() && !EnumSet.of(ChartKind.STRATEGIES, ChartKind.CONFIGURATIONS).contains(kind),
                "--hours (its times are drawn in the kind's own unit)");
        if (o.hours() && !o.baseline().isEmpty()) {
            throw new ChartException("--hours has no effect with --baseline: values relative to a baseline are "
                    + "percent, not times");
        }
        if (o.log() && !o.baseline().isEmpty()) {
            throw new ChartException("--log and --baseline do not go together: a value relative to a baseline may "
                    + "be 0 or negative");
        }
        reject(kind, (o.machine() != null || o.from() != null || o.to() != null) && kind != ChartKind.GANTT,
                "--machine, --from and --to");
    }

    private static void reject(ChartKind kind, boolean bad, String option) {
        if (bad) {
            throw new ChartException("the " + kind.key() + " chart does not take " + option);
        }
    }
}
