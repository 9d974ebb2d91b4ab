package gridmarket.agents;

import gridmarket.market.Fit;
import gridmarket.market.FormulaException;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.Offer;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferUtility;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.protocol.MachineWindows;
import gridmarket.market.roles.AskPricing;
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;
import gridmarket.market.roles.PostedPricing;
import gridmarket.market.roles.SealedBid;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.MachineSchedule;

import java.util.ArrayList;
import java.util.List;

/**
 * What a machine owner answers a request with (SPEC E4, E6): its offer search over its schedule as it is now, priced
 * by its {@link OwnerStrategy} and valued with the request's utility on this machine; its free node-count windows for
 * a partial request; a part of a co-allocated job at a given start. Reads the schedule, never changes it.
 */
final class OfferDesk {
    private final int index;
    private final MachineSchedule schedule;
    private final OwnerStrategy strategy;
    private final OfferGenerator generator;
    private final int offersPerMachine;
    private final double offerCost;
    private final double reservationCost;
    private final double speed;
    private long nextOfferId;

    /**
     * @param offersPerMachine how many offers an answer holds at most
     * @param speed            the machine's speed, a run-time factor (1: the trace's times)
     */
    OfferDesk(int index, MachineSchedule schedule, OwnerStrategy strategy, OfferGenerator generator,
              int offersPerMachine, double offerCost, double reservationCost, double speed) {
        this.index = index;
        this.schedule = schedule;
        this.strategy = strategy;
        this.generator = generator;
        this.offersPerMachine = offersPerMachine;
        this.offerCost = offerCost;
        this.reservationCost = reservationCost;
        this.speed = speed;
    }

    /**
     * The machine's best affordable offers for a request, best first by the request's utility on this machine. Offers
     * above the request's job or reservation budget are left out before the best are chosen, so a cheaper offer is
     * returned when one exists; the answer says whether one left out would have been among them (it would have ranked
     * above the last offer of the answer, or the answer is short of its number). A request whose template has no
     * ELEMENT that holds here gets no offer.
     */
    Answer offers(Request r, int domain, long now) {
        Fit fit = fit(r);
        if (fit == null) {
            return new Answer(List.of(), false, false);
        }
        Priced priced = new Priced(r, fit, domain, now);
        if (earliestIsBest(r)) {
            List<Placement> found = generator.earliestCandidates(schedule, r.numberOfProcessors(),
                    fit.plannedRunTime(), r.startTime(), r.endTime(), now);
            priced.add(found);
            if (priced.bestOver == null && priced.best.offers().size() < offersPerMachine && !found.isEmpty()) {
                // fewer placements start earliest than the answer holds: the next best start later
                priced = searched(new Priced(r, fit, domain, now));
            }
        } else {
            priced = searched(priced);
        }
        List<Offer> top = priced.best.offers();
        int k = top.size();
        boolean overBudget = priced.bestOver != null
                && (k < offersPerMachine || priced.bestOver.betterThan(top.get(k - 1)));
        List<Offer> best = new ArrayList<>(k);
        for (Offer o : top) {
            // numbered as made, so that an offer's id does not depend on how many placements the search looked at
            best.add(Offer.single(((long) index << 40) | nextOfferId++, r.requestId(), o.parts().get(0), offerCost,
                    reservationCost, o.utilityValue()));
        }
        return new Answer(List.copyOf(best), overBudget, true);
    }

    /**
     * Whether the request's best offers here are among the placements that start earliest: its utility never rises
     * with a later start and ignores the price ({@link gridmarket.market.UtilityFunction#neverRisesWithStart}), and
     * no job budget makes a placement's price matter (none does where the owner asks a fixed rate, {@link AskPricing}:
     * every placement of the job costs the same there). Each placement still gets its price, from the thesis' owner
     * (a formula of the placement alone), a posting owner (its posted price) or a bidder (its bid, which learns
     * from accepts and losses only): another strategy may learn from what it is asked, so it is asked as before.
     * An owner that asks a rate per node-second prices every placement of the job alike, so there a utility that
     * never rises with the start or the price (UF1-UF5) ranks them by their starts alone, and a budget leaves out
     * all or none.
     */
    private boolean earliestIsBest(Request r) {
        // an owner that asks a fixed rate prices every placement of a job alike, so a budget leaves out all or none
        return r.terms() == null && (r.utility().neverRisesWithStart() && (strategy instanceof AskPricing
                || askingChangesNothing() && r.jobBudget() == Double.POSITIVE_INFINITY)
                || r.utility().neverRisesWithStartOrPrice() && pricesEveryPlacementAlike());
    }

    /**
     * Whether the owner's strategy is one that pricing a placement tells nothing: the thesis' owner, a posting
     * owner, a bidder or an asking owner. Another may learn from what it is asked, so it prices every placement.
     */
    private boolean askingChangesNothing() {
        return strategy instanceof FormulaPricing || strategy instanceof PostedPricing || strategy instanceof SealedBid
                || strategy instanceof AskPricing;
    }

    /** Whether the owner asks a rate per node-second, so all placements of a job cost the same at one instant. */
    private boolean pricesEveryPlacementAlike() {
        return strategy instanceof PostedPricing || strategy instanceof SealedBid || strategy instanceof AskPricing;
    }

