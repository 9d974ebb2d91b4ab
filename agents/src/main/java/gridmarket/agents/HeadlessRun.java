package gridmarket.agents;

import gridmarket.sim.failure.FailureMeasures;
import gridmarket.sim.metrics.RunMetrics;
import gridmarket.sim.result.JobOutcome;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Map;

/** Runs a model to its end without a display, as MASON's {@code doLoop} would, and measures it. */
public final class HeadlessRun {
    private HeadlessRun() {
    }

    /** What a long run reports as it goes: jobs with an outcome so far, of all, and the simulated time. */
    @FunctionalInterface
    public interface Progress {
        /** Called every few thousand steps; must be cheap. */
        void at(int jobsDone, int jobs, long simulatedSeconds);
    }

    /** Steps between two progress reports: often enough for a bar, rare enough to cost nothing. */
    private static final int REPORT_EVERY = 4096;

    /** Starts the model, steps it until no event is left, finishes it and computes the metrics. */
    public static RunResult run(GridMarket model) {
        return run(model, null);
    }

    /** As {@link #run(GridMarket)}, telling {@code progress} (if not null) how far it got. */
    public static RunResult run(GridMarket model, Progress progress) {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long t0 = System.nanoTime();
        model.start();
        int jobs = model.workload().jobs().size();
        int steps = 0;
        while (model.schedule.step(model)) {
            // every event does its work inside step()
            if (progress != null && ++steps == REPORT_EVERY) {
                steps = 0;
                progress.at(model.ledger().size(), jobs, (long) model.schedule.getTime());
            }
        }
        model.finish();
        double seconds = (System.nanoTime() - t0) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        List<JobOutcome> outcomes = model.ledger().outcomes();
        RunMetrics metrics = RunMetrics.of(outcomes, model.machines());
        FailureMeasures failures = model.failures() == null ? null : FailureMeasures.of(model.ledger(),
                model.failures().outages(), model.machines(), outcomes, metrics);
        return new RunResult(outcomes, metrics, model.events(), seconds, peak, Map.copyOf(model.trades()),
                model.strategySummary(), failures, model.failures() == null ? List.of() : model.failures().outages(),
                model.postedPrices(), model.outageMeasures(), model.localJobs());
    }
}
