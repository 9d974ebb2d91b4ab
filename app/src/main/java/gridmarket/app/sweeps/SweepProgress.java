package gridmarket.app.sweeps;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * The progress of a sweep on stderr: on a terminal a bar of runs done of runs to do, runs per second and the time
 * left; into a log (a Slurm task's output, a redirected run) one plain line every {@value #LINE_SECONDS} seconds once
 * the sweep has run {@value #QUIET_SECONDS} seconds, without carriage returns. A disabled one prints nothing.
 */
public final class SweepProgress implements AutoCloseable {
    /** A sweep shorter than this writes no plain lines (tests and CI logs stay quiet). */
    static final double QUIET_SECONDS = 10;
    /** Seconds between two plain lines. */
    static final double LINE_SECONDS = 30;

    private final ProgressBar bar;
    private final Lines lines;
    private int failed;

    private SweepProgress(ProgressBar bar, Lines lines) {
        this.bar = bar;
        this.lines = lines;
    }

    /**
     * A progress bar over {@code runs} runs.
     *
     * @param wanted {@code true} or {@code false} as the user asked, or {@code null} to show it only when stderr is a
     *               terminal
     */
    public static SweepProgress open(Boolean wanted, String task, long runs, PrintStream err) {
        return open(wanted, task, runs, " runs", err);
    }

    /** A progress bar over {@code total} steps counted in {@code unit} (e.g. {@code " charts"}). */
    public static SweepProgress open(Boolean wanted, String task, long total, String unit, PrintStream err) {
        return open(wanted, stderrIsTerminal(), task, total, unit, err, QUIET_SECONDS, LINE_SECONDS);
    }

    static SweepProgress open(Boolean wanted, boolean terminal, String task, long total, String unit, PrintStream err,
                              double quietSeconds, double lineSeconds) {
        long runs = total;
        if (Boolean.FALSE.equals(wanted) || runs == 0) {
            return new SweepProgress(null, null);
        }
        if (wanted == null && !terminal) {
            return new SweepProgress(null, new Lines(task, runs, unit, err, quietSeconds, lineSeconds));
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                // colours and block characters only where a terminal will draw them, not into a log file
                .setStyle(terminal ? ProgressBarStyle.COLORFUL_UNICODE_BLOCK : ProgressBarStyle.ASCII)
                .setInitialMax(runs)
                .setUnit(unit, 1)
                .showSpeed(new DecimalFormat("0.00"))
                .setSpeedUnit(ChronoUnit.SECONDS)
                .setUpdateIntervalMillis(500)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .build();
        return new SweepProgress(bar, null);
    }

    /** Sets how many steps there are, once the caller knows. */
    public synchronized void total(long steps) {
        if (bar != null && bar.getMax() != steps) {
            bar.maxHint(steps);
        }
        if (lines != null) {
            lines.total = steps;
        }
    }

    /** One more run (or step) finished, well or not. */
    public synchronized void done(boolean ok) {
        if (!ok) {
            failed++;
        }
        if (lines != null) {
            lines.step(failed);
        }
        if (bar == null) {
            return;
        }
        if (!ok) {
            bar.setExtraMessage(failed + " failed");
        }
        bar.step();
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
        }
    }

    /** Plain lines for a log: {@code sweep NAME: 645 of 4,675 runs (14%), 0 failed, 2.1 runs/s, 5 min 2 s, about 32 min left}. */
    private static final class Lines {
        private final String task;
        private final String unit;
        private final PrintStream err;
        private final double quietSeconds;
        private final double lineSeconds;
        private final long start = System.nanoTime();
        private long total;
        private long done;
        private double lastLine = Double.NEGATIVE_INFINITY;

        Lines(String task, long total, String unit, PrintStream err, double quietSeconds, double lineSeconds) {
            this.task = task;
            this.total = total;
            this.unit = unit;
            this.err = err;
            this.quietSeconds = quietSeconds;
            this.lineSeconds = lineSeconds;
        }

        void step(int failed) {
            done++;
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (elapsed < quietSeconds || elapsed - lastLine < lineSeconds || done >= total) {
                return;
            }
            lastLine = elapsed;
            double rate = done / elapsed;
            err.printf(Locale.ROOT, "%s: %,d of %,d%s (%.0f%%), %d failed, %.2f%s/s, %s, about %s left%n", task, done,
                    total, unit, 100.0 * done / total, failed, rate, unit, duration(elapsed),
                    duration((total - done) / rate));
        }

        private static String duration(double seconds) {
            long s = Math.round(seconds);
            return s >= 3600 ? String.format(Locale.ROOT, "%d h %d min", s / 3600, s % 3600 / 60)
                    : s >= 60 ? String.format(Locale.ROOT, "%d min %d s", s / 60, s % 60) : s + " s";
        }
    }

    /**
     * Whether file descriptor 2 is a terminal. Linux tells through {@code /proc}; elsewhere Java only knows whether
     * the console (stdin and stdout) is interactive, which is the nearest it can say.
     */
    public static boolean stderrIsTerminal() {
        Path fd = Path.of("/proc/self/fd/2");
        if (Files.isSymbolicLink(fd)) {
            try {
                String target = Files.readSymbolicLink(fd).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return System.console() != null;
    }
}
