package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import gridmarket.sim.policy.Policy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An experiment: a workload, machines, a strategy and a policy, and a seed. Read from YAML or JSON by
 * {@link ExperimentLoader}; setters reject bad values so the loader can name the line and column.
 *
 * <pre>
 * name: lublin-easy
 * workload: {swf: ../shared/data/traces/lublin_256.swf.gz}
 * machines: [{name: m1, nodes: 256}]
 * strategy: local
 * policy: easy          # fcfs | easy | conservative | list
 * </pre>
 */
@JsonPropertyOrder({"name", "seed", "workload", "machines", "strategy", "policy"})
public final class ExperimentSpec {
    private String name = "experiment";
    private long seed = 1;
    private WorkloadSpec workload;
    private List<MachineSpec> machines = new ArrayList<>();
    private String strategy = Strategy.LOCAL.key();
    private String policy = Policy.EASY.key();

    /** Name of the experiment, used in result folders and chart titles. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("name must be letters, digits, '_', '.' or '-', got '" + name + "'");
        }
        this.name = name;
    }

    /** Seed of every random choice in the run; the same seed gives the same results. */
    public long getSeed() {
        return seed;
    }

    public void setSeed(long seed) {
        this.seed = seed;
    }

    public WorkloadSpec getWorkload() {
        return workload;
    }

    public void setWorkload(WorkloadSpec workload) {
        this.workload = workload;
    }

    /** The machines, at least one, with distinct names. */
    public List<MachineSpec> getMachines() {
        return machines;
    }

    public void setMachines(List<MachineSpec> machines) {
        if (machines == null || machines.isEmpty()) {
            throw new IllegalArgumentException("machines must list at least one machine");
        }
        Set<String> names = new HashSet<>();
        for (MachineSpec m : machines) {
            if (m == null) {
                throw new IllegalArgumentException("machines must not contain an empty entry");
            }
            if (!names.add(m.getName())) {
                throw new IllegalArgumentException("machine name '" + m.getName() + "' is used twice");
            }
        }
        this.machines = machines;
    }

    /** The grid strategy: {@code local}. */
    public String getStrategy() {
        return strategy;
    }

    public void setStrategy(String strategy) {
        if (Strategy.byKey(strategy) == null) {
            throw new IllegalArgumentException("unknown strategy '" + strategy + "' (expected " + Strategy.keys()
                    + ")");
        }
        this.strategy = strategy;
    }

    /** The local scheduling policy: {@code fcfs | easy | conservative | list}. */
    public String getPolicy() {
        return policy;
    }

    public void setPolicy(String policy) {
        if (Policy.byKey(policy) == null) {
            throw new IllegalArgumentException("unknown policy '" + policy + "' (expected " + Policy.keys() + ")");
        }
        this.policy = policy;
    }

    /** The policy as a value. */
    public Policy policyValue() {
        return Policy.byKey(policy);
    }

    /** The strategy as a value. */
    public Strategy strategyValue() {
        return Strategy.byKey(strategy);
    }
}
