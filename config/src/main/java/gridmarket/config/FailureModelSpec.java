package gridmarket.config;

/**
 * One failure model of {@code failures.models}: for the machine it names (every machine if none), the up time
 * between failures and the repair time, and how many nodes fail at once ({@code all}, the default, or a count).
 */
public final class FailureModelSpec {
    private String machine;
    private DistributionSpec between;
    private DistributionSpec repair;
    private Integer nodes;

    /** The machine's name, or {@code null} for every machine without a model of its own. */
    public String getMachine() {
        return machine;
    }

    public void setMachine(String machine) {
        this.machine = machine;
    }

    public DistributionSpec getBetween() {
        return between;
    }

    public void setBetween(DistributionSpec between) {
        this.between = between;
    }

    public DistributionSpec getRepair() {
        return repair;
    }

    public void setRepair(DistributionSpec repair) {
        this.repair = repair;
    }

    /** Nodes that fail at once; {@code null} for the whole machine. */
    public Object getNodes() {
        return nodes == null ? "all" : nodes;
    }

    public void setNodes(Object nodes) {
        if ("all".equals(nodes)) {
            this.nodes = null;
        } else if (nodes instanceof Integer n && n >= 1) {
            this.nodes = n;
        } else {
            throw new IllegalArgumentException("nodes must be 'all' or a count of at least 1, got " + nodes);
        }
    }

    /** The count that fails at once on a machine of {@code size} nodes. */
    public int nodesOn(int size) {
        return nodes == null ? size : Math.min(nodes, size);
    }
}
