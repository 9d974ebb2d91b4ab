package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;

/**
 * The parameters of the reordering policies (SMART, PSRS; SPEC C6), as thesis section 2.5 adapts them to on-line
 * use.
 *
 * @param weighted  whether jobs are weighted by their planned area {@code nodes * estimate} (the thesis' weighted case,
 *                  AWRT) or all weigh 1 (the unweighted case, ART)
 * @param gamma     SMART's bin factor: bins of estimates {@code ]0,1], ]1,gamma], ]gamma,gamma^2], ...}; above 1
 * @param recompute the order is recomputed when the waiting jobs it already covers make up less than this share of
 *                  the queue; in {@code ]0, 1]}, where 1 recomputes at every arrival
 */
public record OrderParameters(boolean weighted, double gamma, double recompute) {
    /** The thesis' choice: unweighted, gamma 2, recomputed when the ordered share falls below 2/3. */
    public static final OrderParameters DEFAULTS = new OrderParameters(false, 2.0, 2.0 / 3.0);

    public OrderParameters {
        if (!(gamma > 1) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("gamma must be a number above 1, got " + gamma);
        }
        if (!(recompute > 0 && recompute <= 1)) {
            throw new IllegalArgumentException("recompute must be in ]0, 1], got " + recompute);
        }
    }

    /** The job's weight in the ordering: its planned area, or 1 when unweighted. */
    double weight(Job job) {
        return weighted ? (double) job.nodes() * job.estimate() : 1.0;
    }
}
