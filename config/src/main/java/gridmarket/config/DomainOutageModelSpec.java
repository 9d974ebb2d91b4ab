package gridmarket.config;

/**
 * One outage model of {@code failures.outageModels}: for the domain it names (every domain without a model of its own
 * if none), the up time between its trader's outages and how long each lasts.
 */
public final class DomainOutageModelSpec {
    private String domain;
    private DistributionSpec between;
    private DistributionSpec length;

    /** The domain's (site's) name, or {@code null} for every domain without a model of its own. */
    public String getDomain() {
        return domain;
    }

    public void setDomain(String domain) {
        this.domain = domain;
    }

    public DistributionSpec getBetween() {
        return between;
    }

    public void setBetween(DistributionSpec between) {
        this.between = between;
    }

    public DistributionSpec getLength() {
        return length;
    }

    public void setLength(DistributionSpec length) {
        this.length = length;
    }
}
