package gridmarket.sim.failure;

import ec.util.MersenneTwisterFast;

/**
 * A distribution of durations in whole seconds: the times between a machine's failures, or its repair times.
 *
 * <p>Exponential with mean {@code m}: {@code -m ln(1 - u)}. Weibull with scale {@code λ} and shape {@code k}:
 * {@code λ (-ln(1 - u))^(1/k)} (mean {@code λ Γ(1 + 1/k)}; {@code k < 1} gives the many short and few long gaps
 * of failure logs, {@code k = 1} is the exponential with mean {@code λ}). Draws are rounded up to whole seconds, at
 * least one.
 *
 * @param kind  which distribution
 * @param scale the exponential's mean, or the Weibull's scale λ, in seconds; greater than zero
 * @param shape the Weibull's shape k, greater than zero; 1 for the exponential
 */
public record Distribution(Kind kind, double scale, double shape) {
    /** The distributions a failure model may use. */
    public enum Kind {
        /** Memoryless: a constant failure rate of {@code 1 / mean}. */
        EXPONENTIAL,
        /** A failure rate that falls ({@code k < 1}) or rises ({@code k > 1}) with the time since the last event. */
        WEIBULL
    }

    public Distribution {
        if (!(scale > 0) || !(shape > 0) || Double.isInfinite(scale) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException(kind + ": scale " + scale + " and shape " + shape + " must be > 0");
        }
    }

    /** The exponential distribution with the given mean, seconds. */
    public static Distribution exponential(double mean) {
        return new Distribution(Kind.EXPONENTIAL, mean, 1);
    }

    /** The Weibull distribution with scale λ (seconds) and shape k. */
    public static Distribution weibull(double scale, double shape) {
        return new Distribution(Kind.WEIBULL, scale, shape);
    }

    /** One duration, whole seconds, at least one. */
    public long draw(MersenneTwisterFast random) {
        double e = -Math.log(1 - random.nextDouble()); // a unit exponential; nextDouble is in [0, 1)
        double x = kind == Kind.EXPONENTIAL ? scale * e : scale * Math.pow(e, 1 / shape);
        return Math.max(1, (long) Math.ceil(Math.min(x, 1e15)));
    }
}
