package gridmarket.app.commands;

import gridmarket.app.results.ResultCharts;
import gridmarket.app.results.ResultsMerger;
import gridmarket.app.sweeps.Sweep;
import gridmarket.app.sweeps.SweepLoader;
import gridmarket.app.sweeps.SweepPlan;
import gridmarket.app.sweeps.SweepExecutor;
import gridmarket.app.sweeps.SweepProgress;
import gridmarket.app.sweeps.SweepRun;
import gridmarket.app.sweeps.Shard;
import gridmarket.app.sweeps.SlurmArrayJob;
import gridmarket.app.sweeps.SlurmOptions;
import gridmarket.app.BadInputException;
import gridmarket.config.ExperimentLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code gridmarket sweep SWEEP [--threads N] [--shard K/N] [--out DIR] [--progress]}: runs every combination of a
 * sweep file into {@code DIR/runs/<run id>/}, skipping complete runs, then merges them into {@code DIR/results.csv}.
 * With {@code --slurm} it submits the same as a Slurm array job instead ({@link SlurmArrayJob}).
 * Exit 0 if every run succeeded, 1 if one failed, 2 for a bad sweep file or argument (nothing is run then).
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Runs every combination of a sweep file (a base experiment and the values to vary) into "
                + "DIR/runs/<run id>/, then merges them into DIR/results.csv.",
                "Every combination is checked before the first run. Runs whose summary.json exists are skipped, so "
                        + "a killed sweep resumes when started again."})
public final class SweepCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SWEEP", description = "Sweep file (.yaml, .yml or .json).")
    Path sweepFile;

    @Option(names = "--threads", paramLabel = "N",
            description = "Runs at once (default: the number of processors).")
    Integer threads;

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Run only part K of N: the runs whose 0-based index i has i mod N = K-1.")
    String shard;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default: results/NAME).")
    Path out;

    @Option(names = "--progress", negatable = true,
            description = "Show (or hide) a progress bar on stderr; by default a bar when stderr is a terminal, else "
                    + "a plain line every 30 s once the sweep has run 10 s.")
    Boolean progress;

    @Option(names = "--no-charts", description = "Do not draw the standard charts of results.csv into DIR/charts/.")
    boolean noCharts;

    @Option(names = "--batsim", description = "Also write each run's schedule in Batsim's formats into its "
            + "batsim/ folder (docs/BATSIM.md).")
    boolean batsim;

    @Mixin
    SlurmOptions slurm = new SlurmOptions();

    @Override
    public Integer call() {
        OutputFolder.check(out);
        Shard part = shard == null ? Shard.ALL : Shard.parse(shard);
        int workers = threads != null ? threads : Math.max(1, Runtime.getRuntime().availableProcessors());
        if (workers < 1) {
            throw new BadInputException("--threads: need at least 1, got " + workers);
        }
        Sweep sweep = new SweepLoader().load(sweepFile);
        SweepPlan plan = new SweepPlan(sweep);
        List<SweepRun> all = plan.expand(new ExperimentLoader());
        plan.checkWorkloads(all);
        List<SweepRun> mine = part.select(all);
        Path dir = out != null ? out : Path.of("results", sweep.name());
        slurm.check(all.size());
        if (slurm.enabled) {
            if (shard != null) {
                throw new BadInputException("--slurm makes the shards itself; leave out --shard");
            }
            SlurmOptions.checkFolder(dir);
            return submit(sweep.name(), all.size(), dir);
        }
        Path runsDir = dir.resolve("runs");
        createFolder(runsDir);
        List<SweepRun> todo = SweepExecutor.pending(mine, runsDir);
        System.out.printf(Locale.ROOT, "sweep %s: %d combinations%s, %d to run, %d threads, results in %s%n",
                sweep.name(), all.size(), part.equals(Shard.ALL) ? "" : ", shard " + part + " has " + mine.size(),
                todo.size(), todo.isEmpty() ? workers : Math.min(workers, todo.size()), dir);
        SweepExecutor.Report report;
        try (SweepProgress bar = SweepProgress.open(progress, "sweep " + sweep.name(), todo.size(), System.err)) {
            report = new SweepExecutor(batsim).execute(mine.size(), todo, runsDir, workers, bar);
        }
        for (SweepExecutor.Failure f : report.failures()) {
            System.err.println("gridmarket: run " + f.runId() + " failed: " + f.message());
        }
        System.out.printf(Locale.ROOT, "runs: %d total, %d run now, %d skipped, %d failed; wall time %.1f s, "
                        + "%.2f runs/s%n", report.total(), report.ran(), report.skipped(), report.failures().size(),
                report.seconds(), report.runsPerSecond());
        merge(runsDir, dir.resolve("results.csv"));
        if (!noCharts) {
            try (SweepProgress bar = SweepProgress.open(progress, "charts", 1, " charts", System.err)) {
                ResultCharts.forSweep(dir, (done, total) -> {
                    bar.total(total);
                    bar.done(true);
                });
            }
        }
        return report.failures().isEmpty() ? 0 : 1;
    }

    /** Writes the array and merge scripts and, unless a dry run, submits them. */
    private int submit(String name, int runs, Path dir) {
        int tasks = slurm.tasksFor(runs);
        SlurmArrayJob job = new SlurmArrayJob(sweepFile, dir, name, tasks, threads != null ? threads : 1, !noCharts,
                batsim, slurm);
        List<Path> scripts = job.write();
        if (slurm.dryRun) {
            for (Path p : scripts) {
                System.out.println("# " + p);
                System.out.print(p.endsWith("sweep.sbatch") ? job.arrayScript() : job.mergeScript());
            }
            return 0;
        }
        List<String> ids = job.submit(scripts);
        System.out.printf(Locale.ROOT, "sweep %s: %d runs as Slurm array job %s (%d tasks), merge job %s after it; "
                + "results in %s%n", name, runs, ids.get(0), tasks, ids.get(1), dir);
        return 0;
    }

    private static void merge(Path runsDir, Path csv) {
        try {
            ResultsMerger.Result r = new ResultsMerger().merge(List.of(runsDir), csv);
            System.out.println("  " + r.runs() + " runs merged into " + csv);
        } catch (BadInputException e) {
            // every run failed: there is nothing to merge, and the failures were reported above
            System.out.println("  no complete runs to merge into " + csv);
        }
    }

    private static void createFolder(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException("cannot create the results folder " + dir + ": " + e.getMessage());
        }
    }
}
