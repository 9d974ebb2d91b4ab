package gridmarket.market;

import java.util.List;
import java.util.TreeMap;

/**
 * The posted prices of a run as one series (docs/MECHANISMS.md): per period the mean of the owners' posted prices
 * per node-second, its volatility and the time it took to settle.
 *
 * @param period seconds per period
 * @param means  per period from 0, the mean over the owners of their posted prices
 */
public record PriceSeries(long period, double[] means) {
    /** The share of the final mean within which a settled series stays. */
    public static final double BAND = 0.05;

    /** The series of a run's posted prices ({@link gridmarket.market.roles.PostedPricing}), every owner's periods. */
    public static PriceSeries of(List<PostedPrice> prices) {
        return of(prices, Long.MAX_VALUE);
    }

    /**
     * The series of the periods that start by {@code until} (a run's last submission: after it the grid only drains,
     * and every price falls with its demand, which says nothing of how the market settled while jobs came).
     */
    public static PriceSeries of(List<PostedPrice> prices, long until) {
        TreeMap<Long, double[]> sums = new TreeMap<>(); // period -> {sum, count}
        long period = 1;
        for (PostedPrice p : prices) {
            if (p.start() > until) {
                continue;
            }
            double[] s = sums.computeIfAbsent(p.period(), k -> new double[2]);
            s[0] += p.price();
            s[1]++;
            if (p.period() > 0) {
                period = p.start() / p.period();
            }
        }
        double[] means = new double[sums.size()];
        int i = 0;
        for (double[] s : sums.values()) {
            means[i++] = s[0] / s[1];
        }
        return new PriceSeries(period, means);
    }

    /**
     * The standard deviation of the log returns {@code ln(m(k+1) / m(k))} of the per-period mean price (the whole
     * population of returns); NaN with fewer than two periods.
     */
    public double volatility() {
        int n = means.length - 1;
        if (n < 1) {
            return Double.NaN;
        }
        double sum = 0;
        double squares = 0;
        for (int k = 0; k < n; k++) {
            double r = Math.log(means[k + 1] / means[k]);
            sum += r;
            squares += r * r;
        }
        double mean = sum / n;
        return Math.sqrt(Math.max(0, squares / n - mean * mean));
    }

    /** The mean price over the final window: the last tenth of the periods (at least one). */
    public double finalMean() {
        int w = Math.max(1, (int) Math.ceil(means.length / 10.0));
        double sum = 0;
        for (int k = means.length - w; k < means.length; k++) {
            sum += means[k];
        }
        return sum / w;
    }

    /**
     * The first period from which the mean price stays within {@link #BAND} of {@link #finalMean()} to the end; -1
     * if the last period is outside that band (the series did not settle), or there is no period.
     */
    public int settlePeriod() {
        if (means.length == 0) {
            return -1;
        }
        double m = finalMean();
        int k = means.length;
        while (k > 0 && Math.abs(means[k - 1] - m) <= BAND * m) {
            k--;
        }
        return k == means.length ? -1 : k;
    }

    /** The start of {@link #settlePeriod()} in seconds; -1 if the series did not settle. */
    public long settleTime() {
        int k = settlePeriod();
        return k < 0 ? -1 : k * period;
    }
}
