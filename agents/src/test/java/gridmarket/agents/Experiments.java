package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.WorkloadSpec;

import java.nio.file.Path;
import java.util.List;

/** Experiments built in code for tests. */
public final class Experiments {
    private Experiments() {
    }

    /** One machine of {@code nodes} nodes running {@code policy} on an SWF trace. */
    public static ExperimentSpec singleMachine(Path swf, int nodes, String policy) {
        ExperimentSpec s = new ExperimentSpec();
        s.setName("test-" + policy);
        WorkloadSpec w = new WorkloadSpec();
        w.setSwf(swf.toString());
        s.setWorkload(w);
        s.setMachines(List.of(new MachineSpec("m1", nodes)));
        s.setPolicy(policy);
        return s;
    }
}
