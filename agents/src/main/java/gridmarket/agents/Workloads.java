package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.GeneratorSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.ShapeSpec;
import gridmarket.config.SiteSpec;
import gridmarket.config.WorkloadSpec;
import gridmarket.sim.workload.PoissonWorkloadGenerator;
import gridmarket.sim.workload.ProbabilisticWorkloadModel;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.TraceShaper;
import gridmarket.sim.workload.Workload;

import java.nio.file.Path;
import java.util.List;

/** Turns an experiment's workload section into jobs: reads the SWF trace or runs the generator. */
public final class Workloads {
    private Workloads() {
    }

    /**
     * The experiment's workload.
     *
     * @throws gridmarket.sim.workload.WorkloadException for a missing or malformed trace
     */
    public static Workload load(ExperimentSpec spec) {
        WorkloadSpec w = spec.getWorkload();
        Workload raw;
        if (w.getSwf() != null) {
            SwfReader.OnBadLine onBad = "skip".equals(w.getOnBadLine()) ? SwfReader.OnBadLine.SKIP
                    : SwfReader.OnBadLine.FAIL;
            raw = new SwfReader(onBad, w.isKillAtEstimate()).read(Path.of(w.getSwf()));
        } else {
            raw = generate(w.getGenerate(), spec.getSeed());
        }
        return shape(raw, w.getShape(), spec.resolvedSites());
    }

    /**
     * Applies the experiment's trace shaping. With several sites, jobs are always dealt to them round-robin, so a
     * grid needs no shaping section; with one site and no section the workload is left exactly as read.
     */
    static Workload shape(Workload raw, ShapeSpec s, List<SiteSpec> sites) {
        if (s == null && sites.size() == 1) {
            return raw;
        }
        List<Integer> largest = sites.stream()
                .map(site -> site.getMachines().stream().mapToInt(MachineSpec::getNodes).max().orElse(1)).toList();
        TraceShaper.Shape shape;
        if (s == null) {
            shape = new TraceShaper.Shape(null, null, null, false, TraceShaper.Split.NONE, 1);
        } else {
            TraceShaper.Split split = switch (s.getSplit()) {
                case "local" -> TraceShaper.Split.LOCAL;
                case "largest" -> TraceShaper.Split.LARGEST;
                case "none" -> TraceShaper.Split.NONE;
                default -> TraceShaper.Split.FIXED;
            };
            int size = split == TraceShaper.Split.FIXED ? Integer.parseInt(s.getSplit()) : 1;
            try {
                shape = new TraceShaper.Shape(s.getFrom(), s.getTo(), s.getMaxNodes(), s.isShift(), split, size);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("workload.shape: " + e.getMessage());
            }
        }
        return TraceShaper.shape(raw, shape, largest);
    }

    static Workload generate(GeneratorSpec g, long experimentSeed) {
        long seed = g.getSeed() != null ? g.getSeed() : experimentSeed;
        if ("probabilistic".equals(g.getModel())) {
            Workload trace = new SwfReader().read(Path.of(g.getFit()));
            try {
                return ProbabilisticWorkloadModel.fit(trace).generate(g.getJobs(), seed);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("workload.generate: " + e.getMessage());
            }
        }
        PoissonWorkloadGenerator.ProcessorDistribution processors = "cenju3".equals(g.getProcessors())
                ? PoissonWorkloadGenerator.ProcessorDistribution.CENJU3
                : PoissonWorkloadGenerator.ProcessorDistribution.UNIFORM;
        try {
            return new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder()
                    .jobs(g.getJobs())
                    .nodes(g.getNodes())
                    .load(g.getLoad())
                    .meanRunTime(g.getMeanRunTime())
                    .processors(processors)
                    .overEstimation(g.getOverEstimate())
                    .seed(seed)
                    .build()).generate();
        } catch (IllegalArgumentException e) {
            throw new ConfigException("workload.generate: " + e.getMessage());
        }
    }
}
