package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.GeneratorSpec;
import gridmarket.config.WorkloadSpec;
import gridmarket.sim.workload.PoissonWorkloadGenerator;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.Workload;

import java.nio.file.Path;

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
        if (w.getSwf() != null) {
            SwfReader.OnBadLine onBad = "skip".equals(w.getOnBadLine()) ? SwfReader.OnBadLine.SKIP
                    : SwfReader.OnBadLine.FAIL;
            return new SwfReader(onBad, w.isKillAtEstimate()).read(Path.of(w.getSwf()));
        }
        return generate(w.getGenerate(), spec.getSeed());
    }

    static Workload generate(GeneratorSpec g, long experimentSeed) {
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
                    .seed(g.getSeed() != null ? g.getSeed() : experimentSeed)
                    .build()).generate();
        } catch (IllegalArgumentException e) {
            throw new ConfigException("workload.generate: " + e.getMessage());
        }
    }
}
