package gridmarket.config;

/**
 * Settings of multi-site execution (SPEC C10): a job split over several machines runs {@code (1 + overhead)} times
 * longer; parts have at least {@code minPartSize} nodes; a job spans at most {@code maxParts} machines (0: any number).
 */
public final class MultiSiteSpec {
    private double overhead;
    private int minPartSize = 1;
    private int maxParts;

    /** The overhead p, a fraction of the run time (0.25 = 25 %), from 0 to 10. */
    public double getOverhead() {
        return overhead;
    }

    public void setOverhead(double overhead) {
        if (!SettingsSchema.MULTISITE_OVERHEAD.allows(overhead)) {
            throw new IllegalArgumentException("overhead must be between 0 and 10 (a fraction: 0.25 = 25 %), got "
                    + overhead);
        }
        this.overhead = overhead;
    }

    /** Smallest part, in nodes (default 1). */
    public int getMinPartSize() {
        return minPartSize;
    }

    public void setMinPartSize(int minPartSize) {
        if (minPartSize < 1) {
            throw new IllegalArgumentException("minPartSize must be at least 1, got " + minPartSize);
        }
        this.minPartSize = minPartSize;
    }

    /** Most machines one job may span; 0 means no limit. */
    public int getMaxParts() {
        return maxParts;
    }

    public void setMaxParts(int maxParts) {
        if (maxParts < 0 || maxParts == 1) {
            throw new IllegalArgumentException("maxParts must be 0 (no limit) or at least 2, got " + maxParts);
        }
        this.maxParts = maxParts;
    }
}
