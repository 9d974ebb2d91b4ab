package gridmarket.market.roles;

import gridmarket.market.FormulaException;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.OfferUtility;
import gridmarket.market.Request;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Second-price (Vickrey 1961) clearing of a call for offers, a reverse auction: the request takes the offer with the
 * highest utility value (as {@link HighestUtility}), and its owner is paid the highest price at which that offer
 * would still have won, i.e. at which the request would still value it at least as the best offer of any other
 * machine (the runner-up). For a price-only utility ({@code -JobCost}) that is the runner-up's price; for a utility
 * that mixes start and price, the price at which the winner's start and end, so priced, are worth as much as the
 * runner-up. The payment is never below the winner's own price nor above the request's JobBudget. Where no price
 * would have lost (no other acceptable offer, or a utility that ignores the price), the winner is paid the request's
 * JobBudget, or its own price when the request has none (the user's reserve price is then the ask). A co-allocated
 * winner's payment is shared among its parts in proportion to their prices.
 */
public final class SecondPrice implements ClearingRule {
    /** Doublings of a price in search of one at which the winner loses, before the price is found not to matter. */
    private static final int DOUBLINGS = 128;
    /** Halvings of the interval in which the payment lies: enough to reach adjacent doubles from 2^128 apart. */
    private static final int HALVINGS = 2200;

    @Override
    public OfferSelection.Choice clear(Request r, List<Offer> offers, OfferSelection budget) {
        OfferSelection.Shortlist ok = budget.shortlist(offers, r, o -> true, Integer.MAX_VALUE);
        if (ok.offers().isEmpty()) {
            return new OfferSelection.Choice(null, ok.unaffordable(), ok.taken());
        }
        Offer winner = ok.offers().get(0);
        Offer rival = null;
        Set<Integer> machines = machines(winner);
        for (Offer o : ok.offers().subList(1, ok.offers().size())) {
            if (machines(o).stream().noneMatch(machines::contains)) { // an owner's own offers set no price for it
                rival = o;
                break;
            }
        }
        double pay = payment(r, winner, rival);
        double value = winner.utilityValue();
        if (pay != winner.jobCost()) {
            try { // the request values what it holds at the price it pays
                value = utility(r, winner).value(winner.startTime(), winner.endTime(), pay, winner.offerCost(),
                        winner.reservationCost());
            } catch (FormulaException e) {
                // keeps the value at the ask: the payment was found where the formula is finite
            }
        }
        return new OfferSelection.Choice(winner, ok.unaffordable(), ok.taken(), priced(winner, pay, value));
    }

    /** What the winner is paid: the highest price at which it still beats {@code rival} (or {@code null}). */
    static double payment(Request r, Offer winner, Offer rival) {
        double ask = winner.jobCost();
        double cap = r.jobBudget();
        OfferUtility u = utility(r, winner);
        if (rival == null) {
            return Double.isInfinite(cap) ? ask : cap;
        }
        double target = rival.utilityValue();
        double lo = ask;
        double hi;
        if (!Double.isInfinite(cap)) {
            if (wins(u, winner, cap, target)) {
                return cap;
            }
            hi = cap;
        } else {
            hi = Math.max(1, 2 * ask);
            int doublings = 0;
            while (wins(u, winner, hi, target)) {
                if (++doublings > DOUBLINGS) {
                    return ask; // the price does not decide the round: no competition on it
                }
                lo = hi;
                hi *= 2;
            }
        }
        // the largest double in [lo, hi) at which the winner still wins: lo wins, hi loses
        for (int i = 0; i < HALVINGS && Math.nextUp(lo) < hi; i++) {
            double mid = lo + (hi - lo) / 2;
            if (mid <= lo || mid >= hi) {
                mid = Math.nextUp(lo);
            }
            if (wins(u, winner, mid, target)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether the winner's offer at {@code price} is worth at least {@code target} to the request. */
    private static boolean wins(OfferUtility u, Offer w, double price, double target) {
        try {
            return u.value(w.startTime(), w.endTime(), price, w.offerCost(), w.reservationCost()) >= target;
        } catch (FormulaException e) {
            return false; // no finite value at that price: the request would not take it
        }
    }

    /** How the request values the winner's start and end at another price, on the winner's (first) machine. */
    static OfferUtility utility(Request r, Offer w) {
        if (r.terms() != null) {
            return r.terms().on(w.parts().get(0).machineIndex()).utility();
        }
        long planned = w.endTime() - w.startTime();
        return (s, e, c, oc, rc) -> r.utility().value(s, e, c, r.numberOfProcessors(), planned, r.job().submit());
    }

    /**
     * The offer with its JobCost set to {@code pay}, shared among its parts in proportion to their prices, and its
     * utility value at that price.
     */
    static Offer priced(Offer o, double pay, double value) {
        if (pay == o.jobCost()) {
            return o;
        }
        List<OfferPart> parts = new ArrayList<>(o.parts().size());
        double rest = pay;
        for (int i = 0; i < o.parts().size(); i++) {
            OfferPart p = o.parts().get(i);
            double share = i == o.parts().size() - 1 ? rest
                    : o.jobCost() > 0 ? pay * p.price() / o.jobCost() : pay / o.parts().size();
            rest -= share;
            parts.add(new OfferPart(p.domain(), p.machineIndex(), p.machineName(), p.placement(), share));
        }
        return new Offer(o.offerId(), o.requestId(), parts, pay, o.offerCost(), o.reservationCost(), value);
    }

    private static Set<Integer> machines(Offer o) {
        Set<Integer> m = new HashSet<>();
        for (OfferPart p : o.parts()) {
            m.add(p.machineIndex());
        }
        return m;
    }
}
