package gridmarket.app;

import gridmarket.agents.GridMarket;
import gridmarket.agents.HeadlessRun;
import gridmarket.agents.RunResult;
import gridmarket.agents.Workloads;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.workload.Workload;

import java.nio.file.Path;

/**
 * Runs one experiment headless and writes its results folder: what {@code run} does for one file and {@code sweep}
 * does for each of its runs. Safe to call from several threads at once: every run builds its own model.
 */
public final class ExperimentRunner {

    /** A finished run: the experiment, its workload and its result. */
    public record Outcome(ExperimentSpec spec, Workload workload, RunResult result, double loadSeconds) {
    }

    /** Reads or generates the workload, runs the model to its end and writes the results into {@code out}. */
    public Outcome run(ExperimentSpec spec, Path out) {
        return run(spec, out, null);
    }

    /** As {@link #run(ExperimentSpec, Path)}, reporting the simulation's progress (if not null). */
    public Outcome run(ExperimentSpec spec, Path out, HeadlessRun.Progress progress) {
        long t0 = System.nanoTime();
        Workload workload = Workloads.load(spec);
        double loadSeconds = (System.nanoTime() - t0) / 1e9;
        RunResult result = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, workload), progress);
        new ResultWriter().write(out, spec, workload, result, loadSeconds);
        return new Outcome(spec, workload, result, loadSeconds);
    }
}
