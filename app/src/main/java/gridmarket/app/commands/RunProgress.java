package gridmarket.app.commands;

import gridmarket.app.sweeps.SweepProgress;
import gridmarket.agents.HeadlessRun;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.util.Locale;

/**
 * How far a long {@code run} got, on stderr: nothing for the first seconds (most runs are over by then), then a
 * progress bar of jobs done on a terminal, or one plain line every {@value #LINE_SECONDS} seconds otherwise, so that
 * a log file gets no carriage returns and no bar drawing.
 */
public final class RunProgress implements HeadlessRun.Progress, AutoCloseable {
    /** A run shorter than this shows nothing. */
    static final double QUIET_SECONDS = 2;
    /** Seconds between two plain lines. */
    static final double LINE_SECONDS = 10;
    private static final double DAY = 86400;

    private final String name;
    private final PrintStream err;
    private final boolean terminal;
    private final double quietSeconds;
    private final double lineSeconds;
    private final long start = System.nanoTime();
    private double lastLine;
    private boolean printed;
    private ProgressBar bar;

    RunProgress(String name, PrintStream err, boolean terminal, double quietSeconds, double lineSeconds) {
        this.name = name;
        this.err = err;
        this.terminal = terminal;
        this.quietSeconds = quietSeconds;
        this.lineSeconds = lineSeconds;
    }

    /** For the process's own stderr, a bar if it is a terminal. */
    static RunProgress forStderr(String name) {
        return new RunProgress(name, System.err, SweepProgress.stderrIsTerminal(), QUIET_SECONDS, LINE_SECONDS);
    }

    @Override
    public void at(int jobsDone, int jobs, long simulatedSeconds) {
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (elapsed < quietSeconds) {
            return;
        }
        int done = Math.min(jobsDone, jobs);
        String day = String.format(Locale.ROOT, "simulated day %.0f", simulatedSeconds / DAY);
        if (terminal) {
            if (bar == null) {
                bar = new ProgressBarBuilder().setTaskName("run " + name).setInitialMax(jobs)
                        .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUnit(" jobs", 1)
                        .setUpdateIntervalMillis(250).setConsumer(new ConsoleProgressBarConsumer(err)).build();
            }
            bar.stepTo(done);
            bar.setExtraMessage(day);
        } else if (!printed || elapsed - lastLine >= lineSeconds) {
            printed = true;
            lastLine = elapsed;
            err.printf(Locale.ROOT, "run %s: %,d of %,d jobs (%.0f%%), %s, %.0f s%n", name, done, jobs,
                    jobs == 0 ? 100.0 : 100.0 * done / jobs, day, elapsed);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
