package gridmarket.agents;

import gridmarket.market.Fit;
import gridmarket.market.FormulaException;
import gridmarket.market.Offer;
import gridmarket.market.OfferUtility;
import gridmarket.market.Request;

/** How a request values offers: its utility function on a machine, with failures named by job and machine. */
final class Valuation {
    private Valuation() {
    }

    /**
     * The request's utility value of an offer; a formula that fails on it (a pole, an overflow) names the job and the
     * machine, as a machine function's failure does.
     */
    static double value(Request r, String machine, OfferUtility utility, long start, long end, double jobCost,
                        double offerCost, double reservationCost) {
        try {
            return utility.value(start, end, jobCost, offerCost, reservationCost);
        } catch (FormulaException e) {
            throw new FormulaException("machine " + machine + ", job " + r.job().id() + ": " + e.getMessage());
        }
    }

    /**
     * The utility the request values a whole-job offer with, as its owner did: its template's on that machine, or the
     * market's utility function over the job's planned run there (the placement's length).
     */
    static OfferUtility ofOffer(Request r, Offer o) {
        if (r.terms() != null) {
            return r.terms().on(o.parts().get(0).machineIndex()).utility();
        }
        return homogeneous(r, o.endTime() - o.startTime());
    }

    /** The market's utility function for a job planned to run {@code planned} seconds on a machine. */
    static OfferUtility homogeneous(Request r, long planned) {
        return (s, e, c, oc, rc) -> r.utility().value(s, e, c, r.numberOfProcessors(), planned, r.job().submit());
    }

    /**
     * The request's fit on a machine of the market's homogeneous users, from its speed. Its co-allocation group is
     * the job's planned and real run time there: parts of one job must start and end together (SPEC E6), so only
     * machines on which the job runs equally long are combined, and a split over machines of different speeds is
     * never made.
     */
    static Fit homogeneousFit(Request r, double speed) {
        long[] times = Fit.scaled(r.runTime(), r.job().runTime(), speed == 1 ? r.runTime() : r.runTime() / speed);
        return new Fit(0, times[0], times[1], homogeneous(r, times[0]), "runs " + times[0] + "/" + times[1] + " s");
    }
}
