package gridmarket.oracle;

import java.util.List;

/** A priority order of the waiting jobs for {@link OracleSimulator} (SPEC C6). */
@FunctionalInterface
public interface OracleOrder {
    /** The waiting jobs (queue order) in the order's sequence, for a machine of {@code nodes} nodes. */
    List<OracleJob> order(List<OracleJob> waiting, int nodes);
}
