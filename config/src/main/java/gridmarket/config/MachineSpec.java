package gridmarket.config;

/** One machine of an experiment: {@code {name: m1, nodes: 256}}. */
public final class MachineSpec {
    /**
     * Most nodes one machine may have (2^20, beyond the largest machines in the Parallel Workloads Archive): a
     * checked limit, so that a typo such as 2000000000 is a clear error rather than the model running out of memory.
     */
    public static final int MAX_NODES = 1 << 20;

    private String name;
    private int nodes;

    public MachineSpec() {
    }

    public MachineSpec(String name, int nodes) {
        setName(name);
        setNodes(nodes);
    }

    /** Unique machine name, used in results. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("machine name must be letters, digits, '_', '.' or '-', got '"
                    + name + "'");
        }
        this.name = name;
    }

    /** Number of nodes, at least 1. */
    public int getNodes() {
        return nodes;
    }

    public void setNodes(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        if (nodes > MAX_NODES) {
            throw new IllegalArgumentException("nodes must be at most " + MAX_NODES + ", got " + nodes);
        }
        this.nodes = nodes;
    }
}
