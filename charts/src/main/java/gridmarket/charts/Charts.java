package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import gridmarket.charts.data.ResultsLoader;
import gridmarket.results.ResultsException;
import gridmarket.charts.data.ResultsTable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

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
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < toWrite.size(); i++) {
            files.addAll(ChartFiles.write(toWrite.get(i), outDir, options));
            progress.figures(i + 1, toWrite.size());
        }
        return new Written(files, skipped);
    }

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
        };
        if (options.title() != null) {
            figures.forEach(f -> f.chart().setTitle(options.title()));
        }
        return figures;
    }

    /** Rejects options a kind does not use, rather than ignoring them silently. */
    private static void checkOptions(ChartKind kind, ChartOptions o) {
        Set<ChartKind> perRun = EnumSet.of(ChartKind.GANTT, ChartKind.BACKLOG);
        reject(kind, !o.metrics().isEmpty() && perRun.contains(kind), "--metric");
        reject(kind, !o.x().isEmpty() && (perRun.contains(kind) || kind == ChartKind.MACHINES), "--x");
        reject(kind, !o.series().isEmpty() && (perRun.contains(kind) || kind == ChartKind.CONFIGURATIONS
                || kind == ChartKind.DISTRIBUTION), "--series");
        reject(kind, !o.each().isEmpty() && perRun.contains(kind), "--each");
        reject(kind, !o.baseline().isEmpty() && !EnumSet.of(ChartKind.STRATEGIES, ChartKind.CONFIGURATIONS,
                ChartKind.OVERHEAD).contains(kind), "--baseline");
        reject(kind, o.log() && !EnumSet.of(ChartKind.STRATEGIES, ChartKind.CONFIGURATIONS).contains(kind),
                "--log");
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
