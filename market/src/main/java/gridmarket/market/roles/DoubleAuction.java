package gridmarket.market.roles;

import gridmarket.market.FormulaException;
import gridmarket.market.Offer;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;

import java.util.Comparator;
import java.util.List;

/**
 * A continuous double auction over node-time (Friedman 1991; GridSim's auction package): a request is a bid for its
 * nodes over its estimate within [earliest start, deadline], at most {@link #bid} per node-second (its JobBudget over
 * its area); each owner's offers are asks for free slots of its machine, priced per node-second. The bid trades with
 * the lowest ask it reaches that is within its deadline and at or below its bid (ties: the earlier start, then the
 * order the owners answered in), at the midpoint of the bid and the ask per node-second (GridSim's rule), never more
 * than the JobBudget. A bid that no ask meets rests in its MetaManager's book (the waiting requests), highest bid per
 * node-second first ({@link #waitingOrder}), until a later ask meets it or its deadline passes.
 */
public final class DoubleAuction implements ClearingRule {
    @Override
    public OfferSelection.Choice clear(Request r, List<Offer> offers, OfferSelection budget) {
        OfferSelection.Shortlist ok = budget.shortlist(offers, r, o -> true, Integer.MAX_VALUE);
        double bid = bid(r);
        Offer best = null;
        double bestAsk = Double.POSITIVE_INFINITY;
        for (Offer o : ok.offers()) {
            double ask = ask(r, o);
            if (ask <= bid && (best == null || ask < bestAsk || ask == bestAsk && o.startTime() < best.startTime())) {
                best = o;
                bestAsk = ask;
            }
        }
        if (best == null) {
            return new OfferSelection.Choice(null, ok.unaffordable() || !ok.offers().isEmpty(), ok.taken());
        }
        double pay = payment(r, best);
        double value = best.utilityValue();
        if (pay != best.jobCost()) {
            try { // the request values what it holds at the price it pays
                value = SecondPrice.utility(r, best).value(best.startTime(), best.endTime(), pay, best.offerCost(),
                        best.reservationCost());
            } catch (FormulaException e) {
                // keeps the value at the ask
            }
        }
        return new OfferSelection.Choice(best, ok.unaffordable(), ok.taken(), SecondPrice.priced(best, pay, value));
    }

    /** The bid per node-second: the request's JobBudget over its nodes times its estimate (infinite: no limit). */
    public static double bid(Request r) {
        return r.jobBudget() / ((double) r.numberOfProcessors() * Math.max(1, r.runTime()));
    }

    /** The ask per node-second of an offer: its price over the node-time it reserves. */
    public static double ask(Request r, Offer o) {
        return o.jobCost() / area(r, o);
    }

    /**
     * What a trade of {@code r} with {@code o} pays: the midpoint of the bid and the ask per node-second times the
     * node-time reserved, within the JobBudget; the ask where the request bids no limit.
     */
    public static double payment(Request r, Offer o) {
        double bid = bid(r);
        if (Double.isInfinite(bid)) {
            return o.jobCost();
        }
        double pay = (bid + ask(r, o)) / 2 * area(r, o);
        return Math.max(o.jobCost(), Math.min(pay, r.jobBudget()));
    }

    private static double area(Request r, Offer o) {
        return (double) r.numberOfProcessors() * Math.max(1, o.endTime() - o.startTime());
    }

    /** The book's priority: the highest bid per node-second first; equal bids keep their order (time priority). */
    @Override
    public Comparator<Request> waitingOrder() {
        return Comparator.comparingDouble(DoubleAuction::bid).reversed();
    }
}
