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

/**
 * The progress bar of a sweep on stderr: runs done of runs to do, runs per second and the time left. A disabled one
 * prints nothing, which is what logs of tests and CI should get.
 */
public final class SweepProgress implements AutoCloseable {
    private final ProgressBar bar;
    private int failed;

    private SweepProgress(ProgressBar bar) {
        this.bar = bar;
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
        long runs = total;
        boolean terminal = stderrIsTerminal();
        boolean show = wanted != null ? wanted : terminal;
        if (!show || runs == 0) {
            return new SweepProgress(null);
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
        return new SweepProgress(bar);
    }

    /** Sets how many steps there are, once the caller knows. */
    public synchronized void total(long steps) {
        if (bar != null && bar.getMax() != steps) {
            bar.maxHint(steps);
        }
    }

    /** One more run (or step) finished, well or not. */
    public synchronized void done(boolean ok) {
        if (bar == null) {
            return;
        }
        if (!ok) {
            failed++;
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
