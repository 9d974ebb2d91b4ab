package gridmarket.agents;

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

    /** Starts the model, steps it until no event is left, finishes it and computes the metrics. */
    public static RunResult run(GridMarket model) {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long t0 = System.nanoTime();
        model.start();
        while (model.schedule.step(model)) {
            // every event does its work inside step()
        }
        model.finish();
        double seconds = (System.nanoTime() - t0) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        List<JobOutcome> outcomes = model.ledger().outcomes();
        return new RunResult(outcomes, RunMetrics.of(outcomes, model.machines()), model.events(), seconds, peak,
                Map.copyOf(model.trades()));
    }
}
