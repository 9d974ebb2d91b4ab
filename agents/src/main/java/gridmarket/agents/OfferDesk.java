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
import gridmarket.market.roles.FormulaPricing;
import gridmarket.market.roles.OwnerStrategy;
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
     * returned when one exists. A request whose template has no ELEMENT that holds here gets no offer.
     */
    Answer offers(Request r, int domain, long now) {
        Fit fit = fit(r);
        if (fit == null) {
            return new Answer(List.of(), false, false);
        }
        boolean earliestOnly = earliestIsBest(r);
        List<Placement> found = earliestOnly
                ? generator.earliestCandidates(schedule, r.numberOfProcessors(), fit.plannedRunTime(), r.startTime(),
                        r.endTime(), now)
                : generator.candidates(schedule, r.numberOfProcessors(), fit.plannedRunTime(), r.startTime(),
                        r.endTime(), now);
        List<Offer> all = new ArrayList<>(found.size());
        boolean overBudget = valued(r, fit, found, domain, now, all);
        if (earliestOnly && !overBudget && all.size() < offersPerMachine && !found.isEmpty()) {
            // fewer placements start earliest than the answer holds: the next best start later
            all.clear();
            overBudget = valued(r, fit, generator.candidates(schedule, r.numberOfProcessors(), fit.plannedRunTime(),
                    r.startTime(), r.endTime(), now), domain, now, all);
        }
        all.sort(Offer.BEST_FIRST);
        int k = Math.min(all.size(), offersPerMachine);
        List<Offer> best = new ArrayList<>(k);
        for (Offer o : all.subList(0, k)) {
            // numbered as made, so that an offer's id does not depend on how many placements the search looked at
            best.add(Offer.single(((long) index << 40) | nextOfferId++, r.requestId(), o.parts().get(0), offerCost,
                    reservationCost, o.utilityValue()));
        }
        return new Answer(List.copyOf(best), overBudget, true);
    }

    /**
     * Whether the request's best offers here are among the placements that start earliest: its utility never rises
     * with a later start and ignores the price ({@link gridmarket.market.UtilityFunction#neverRisesWithStart}), and
     * no job budget makes a placement's price matter. Each placement still gets its price, from the thesis' owner
     * (a formula of the placement alone): another strategy may learn from what it is asked, so it is asked as before.
     */
    private boolean earliestIsBest(Request r) {
        return r.terms() == null && r.utility().neverRisesWithStart() && strategy instanceof FormulaPricing
                && r.jobBudget() == Double.POSITIVE_INFINITY;
    }

    /**
     * Prices and values the placements into offers (numbered later), leaving out those above the request's budgets.
     *
     * @return whether any was left out
     */
    private boolean valued(Request r, Fit fit, List<Placement> placements, int domain, long now, List<Offer> into) {
        boolean overBudget = false;
        OfferUtility utility = fit.utility();
        for (Placement p : placements) {
            double price = price(r, p, now);
            if (!r.affords(price, reservationCost)) {
                overBudget = true;
                continue;
            }
            double uv = Valuation.value(r, schedule.machine().name(), utility, p.start(), p.end(), price, offerCost,
                    reservationCost);
            into.add(Offer.single(0, r.requestId(), new OfferPart(domain, index, schedule.machine().name(), p, price),
                    offerCost, reservationCost, uv));
        }
        return overBudget;
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
     * @param overBudget whether it left out placements above the request's budgets
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
