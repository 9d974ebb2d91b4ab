package gridmarket.app;

import gridmarket.charts.ChartException;
import gridmarket.charts.ChartOptions;
import gridmarket.charts.Charts;

import java.nio.file.Files;
import java.nio.file.Path;

/** The figures {@code run} and {@code sweep} draw next to their results, into {@code DIR/charts/}. */
final class ResultCharts {
    private ResultCharts() {
    }

    /** Draws a run's standard figures; a failure is reported and does not fail the run. */
    static void forRun(Path runDir) {
        Path dir = runDir.resolve("charts");
        try {
            Charts.Written w = new Charts().writeForRun(runDir, dir, new ChartOptions());
            System.out.println("  " + w.files().size() + " charts in " + dir);
        } catch (ChartException e) {
            System.out.println("  no charts: " + e.getMessage());
        }
    }

    /** Draws the standard figures of a sweep's results table, saying which kinds it left out and why. */
    static void forSweep(Path sweepDir) {
        Path csv = sweepDir.resolve("results.csv");
        if (!Files.isRegularFile(csv)) {
            return;
        }
        Path dir = sweepDir.resolve("charts");
        System.out.println("  drawing the charts of " + csv + " ...");
        try {
            Charts.Written w = new Charts().writeForSweep(csv, dir, new ChartOptions());
            System.out.println("  " + w.files().size() + " charts in " + dir);
            w.skipped().forEach(s -> System.out.println("  charts skipped: " + s));
        } catch (ChartException e) {
            System.out.println("  no charts: " + e.getMessage());
        }
    }
}
