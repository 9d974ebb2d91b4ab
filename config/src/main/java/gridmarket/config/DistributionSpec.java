package gridmarket.config;

import gridmarket.sim.failure.Distribution;

/**
 * A distribution of durations in a failure model ({@code failures.models[].between} and {@code .repair}):
 * {@code exponential} with its {@code mean}, or {@code weibull} with {@code scale} and {@code shape}, in seconds.
 */
public final class DistributionSpec {
    private String distribution = "exponential";
    private Double mean;
    private Double scale;
    private Double shape;

    /** {@code exponential} (default) or {@code weibull}. */
    public String getDistribution() {
        return distribution;
    }

    public void setDistribution(String distribution) {
        if (!"exponential".equals(distribution) && !"weibull".equals(distribution)) {
            throw new IllegalArgumentException("distribution must be exponential or weibull, got '" + distribution
                    + "'");
        }
        this.distribution = distribution;
    }

    /** The exponential's mean, seconds; greater than zero. */
    public Double getMean() {
        return mean;
    }

    public void setMean(Double mean) {
        this.mean = positive("mean", mean);
    }

    /** The Weibull's scale λ, seconds; greater than zero. */
    public Double getScale() {
        return scale;
    }

    public void setScale(Double scale) {
        this.scale = positive("scale", scale);
    }

    /** The Weibull's shape k; greater than zero. */
    public Double getShape() {
        return shape;
    }

    public void setShape(Double shape) {
        this.shape = positive("shape", shape);
    }

    private static Double positive(String what, Double v) {
        if (v == null || !(v > 0) || v > SettingsSchema.MAX_SECONDS) {
            throw new IllegalArgumentException(what + " must be greater than 0 and at most "
                    + SettingsSchema.MAX_SECONDS + ", got " + v);
        }
        return v;
    }

    /**
     * The distribution, checked for the keys its kind needs.
     *
     * @param where the key path, for the message
     * @throws ConfigException if a key is missing or belongs to the other kind
     */
    public Distribution toDistribution(String where) {
        if ("exponential".equals(distribution)) {
            if (mean == null || scale != null || shape != null) {
                throw new ConfigException(where + ": an exponential distribution takes mean (seconds) alone");
            }
            return Distribution.exponential(mean);
        }
        if (scale == null || shape == null || mean != null) {
            throw new ConfigException(where + ": a weibull distribution takes scale (seconds) and shape");
        }
        return Distribution.weibull(scale, shape);
    }
}
