package gridmarket.market;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The origin MetaManager's choice among a round's offers (SPEC E3, E7): the offer with the highest utility value
 * among those the user can accept. An offer is acceptable if its JobCost and ReservationCost are within the request's
 * budgets, it ends by the request's latest end (EndTime, a deadline; open for the thesis' user), the user can still
 * pay its OfferCost (charged against the OfferBudget in the order offers arrive, over all rounds of the request) and
 * its nodes are still free.
 */
public final class OfferSelection {
    private double offerCostSpent;

    /** @param offerCostSpent what earlier rounds of the same request already spent on offers */
    public OfferSelection(double offerCostSpent) {
        this.offerCostSpent = offerCostSpent;
    }

    /**
     * The choice of one round.
     *
     * @param best         the accepted offer, or {@code null}
     * @param unaffordable whether an offer was left out for a budget
     * @param taken        whether an offer was left out because its nodes were promised to another job meanwhile
     * @param charged      the offer taken at the price the user pays: {@code best} itself under a first-price rule,
     *                     {@code best} with another JobCost under a second-price rule; {@code null} if none
     */
    public record Choice(Offer best, boolean unaffordable, boolean taken, Offer charged) {
        public Choice {
            if ((best == null) != (charged == null) || best != charged && best != null
                    && (best.offerId() != charged.offerId() || !samePlaces(best, charged))) {
                throw new IllegalArgumentException("the offer charged must be the offer taken, at another price");
            }
        }

        /** A first-price choice: the user pays the offer's own JobCost. */
        public Choice(Offer best, boolean unaffordable, boolean taken) {
            this(best, unaffordable, taken, best);
        }

        private static boolean samePlaces(Offer a, Offer b) {
            if (a.parts().size() != b.parts().size()) {
                return false;
            }
            for (int i = 0; i < a.parts().size(); i++) {
                if (!a.parts().get(i).placement().equals(b.parts().get(i).placement())
                        || a.parts().get(i).machineIndex() != b.parts().get(i).machineIndex()) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The choice of one round when the user chooses itself (MaxOfferNumber k > 0, SPEC E2): the acceptable offers (as
     * {@link #choose}: budgets, OfferCost charged in arrival order) are ranked best first by utility value, the first
     * k whose nodes are still free go to the user, and the user takes the one its {@code rule} values highest (ties:
     * the better ranked); with no rule, the first, as {@link #choose} would.
     */
    public Choice chooseAmong(List<Offer> offers, Request r, Predicate<Offer> stillFree, int k, OfferUtility rule) {
        Shortlist sent = shortlist(offers, r, stillFree, k);
        Offer best = null;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < sent.offers().size(); i++) {
            Offer o = sent.offers().get(i);
            double v = rule == null ? -(i + 1) : rule.value(o.startTime(), o.endTime(), o.jobCost(), o.offerCost(),
                    o.reservationCost());
            if (best == null || v > bestValue) {
                best = o;
                bestValue = v;
            }
        }
        return new Choice(best, sent.unaffordable(), sent.taken());
    }

    /**
     * The offers a user who chooses itself receives in one round, best first.
     *
     * @param offers       the acceptable ones among them, ranked best first by utility value, at most k
     * @param unaffordable whether an offer was left out for a budget
     * @param taken        whether an offer was left out because its nodes were promised to another job meanwhile
     */
    public record Shortlist(List<Offer> offers, boolean unaffordable, boolean taken) {
        public Shortlist {
            offers = List.copyOf(offers);
        }
    }

    /**
     * The up to {@code k} offers of a round that go to a user who chooses itself (its own rule, or a person in the
     * GUI): the acceptable offers (budgets, OfferCost charged in arrival order, as {@link #choose}) ranked best first
     * by utility value, skipping those whose nodes are no longer free.
     */
    public Shortlist shortlist(List<Offer> offers, Request r, Predicate<Offer> stillFree, int k) {
        List<Offer> acceptable = new ArrayList<>();
        boolean unaffordable = false;
        for (Offer o : offers) {
            if (offerCostSpent + o.offerCost() > r.offerBudget()) {
                unaffordable = true;
                continue;
            }
            offerCostSpent += o.offerCost();
            if (!r.affords(o.jobCost(), o.reservationCost())) {
                unaffordable = true;
            } else if (o.endTime() <= r.endTime()) {
                acceptable.add(o);
            }
        }
        acceptable.sort(Offer.BEST_FIRST);
        boolean taken = false;
        List<Offer> sent = new ArrayList<>();
        for (Offer o : acceptable) {
            if (sent.size() == k) {
                break;
            }
            if (!stillFree.test(o)) {
                taken = true;
                continue;
            }
            sent.add(o);
        }
        return new Shortlist(sent, unaffordable, taken);
    }

    /** Chooses among {@code offers} (in arrival order) for {@code r}; {@code stillFree} tells whether an offer's nodes are free. */
    public Choice choose(List<Offer> offers, Request r, Predicate<Offer> stillFree) {
        Offer best = null;
        boolean unaffordable = false;
        boolean taken = false;
        for (Offer o : offers) {
            if (offerCostSpent + o.offerCost() > r.offerBudget()) {
                unaffordable = true;
                continue; // the user can no longer pay for this offer
            }
            offerCostSpent += o.offerCost();
            if (!r.affords(o.jobCost(), o.reservationCost())) {
                unaffordable = true;
            } else if (o.endTime() > r.endTime()) {
                continue; // past the request's latest end (its deadline)
            } else if (best == null || o.betterThan(best)) {
                if (stillFree.test(o)) {
                    best = o;
                } else {
                    taken = true;
                }
            }
        }
        return new Choice(best, unaffordable, taken);
    }
}