    /**
     * The offer search's placements priced and valued. Where a later start and a higher price never make an offer
     * worth more, the search stops at a window from which no offer could make the answer, and passes over a node
     * set's later starts from which none could: the answer holds its full number of affordable offers, each worth
     * more than the utility at that start and the owner's price floor ({@link OwnerStrategy#priceFloor}), so every
     * placement from it on would rank below them, affordable or not. The answer and its budget note are those of the
     * whole search.
     */
    private Priced searched(Priced priced) {
        Request r = priced.request;
        int nodes = r.numberOfProcessors();
        long run = priced.fit.plannedRunTime();
        if (r.terms() != null || !r.utility().neverRisesWithStartOrPrice() || !askingChangesNothing()) {
            priced.add(generator.candidates(schedule, nodes, run, r.startTime(), r.endTime(), priced.now));
            return priced;
        }
        if (r.utility().ignoresStart()) {
            // Where the start does not count (the cost broker's utility), no offer is worth more than the utility at
            // the price floor, so no start is ever passed over: the search is asked for every candidate.
            priced.add(generator.candidates(schedule, nodes, run, r.startTime(), r.endTime(), priced.now,
                    OfferGenerator.EVERY_START));
            return priced;
        }
        double floor = strategy.priceFloor(r, nodes, run, priced.now);
        priced.add(generator.candidates(schedule, nodes, run, r.startTime(), r.endTime(), priced.now,
                (start, before) -> {
                    priced.add(before);
                    return !priced.best.full() || !(priced.best.worst() > Valuation.value(r,
                            schedule.machine().name(), priced.fit.utility(), start, start + run, floor, offerCost,
                            reservationCost));
                }));
        return priced;
    }

    /**
     * The placements of one request's search, priced and valued into offers (numbered later): the best of those within
     * the request's budgets, and the best of those above them.
     */
    private final class Priced {
        final Request request;
        final Fit fit;
        final int domain;
        final long now;
        final BestOffers best = new BestOffers(offersPerMachine);
        /** The best offer left out for the budgets, or null. */
        Offer bestOver;
        /** How many placements of the search's list have been priced. */
        private int seen;

        Priced(Request request, Fit fit, int domain, long now) {
            this.request = request;
            this.fit = fit;
            this.domain = domain;
            this.now = now;
        }

        /** Prices the placements of the search's list not priced yet (it grows window by window). */
        void add(List<Placement> found) {
            OfferUtility utility = fit.utility();
            for (Placement p : found.subList(seen, found.size())) {
                double price = price(request, p, now);
                double uv = Valuation.value(request, schedule.machine().name(), utility, p.start(), p.end(), price,
                        offerCost, reservationCost);
                boolean affordable = request.affords(price, reservationCost);
                // most placements rank below the offers kept: no offer is made of them
                if (affordable ? best.couldEnter(uv) : bestOver == null || !(uv < bestOver.utilityValue())) {
                    Offer o = Offer.single(0, request.requestId(), new OfferPart(domain, index,
                            schedule.machine().name(), p, price), offerCost, reservationCost, uv);
                    if (affordable) {
                        best.add(o);
                    } else if (bestOver == null || o.betterThan(bestOver)) {
                        bestOver = o;
                    }
                }
            }
            seen = found.size();
        }
    }

    /**
     * The request's terms on this machine: from its template, or (a request of the market's homogeneous users) the
     * market's utility function over the job's times scaled by this machine's speed; {@code null} if no ELEMENT of
     * its template holds here.
     */
    Fit fit(Request r) {
        if (r.terms() != null) {
            return r.terms().on(index);
        }
        return Valuation.homogeneousFit(r, speed);
    }

    /**
     * An owner's answer to a request.
     *
     * @param offers     its best affordable offers, best first
     * @param overBudget whether it left out, above the request's budgets, a placement that would have been among its
     *                   offers
     * @param suited     whether the request could use a machine of the answer (an ELEMENT of its template held)
     */
    record Answer(List<Offer> offers, boolean overBudget, boolean suited) {
    }

    /**
     * The answer to a partial request: the request's fit here and how many nodes are free for the whole stretched
     * run from each start.
     */
    MachineWindows windows(Request r, MultiSiteRules rules, int domain, long now) {
        Fit fit = fit(r);
        long duration = fit == null ? 0 : rules.stretch(fit.plannedRunTime());
        return new MachineWindows(index, domain, schedule.size(), fit, duration,
                fit == null ? null : FreeNodeWindows.of(schedule, duration, Math.max(now, r.startTime()), now),
                offerCost, reservationCost);
    }

    /**
     * A part of a co-allocated job: {@code nodes} nodes for {@code duration} planned seconds from exactly
     * {@code start}, the cheapest placement the offer search finds; {@code null} if none fits.
     */
    OfferPart partOffer(Request r, int nodes, long start, long duration, int domain, long now) {
        OfferPart best = null;
        // Ending by start + duration, every candidate starts at start: the first window's, as the full search has them
        for (Placement p : generator.earliestCandidates(schedule, nodes, duration, start, start + duration, now)) {
            if (p.start() != start) {
                continue;
            }
            double price = price(r, p, now);
            if (best == null || price < best.price()) {
                best = new OfferPart(domain, index, schedule.machine().name(), p, price);
            }
        }
        return best;
    }

    /** The first placement the offer search finds for {@code nodes} nodes from exactly {@code start}, or null. */
    Placement placementAt(int nodes, long duration, long start, long now) {
        for (Placement c : generator.earliestCandidates(schedule, nodes, duration, start, start + duration, now)) {
            if (c.start() == start) {
                return c;
            }
        }
        return null;
    }

    /**
     * The owner strategy's price, checked: a price is what a user pays, finite and at least 0 (a strategy of a
     * plug-in is held to it as formula pricing is); -0.0 is 0.
     */
    private double price(Request r, Placement p, long now) {
        double price = strategy.price(r, p, now);
        if (!(price >= 0) || Double.isInfinite(price)) {
            throw new FormulaException("machine " + schedule.machine().name() + ", job " + r.job().id() + ": its owner "
                    + "strategy (" + strategy.getClass().getName() + ") gave the price " + price
                    + " (a price must be finite and >= 0)");
        }
        return price + 0.0;
    }
}
