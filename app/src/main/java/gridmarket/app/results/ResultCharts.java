package gridmarket.app.results;

import gridmarket.app.BadInputException;
import gridmarket.charts.ChartException;
import gridmarket.results.ResultsException;
import gridmarket.charts.ChartOptions;
import gridmarket.charts.Charts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The figures {@code run} and {@code sweep} draw next to their results, into {@code DIR/charts/}. A figure that
 * cannot be written is an error: a run without its figures is not complete.
 */
public final class ResultCharts {
    /** Figures named one by one in {@link #figures}; more are only counted. */
    static final int NAMED = 8;

    private ResultCharts() {
    }

    /**
     * The figures of a run.
     *
     * @param files the files written (each figure in every format)
     */
    public record Drawn(List<Path> files) {
    }

    /** Gets the drawing machinery ready in the background, for a run that will draw its figures at its end. */
    static void prepare() {
        Charts.prepare();
    }

    /**
     * Draws a run's standard figures into {@code runDir/charts/}, before the run's {@code summary.json} exists: the
     * chart reader needs a summary, but the run folder must not look complete until its charts are drawn. So the
     * charts are drawn from a staging copy of the folder outside it (links to its files, and the summary), which is
     * removed afterwards. A kind the run has no data for is left out with a note; a figure that cannot be drawn or
     * written fails the run, so that its folder is never marked complete without its figures.
     *
     * @throws BadInputException naming the file or folder that could not be written
     */
    static Drawn forRun(Path runDir, String summaryText) {
        Path dir = runDir.resolve("charts");
        Path staging = null;
        try {
            staging = Files.createTempDirectory("gridmarket-charts-");
            // the same folder name, since the charts name a single run after its folder
            Path name = runDir.toAbsolutePath().normalize().getFileName();
            Path run = Files.createDirectory(staging.resolve(name == null ? "run" : name.toString()));
            for (String f : List.of("jobs.csv", "schedule.swf", ResultFolder.EXPERIMENT, "params.json",
                    ResultWriter.PRICES)) {
                Path source = runDir.resolve(f).toAbsolutePath();
                if (Files.isRegularFile(source)) {
                    link(source, run.resolve(f));
                }
            }
            Files.writeString(run.resolve(ResultWriter.SUMMARY), summaryText, StandardCharsets.UTF_8);
            return new Drawn(new Charts().writeForRun(run, dir, new ChartOptions()).files());
        } catch (ChartException | ResultsException e) {
            throw new BadInputException("charts of " + runDir + ": " + e.getMessage()
                    + " (the run is not marked complete; --no-charts runs without them)");
        } catch (IOException e) {
            throw new BadInputException("charts of " + runDir + ": cannot stage the run for drawing in "
                    + (staging == null ? "the temporary folder" : staging) + ": " + AtomicFiles.reason(e));
        } finally {
            deleteQuietly(staging);
        }
    }

    /**
     * Figure files counted as figures, each named once: {@code 3 figures, each as PNG and SVG: backlog, machines,
     * gantt-m1}; beyond {@value #NAMED} figures, only counted. A figure is a file name without its extension; the
     * formats are those of the files.
     */
    public static String figures(List<Path> files) {
        Set<String> names = new LinkedHashSet<>();
        Set<String> formats = new TreeSet<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            int dot = name.lastIndexOf('.');
            names.add(dot < 0 ? name : name.substring(0, dot));
            formats.add(dot < 0 ? "" : name.substring(dot + 1).toUpperCase(Locale.ROOT));
        }
        String each = formats.size() == 1 ? "as " + formats.iterator().next() : "each as " + String.join(" and ",
                formats);
        // a sweep's dozens of figures are counted, not listed: their names fill the charts folder's listing
        return names.size() + (names.size() == 1 ? " figure, " : " figures, ") + each
                + (names.size() <= NAMED ? ": " + String.join(", ", names) : "");
    }

    /** A symbolic link where the file system has them, else a copy. */
    private static void link(Path source, Path target) throws IOException {
        try {
            Files.createSymbolicLink(target, source);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(source, target);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover in the temporary folder is harmless: it is no results folder
        }
    }

    /**
     * Draws the standard figures of a sweep's results table, saying which kinds it left out and why, and telling
     * {@code progress} after each figure.
     */
    public static void forSweep(Path sweepDir, Charts.Progress progress) {
        Path csv = sweepDir.resolve("results.csv");
        if (!Files.isRegularFile(csv)) {
            return;
        }
        Path dir = sweepDir.resolve("charts");
        System.out.println("  drawing the charts of " + csv + " ...");
        try {
            Charts.Written w = new Charts().writeForSweep(csv, dir, new ChartOptions(), progress);
            System.out.println("  " + figures(w.files()) + " in " + dir);
            w.skipped().forEach(s -> System.out.println("  charts skipped: " + s));
        } catch (ChartException | ResultsException e) {
            // the runs and results.csv stand; the sweep's exit code says its figures are missing
            throw new BadInputException("charts of " + csv + ": " + e.getMessage());
        }
    }
}
