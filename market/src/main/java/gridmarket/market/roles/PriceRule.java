package gridmarket.market.roles;

/**
 * How a posting owner moves its price per node-second from one period to the next (Walras' tatonnement: the price
 * rises with excess demand and falls with excess supply): {@code p' = clamp(p x (1 + step x (x - target)), min,
 * max)}, where {@code x} is the period's demand signal, its utilization or its sales as a share of its node-seconds.
 * With {@code damping} d > 0 the step of the update after period k is {@code step / (1 + d k)}: the steps shrink but
 * their sum does not end (Robbins and Monro's condition), so the price still reaches any level demand calls for and
 * then stops wandering with the signal's noise.
 *
 * @param initial the price posted in the first period
 * @param min     the lowest price, above 0 (a price of 0 would stay there: the rule is multiplicative)
 * @param max     the highest price, at least {@code min}
 * @param step    how far one period moves the price, relative to it, per unit of excess demand, in (0, 1]
 * @param period  seconds between updates, at least 1
 * @param signal  what demand is measured by
 * @param target  the signal at which the price stays put, in [0, 1]
 * @param damping how fast the step shrinks over the periods, at least 0 (0: never)
 */
public record PriceRule(double initial, double min, double max, double step, long period, Signal signal,
                        double target, double damping) {
    /** What an owner reads its demand from, over a period. */
    public enum Signal {
        /** The share of its node-seconds that running jobs used. */
        UTILIZATION("utilization"),
        /** The node-seconds it sold (accepted offers), as a share of its node-seconds. */
        SALES("sales");

        private final String key;

        Signal(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The signal of that name; {@code null} if none. */
        public static Signal of(String key) {
            for (Signal s : values()) {
                if (s.key.equals(key)) {
                    return s;
                }
            }
            return null;
        }
    }

    public PriceRule {
        if (!(min > 0 && max >= min && initial >= min && initial <= max && Double.isFinite(max))) {
            throw new IllegalArgumentException("need 0 < min <= initial <= max < infinity: min " + min + ", initial "
                    + initial + ", max " + max);
        }
        if (!(step > 0 && step <= 1) || period < 1 || !(target >= 0 && target <= 1) || signal == null
                || !(damping >= 0 && Double.isFinite(damping))) {
            throw new IllegalArgumentException("need step in (0, 1], period >= 1, target in [0, 1], a signal, "
                    + "damping >= 0");
        }
    }

    /** The price after period {@code k}, posted at {@code price}, whose demand signal was {@code x}. */
    public double next(long k, double price, double x) {
        return Math.min(max, Math.max(min, price * (1 + step / (1 + damping * k) * (x - target))));
    }
}
