package gridmarket.app.results;

import gridmarket.agents.GridMarket;
import gridmarket.agents.MarketObserver;
import gridmarket.agents.HeadlessRun;
import gridmarket.agents.RunResult;
import gridmarket.agents.Workloads;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.workload.Workload;

import java.nio.file.Path;

/**
 * Runs one experiment headless and writes its results folder: what {@code run} does for one file and {@code sweep}
 * does for each of its runs. Safe to call from several threads at once: every run builds its own model.
 *
 * <p>The order is what makes a killed run harmless: the workload is read, the folder claimed ({@code experiment.yaml}), the run made,
 * {@code jobs.csv} and {@code schedule.swf} written, the charts drawn, and only then {@code summary.json}, the one
 * file {@code merge}, {@code chart} and a resumed sweep take as the mark of a complete run.
 */
public final class ExperimentRunner {
    private final boolean batsim;

    /** A runner writing gridmarket's own files. */
    public ExperimentRunner() {
        this(false);
    }

    /** A runner that also writes Batsim's files into each run's {@code batsim/} folder if {@code batsim}. */
    public ExperimentRunner(boolean batsim) {
        this.batsim = batsim;
    }

    /**
     * A finished run: the experiment, its workload, its result, and its figures ({@code null} if none were asked
     * for).
     */
    public record Outcome(ExperimentSpec spec, Workload workload, RunResult result, double loadSeconds,
                          ResultCharts.Drawn charts) {
    }

    /**
     * Reads or generates the workload, runs the model to its end and writes the results into {@code out}. A
     * {@code model: forkjoin} or {@code model: ibts} experiment has no workload of this kind: it is run by
     * {@link ForkJoinResults} or {@link IbtsResults}, and the result is {@code null}.
     */
    public Outcome run(ExperimentSpec spec, Path out) {
        return run(spec, out, false, null);
    }

    /**
     * As {@link #run(ExperimentSpec, Path)}, drawing the run's charts into {@code out/charts/} if asked and reporting
     * the simulation's progress (if not null).
     */
    public Outcome run(ExperimentSpec spec, Path out, boolean charts, HeadlessRun.Progress progress) {
        return run(spec, out, charts, progress, null);
    }

    /** As {@link #run(ExperimentSpec, Path, boolean, HeadlessRun.Progress)}, with {@code observer} (or {@code null})
     * watching every market round's decision. */
    public Outcome run(ExperimentSpec spec, Path out, boolean charts, HeadlessRun.Progress progress,
                       MarketObserver observer) {
        if (spec.isForkJoin()) {
            ForkJoinResults.runAndWrite(spec, out);
            return null;
        }
        if (spec.isIbts()) {
            IbtsResults.runAndWrite(spec, out);
            return null;
        }
        if (charts) {
            ResultCharts.prepare(); // on the second core, while the workload is read and the model runs
        }
        long t0 = System.nanoTime();
        Workload workload = Workloads.load(spec); // bad input is reported before any folder is made
        double loadSeconds = (System.nanoTime() - t0) / 1e9;
        ResultFolder.claim(out, new ExperimentLoader().toYaml(spec));
        GridMarket model = new GridMarket(spec.getSeed(), spec, workload);
        model.setMarketObserver(observer);
        RunResult result = HeadlessRun.run(model, progress);
        ResultWriter writer = new ResultWriter(batsim);
        writer.writeData(out, spec, workload, result);
        String summary = writer.summaryText(spec, workload, result, loadSeconds);
        ResultCharts.Drawn drawn = charts ? ResultCharts.forRun(out, summary) : null;
        ResultWriter.writeSummary(out, summary);
        return new Outcome(spec, workload, result, loadSeconds, drawn);
    }
}
