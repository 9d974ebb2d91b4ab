package gridmarket.app.results;

import gridmarket.config.ExperimentSpec;
import gridmarket.results.CsvFile;
import gridmarket.results.RunSummary;
import gridmarket.results.SummaryJson;
import gridmarket.config.IbtsSpec;
import gridmarket.sim.ibts.IbtsParameters;
import gridmarket.sim.ibts.IbtsResult;
import gridmarket.sim.ibts.IbtsScheduler;
import gridmarket.sim.ibts.IbtsWorkload;
import gridmarket.sim.metrics.ConfidenceInterval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@code model: ibts} experiment (seed 002) and writes its folder: {@code replications.csv} (one row per job
 * set: both schedulers' running and idle times), {@code experiment.yaml} and {@code summary.json} (last). As in the
 * paper's Table 1, running times are percentages of IBTS-parallel's, and each idle time is the idle processor time
 * as a percentage of P times that scheduler's own running time (the reading under which the paper's four numbers
 * agree: both schedulers do the same work, 100 - 28.2 = 71.8 % of IBTS-parallel's time, and 123.6 - 71.8 = 51.8 is
 * 41.9 % of 123.6). Each is a mean over the job sets (seeds seed, seed +
 * 1, ...) with the half-width of its 95 % interval.
 */
public final class IbtsResults {
    /** One job set under both schedulers. */
    public record Pair(IbtsResult ibts, IbtsResult parallel) {
        public double base() {
            return (double) parallel.slices();
        }

        public double ibtsRunningPercent() {
            return 100 * ibts.slices() / base();
        }

        public double ibtsIdlePercent() {
            return 100 * ibts.idleProcessorSlices() / ((double) ibts.slices() * ibts.params().processors());
        }

        public double parallelIdlePercent() {
            return 100 * parallel.idleProcessorSlices() / (base() * parallel.params().processors());
        }
    }

    private IbtsResults() {
    }

    public static List<Pair> runAndWrite(ExperimentSpec spec, Path out) {
        IbtsSpec f = spec.getIbts();
        IbtsParameters p = f.toParameters();
        List<Pair> pairs = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int r = 0; r < f.getReplications(); r++) {
            long seed = spec.getSeed() + r;
            pairs.add(new Pair(IbtsScheduler.run(IbtsWorkload.generate(p, seed), p, false),
                    IbtsScheduler.run(IbtsWorkload.generate(p, seed), p, true)));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        ResultFolder.claimModel(out, spec, "ibts", f);
        AtomicFiles.write(out.resolve(ResultFolder.REPLICATIONS), w -> {
            w.write(CsvFile.line(List.of("replication", "seed", "ibts_slices", "ibts_idle", "parallel_slices",
                    "parallel_idle", "ibts_running_percent", "ibts_idle_percent", "parallel_idle_percent",
                    "ibts_eta_max", "parallel_eta_max")));
            for (int r = 0; r < pairs.size(); r++) {
                Pair x = pairs.get(r);
                w.write(CsvFile.line(List.of(String.valueOf(r), String.valueOf(spec.getSeed() + r),
                        String.valueOf(x.ibts().slices()), String.valueOf(x.ibts().idleProcessorSlices()),
                        String.valueOf(x.parallel().slices()), String.valueOf(x.parallel().idleProcessorSlices()),
                        String.valueOf(x.ibtsRunningPercent()), String.valueOf(x.ibtsIdlePercent()),
                        String.valueOf(x.parallelIdlePercent()), String.valueOf(x.ibts().maxInefficiency()),
                        String.valueOf(x.parallel().maxInefficiency()))));
            }
        });
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, "ibtsRunningTimePercent", pairs.stream().mapToDouble(Pair::ibtsRunningPercent).toArray());
        put(m, "ibtsIdleTimePercent", pairs.stream().mapToDouble(Pair::ibtsIdlePercent).toArray());
        m.put("parallelRunningTimePercent", 100.0);
        put(m, "parallelIdleTimePercent", pairs.stream().mapToDouble(Pair::parallelIdlePercent).toArray());
        put(m, "ibtsRunningTime", pairs.stream().mapToDouble(x -> x.ibts().slices()).toArray());
        put(m, "parallelRunningTime", pairs.stream().mapToDouble(x -> x.parallel().slices()).toArray());
        put(m, "ibtsMaxInefficiency", pairs.stream().mapToDouble(x -> x.ibts().maxInefficiency()).toArray());
        put(m, "parallelMaxInefficiency", pairs.stream().mapToDouble(x -> x.parallel().maxInefficiency()).toArray());
        m.put("replications", pairs.size());
        RunSummary s = new RunSummary(spec.getName(), "ibts", "ibts+ibts-parallel", spec.getSeed(), null, null, m,
                null, null, new RunSummary.Performance(null, Math.round(seconds * 1000) / 1000.0, null, null, null), null);
        AtomicFiles.write(out.resolve(SummaryJson.FILE), SummaryJson.text(s));
        return pairs;
    }

    private static void put(Map<String, Object> m, String name, double[] values) {
        ConfidenceInterval ci = ConfidenceInterval.of(values);
        m.put(name, ci.mean());
        m.put(name + "HalfWidth", ci.halfWidth());
    }
}
