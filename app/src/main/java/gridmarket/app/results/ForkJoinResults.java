package gridmarket.app.results;

import gridmarket.agents.ForkJoinRun;
import gridmarket.config.ExperimentSpec;
import gridmarket.results.CsvFile;
import gridmarket.results.RunSummary;
import gridmarket.results.SummaryJson;
import gridmarket.config.ForkJoinSpec;
import gridmarket.sim.forkjoin.ForkJoinStats;
import gridmarket.sim.metrics.ConfidenceInterval;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@code model: forkjoin} experiment (Karatza's closed system, seed 001) and writes its results folder:
 * {@code replications.csv} (one row per replication), {@code experiment.yaml} and {@code summary.json} (last). The
 * summary's {@code metrics} hold each measurement's mean over the replications and the half-width of its 95 %
 * interval ({@code ...HalfWidth}), so {@code merge}, {@code sweep} and {@code chart} read them as any other metric.
 */
public final class ForkJoinResults {
    private ForkJoinResults() {
    }

    /** Runs the replications and writes the folder; returns the run. */
    public static ForkJoinRun runAndWrite(ExperimentSpec spec, Path out) {
        ForkJoinSpec f = spec.getForkjoin();
        ForkJoinRun run = ForkJoinRun.run(f.toParameters(), spec.getSeed(), f.getReplications());
        ResultFolder.claimModel(out, spec, "forkjoin", f);
        AtomicFiles.write(out.resolve(ResultFolder.REPLICATIONS), w -> {
            w.write(CsvFile.line(List.of("replication", "seed", "throughput", "utilization", "io_utilization",
                    "mean_response_time", "max_response_time", "completions", "duration")));
            for (int r = 0; r < run.replications().size(); r++) {
                ForkJoinStats s = run.replications().get(r);
                w.write(CsvFile.line(List.of(String.valueOf(r), String.valueOf(spec.getSeed() + r),
                        String.valueOf(s.throughput()), String.valueOf(s.utilization()),
                        String.valueOf(s.ioUtilization()), String.valueOf(s.meanResponseTime()),
                        String.valueOf(s.maxResponseTime()), String.valueOf(s.completions()),
                        String.valueOf(s.duration()))));
            }
        });
        AtomicFiles.write(out.resolve(SummaryJson.FILE), SummaryJson.text(summary(spec, run)));
        return run;
    }

    static RunSummary summary(ExperimentSpec spec, ForkJoinRun run) {
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, "throughput", run.throughput());
        put(m, "utilization", run.utilization());
        put(m, "ioUtilization", run.ioUtilization());
        put(m, "meanResponseTime", run.meanResponseTime());
        put(m, "maxResponseTime", run.maxResponseTime());
        m.put("replications", run.replications().size());
        m.put("completionsPerReplication", spec.getForkjoin().getMeasured());
        return new RunSummary(spec.getName(), "forkjoin", spec.getForkjoin().getPolicy(), spec.getSeed(), null, null,
                m, null, null, new RunSummary.Performance(null, Math.round(run.seconds() * 1000) / 1000.0, run.events(),
                Math.round(run.events() / Math.max(run.seconds(), 1e-9)), null), null);
    }

    private static void put(Map<String, Object> m, String name, ConfidenceInterval ci) {
        m.put(name, ci.mean());
        m.put(name + "HalfWidth", ci.halfWidth());
    }
}
