package gridmarket.sim.failure;

/**
 * A domain's trader (its MetaManager) unreachable over {@code [start, end)}: given in advance (an outage file) or
 * drawn from a domain's outage model.
 *
 * @param domain index of the domain (site) in the grid
 * @param start  seconds on the workload's clock
 * @param end    seconds, after {@code start}
 */
public record DomainOutage(int domain, long start, long end) {
    public DomainOutage {
        if (end <= start) {
            throw new IllegalArgumentException("domain outage [" + start + ", " + end + ")");
        }
    }
}
