package gridmarket.sim.metrics;

/**
 * A mean over independent replications with the half-width of its 95 % confidence interval (Student t, n - 1
 * degrees of freedom), as the independent replication method gives it (Law and Kelton; seed 001, Sect. 3).
 *
 * @param mean      the mean of the replications' values
 * @param halfWidth half the width of the 95 % interval; 0 for a single replication
 * @param n         number of replications
 */
public record ConfidenceInterval(double mean, double halfWidth, int n) {
    /** Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    /** The interval of the given replication values (at least one). */
    public static ConfidenceInterval of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no replications");
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        if (n == 1) {
            return new ConfidenceInterval(mean, 0, 1);
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return new ConfidenceInterval(mean, t975(n - 1) * Math.sqrt(ss / (n - 1) / n), n);
    }

    /** Whether {@code value} lies in the interval. */
    public boolean contains(double value) {
        return Math.abs(value - mean) <= halfWidth;
    }

    /** The half-width relative to the mean. */
    public double relativeHalfWidth() {
        return halfWidth / Math.abs(mean);
    }

    /** Student's t quantile; beyond 30 degrees of freedom 1.96 + 2.4 / df, within 0.003 of the exact value. */
    static double t975(int df) {
        return df <= T975.length ? T975[df - 1] : 1.96 + 2.4 / df;
    }
}
