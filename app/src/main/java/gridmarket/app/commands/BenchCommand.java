package gridmarket.app.commands;

import gridmarket.app.BadInputException;
import gridmarket.agents.GridMarket;
import gridmarket.agents.HeadlessRun;
import gridmarket.agents.RunResult;
import gridmarket.agents.Workloads;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code gridmarket bench}: runs experiments several times in one JVM and reports the event loop's wall time.
 * The first repetition warms the JIT and is not counted; the median of the rest is reported, since these machines are
 * shared and noisy. Compare figures as ratios within one invocation.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Times experiments (default: every benchmarks/*.yaml in the current folder) and prints the "
                + "median simulation wall time, events/s, peak heap and the median CPU seconds of a whole run.")
public final class BenchCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "EXPERIMENT", description = "Experiment files.")
    List<Path> experiments = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", description = "Timed repetitions per experiment (default 3).")
    int repeat = 3;

    @Override
    public Integer call() throws IOException {
        if (repeat < 1) {
            throw new BadInputException("--repeat must be at least 1, got " + repeat);
        }
        List<Path> files = experiments;
        if (files.isEmpty()) {
            Path dir = Path.of("benchmarks");
            if (!Files.isDirectory(dir)) {
                throw new BadInputException("no experiments given and no benchmarks/ folder here");
            }
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
            }
        }
        System.out.printf(Locale.ROOT, "%-28s %8s %10s %10s %12s %13s %10s %10s %8s%n", "experiment", "jobs",
                "read s", "sim s", "events", "events/s", "offers/s", "heap MiB", "cpu s");
        for (Path f : files) {
            ExperimentSpec spec = new ExperimentLoader().load(f);
            if (spec.isForkJoin()) {
                benchForkJoin(spec);
                continue;
            }
            if (spec.isIbts()) {
                throw new BadInputException(f + ": model ibts has no benchmark; time it with run");
            }
            long t0 = System.nanoTime();
            Workload w = Workloads.load(spec);
            double read = (System.nanoTime() - t0) / 1e9;
            try (RunProgress p = RunProgress.forStderr(spec.getName() + " (warm-up)")) {
                HeadlessRun.run(new GridMarket(spec.getSeed(), spec, w), p); // JIT warm-up, not counted
            }
            double[] secs = new double[repeat];
            double[] cpu = new double[repeat];
            RunResult last = null;
            long heap = 0;
            for (int i = 0; i < repeat; i++) {
                long cpu0 = processCpuNanos();
                try (RunProgress p = RunProgress.forStderr(spec.getName() + " (" + (i + 1) + " of " + repeat + ")")) {
                    last = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, w), p);
                }
                cpu[i] = (processCpuNanos() - cpu0) / 1e9;
                secs[i] = last.simulationSeconds();
                heap = Math.max(heap, last.peakHeapBytes());
            }
            Arrays.sort(secs);
            Arrays.sort(cpu);
            double median = secs[repeat / 2];
            long offers = last.trades().values().stream().mapToLong(t -> t.offers()).sum();
            System.out.printf(Locale.ROOT, "%-28s %8d %10.3f %10.3f %12d %13.0f %10s %10.1f %8.3f%n", spec.getName(),
                    w.jobs().size(), read, median, last.events(), last.events() / median,
                    offers == 0 ? "-" : String.format(Locale.ROOT, "%.0f", offers / median), heap / 1048576.0,
                    cpu[repeat / 2]);
        }
        return 0;
    }

    /**
     * The process's CPU time so far (every thread: the simulation, the collector, the compiler): on a shared host it
     * leaves out the time the machine gave to others, which the wall time of a run counts.
     */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** A fork-join point: all its replications, timed as one run; "jobs" is N. */
    private void benchForkJoin(ExperimentSpec spec) {
        var params = spec.getForkjoin().toParameters();
        int reps = spec.getForkjoin().getReplications();
        gridmarket.agents.ForkJoinRun.run(params, spec.getSeed(), reps); // JIT warm-up, not counted
        double[] secs = new double[repeat];
        long events = 0;
        for (int i = 0; i < repeat; i++) {
            var run = gridmarket.agents.ForkJoinRun.run(params, spec.getSeed(), reps);
            secs[i] = run.seconds();
            events = run.events();
        }
        Arrays.sort(secs);
        double median = secs[repeat / 2];
        System.out.printf(Locale.ROOT, "%-28s %8d %10.3f %10.3f %12d %13.0f %10s %10s %8s%n", spec.getName(),
                params.jobs(), 0.0, median, events, events / median, "-", "-", "-");
    }
}
