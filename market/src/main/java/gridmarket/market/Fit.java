package gridmarket.market;

/**
 * A request's terms on one machine (SPEC E9, thesis 7.3.2): which ELEMENT of the user's request template holds there
 * (0 for a request without a template), how long the job is planned to run and really runs there, and how the user
 * values an offer there. A machine a request has no fit on makes it no offer.
 *
 * @param element          the number of the ELEMENT that holds (0: no template)
 * @param plannedRunTime   seconds the machine plans for the job (its estimate there), at least 1
 * @param runTime          seconds the job really runs there, at least 1 and at most {@code plannedRunTime}
 * @param utility          the user's value of an offer there
 * @param coAllocationGroup the machines a co-allocated job may combine: only machines of equal group (same ELEMENT,
 *                         same run time, and the same operating system where the request asks for it)
 */
public record Fit(long element, long plannedRunTime, long runTime, OfferUtility utility, String coAllocationGroup) {

    public Fit {
        if (plannedRunTime < 1 || runTime < 1 || runTime > plannedRunTime) {
            throw new IllegalArgumentException("planned run time " + plannedRunTime + ", run time " + runTime);
        }
    }

    /**
     * The job's times on a machine where it is planned to run {@code planned} seconds instead of its estimate: its
     * real run time scaled by the same factor, so that the trace's estimate accuracy is kept. Both are rounded up to
     * whole seconds (a rounding error of the factor below a microsecond is ignored), the real one to at most the
     * planned one. With {@code planned == estimate} the trace's times are unchanged.
     *
     * @return {planned seconds, real seconds}
     */
    public static long[] scaled(long estimate, long runTime, double planned) {
        if (planned == estimate) {
            return new long[] {estimate, runTime};
        }
        long p = Math.max(1, (long) Math.ceil(planned - 1e-6));
        long r = Math.max(1, Math.min(p, (long) Math.ceil(runTime * (planned / estimate) - 1e-6)));
        return new long[] {p, r};
    }
}
