package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.GeneratorSpec;
import gridmarket.config.WorkloadSpec;
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
        throw new UnsupportedOperationException("generator not wired yet");
    }
}
