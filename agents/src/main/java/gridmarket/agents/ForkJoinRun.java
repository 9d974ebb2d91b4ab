package gridmarket.agents;

import gridmarket.sim.forkjoin.ForkJoinParameters;
import gridmarket.sim.forkjoin.ForkJoinStats;
import gridmarket.sim.metrics.ConfidenceInterval;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Independent replications of Karatza's system (seed 001, Sect. 3: "the independent replication method", a 95 %
 * confidence interval for every mean). Replication r (0-based) is a fresh {@link ForkJoinModel} seeded with
 * {@code seed + r}, stepped until its measured completions are done.
 *
 * @param replications each replication's measurements, in order
 * @param seconds      wall time of all replications
 */
public record ForkJoinRun(List<ForkJoinStats> replications, double seconds) {

    /** Runs {@code count} replications of {@code parameters}. */
    public static ForkJoinRun run(ForkJoinParameters parameters, long seed, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("replications must be >= 1, was " + count);
        }
        long t0 = System.nanoTime();
        List<ForkJoinStats> out = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            ForkJoinModel model = new ForkJoinModel(seed + r, parameters);
            model.start();
            while (!model.network().done() && model.schedule.step(model)) {
                // each event does its work inside step()
            }
            model.finish();
            if (!model.network().done()) {
                throw new IllegalStateException("replication " + r + " ran out of events");
            }
            out.add(model.network().stats());
        }
        return new ForkJoinRun(List.copyOf(out), (System.nanoTime() - t0) / 1e9);
    }

    /** The 95 % interval of one measurement over the replications. */
    public ConfidenceInterval interval(ToDoubleFunction<ForkJoinStats> metric) {
        return ConfidenceInterval.of(replications.stream().mapToDouble(metric).toArray());
    }

    public ConfidenceInterval throughput() {
        return interval(ForkJoinStats::throughput);
    }

    public ConfidenceInterval utilization() {
        return interval(ForkJoinStats::utilization);
    }

    public ConfidenceInterval ioUtilization() {
        return interval(ForkJoinStats::ioUtilization);
    }

    public ConfidenceInterval meanResponseTime() {
        return interval(ForkJoinStats::meanResponseTime);
    }

    /** RT_max: the mean over the replications of each one's largest response time. */
    public ConfidenceInterval maxResponseTime() {
        return interval(ForkJoinStats::maxResponseTime);
    }

    /** Events stepped over all replications. */
    public long events() {
        return replications.stream().mapToLong(ForkJoinStats::events).sum();
    }
}
