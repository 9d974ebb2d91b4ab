package gridmarket.market.roles;

import gridmarket.market.FormulaException;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reverse clock auction of one request among the owners that offered to place it: an auctioneer (the request's
 * MetaManager) calls out a price per node-second, one tick after another, and the owners answer whether they would
 * place the job at it. Each owner bids with its best offer by the request's utility (the first in the round's
 * acceptable offers, best first), and its reservation price per node-second is that offer's price over its
 * node-seconds: what its pricing (a formula, a sealed-bid cost, an ask) asks of this placement.
 *
 * <ul>
 *   <li>English ({@link Kind#ENGLISH}): the clock starts at {@code high} and falls by {@code step} a tick; an owner
 *       stays in while the price covers its reservation. When one owner is left, it wins at the last price at which
 *       another still stood (the second-lowest reservation, rounded up to the clock's grid); when the last owners
 *       leave together, the best of them by the request's utility wins at that same price; when several still stand
 *       at {@code low}, the best of them wins at {@code low}.</li>
 *   <li>Dutch ({@link Kind#DUTCH}): the clock starts at {@code low} and rises by {@code step} a tick until an owner
 *       accepts; the first to accept wins at the clock's price (several at once: the best by utility). Nobody by
 *       {@code high}: no trade.</li>
 * </ul>
 *
 * <p>The payment is the clock price times the offer's node-seconds, never below the offer's own price (rounding)
 * nor above the request's JobBudget. Each tick is one exchange: the price to every owner still in and its answer,
 * two messages each; a tick lasts {@code tick} seconds, or the round trip of its messages if that is longer.
 * Owners answer straightforwardly (stay, or accept, as soon as the price covers their reservation).
 */
public final class ClockAuction implements ClearingRule {
    /** Which way the clock runs. */
    public enum Kind {
        /** Descending: owners drop out; the last one standing wins. */
        ENGLISH,
        /** Ascending: the first owner to accept wins. */
        DUTCH
    }

    /**
     * What one auction came to.
     *
     * @param choice   the offer taken, at the price paid, or none
     * @param ticks    the clock prices called out (0: no owner bid, nothing was called)
     * @param messages the ticks' messages: two per owner still in at each tick
     */
    public record Outcome(OfferSelection.Choice choice, int ticks, int messages) {
    }

    private final Kind kind;
    private final double low;
    private final double high;
    private final double step;
    private final long tick;
    private long auctions;
    private long trades;
    private long ticksCalled;

    /**
     * @param low  the clock's lowest price per node-second (English: its floor; Dutch: its start)
     * @param high its highest (English: its start; Dutch: its ceiling)
     * @param step the clock's move per tick, > 0
     * @param tick the least seconds a tick lasts
     */
    public ClockAuction(Kind kind, double low, double high, double step, long tick) {
        if (!(low >= 0 && high >= low && step > 0 && tick >= 0 && Double.isFinite(high))) {
            throw new IllegalArgumentException("a clock needs 0 <= low <= high, step > 0, tick >= 0");
        }
        this.kind = kind;
        this.low = low;
        this.high = high;
        this.step = step;
        this.tick = tick;
    }

    public Kind kind() {
        return kind;
    }

    /** The most prices the clock calls out: from one end of [low, high] to the other in steps. */
    public int maxTicks() {
        return (int) Math.min(Integer.MAX_VALUE - 1, Math.floor((high - low) / step + 1e-9)) + 1;
    }

    /** Seconds a tick lasts when its messages take {@code roundTrip} seconds there and back. */
    public long tickSeconds(long roundTrip) {
        return Math.max(tick, roundTrip);
    }

    /** The price per node-second the clock calls out at tick {@code t} (from 0). */
    public double price(int t) {
        return kind == Kind.ENGLISH ? Math.max(low, high - t * step) : Math.min(high, low + t * step);
    }

    /** The auction cleared at once (its ticks' time and messages are the caller's to spend). */
    @Override
    public OfferSelection.Choice clear(Request r, List<Offer> offers, OfferSelection budget) {
        return auction(r, offers, budget).choice();
    }

    /** Runs the clock over the round's acceptable offers. */
    public Outcome auction(Request r, List<Offer> offers, OfferSelection budget) {
        OfferSelection.Shortlist ok = budget.shortlist(offers, r, o -> true, Integer.MAX_VALUE);
        List<Offer> bidders = bidders(ok.offers());
        if (bidders.isEmpty()) {
            return new Outcome(new OfferSelection.Choice(null, ok.unaffordable(), ok.taken()), 0, 0);
        }
        auctions++;
        double[] rate = new double[bidders.size()];
        for (int i = 0; i < rate.length; i++) {
            rate[i] = reservation(bidders.get(i));
        }
        int[] result = kind == Kind.ENGLISH ? english(rate) : dutch(rate);
        int winner = result[0];
        int ticks = result[1];
        int messages = result[2];
        ticksCalled += ticks;
        if (winner < 0) {
            return new Outcome(new OfferSelection.Choice(null, ok.unaffordable(), ok.taken()), ticks, messages);
        }
        trades++;
        Offer w = bidders.get(winner);
        double pay = Math.min(Math.max(w.jobCost(), price(result[3]) * nodeSeconds(w)), r.jobBudget());
        return new Outcome(new OfferSelection.Choice(w, ok.unaffordable(), ok.taken(), at(r, w, pay)), ticks,
                messages);
    }

    /** {winner or -1, ticks, messages, the tick whose price is paid}; owners in the order of their offers' value. */
    private int[] english(double[] rate) {
        List<Integer> standing = new ArrayList<>();
        int messages = 2 * rate.length;
        for (int i = 0; i < rate.length; i++) {
            if (rate[i] <= price(0)) {
                standing.add(i);
            }
        }
        if (standing.isEmpty()) {
            return new int[] {-1, 1, messages, 0};
        }
        int t = 0;
        int last = maxTicks() - 1;
        while (standing.size() > 1 && t < last) {
            t++;
            messages += 2 * standing.size();
            double p = price(t);
            List<Integer> still = new ArrayList<>();
            for (int i : standing) {
                if (rate[i] <= p) {
                    still.add(i);
                }
            }
            if (still.isEmpty()) { // the last ones left together: the price they all stood at
                return new int[] {standing.get(0), t + 1, messages, t - 1};
            }
            if (still.size() == 1) { // the runner-up left at this tick: the last price it stood at
                return new int[] {still.get(0), t + 1, messages, t - 1};
            }
            standing = still;
        }
        return new int[] {standing.get(0), t + 1, messages, t}; // alone at the start, or several at the floor
    }

    private int[] dutch(double[] rate) {
        int messages = 0;
        int ticks = maxTicks();
        for (int t = 0; t < ticks; t++) {
            messages += 2 * rate.length;
            double p = price(t);
            for (int i = 0; i < rate.length; i++) {
                if (rate[i] <= p) { // the first in value order among those who accept at once
                    return new int[] {i, t + 1, messages, t};
                }
            }
        }
        return new int[] {-1, ticks, messages, ticks - 1};
    }

    /** Each machine's (or co-allocation's) best acceptable offer, in the order of value: one bid per owner. */
    private static List<Offer> bidders(List<Offer> bestFirst) {
        Map<String, Offer> best = new LinkedHashMap<>();
        for (Offer o : bestFirst) {
            StringBuilder key = new StringBuilder();
            for (OfferPart p : o.parts()) {
                key.append(p.machineIndex()).append(',');
            }
            best.putIfAbsent(key.toString(), o);
        }
        return List.copyOf(best.values());
    }

    /** An offer's price per node-second: its owner's reservation price in this auction. */
    public static double reservation(Offer o) {
        double area = nodeSeconds(o);
        return area > 0 ? o.jobCost() / area : 0;
    }

    /** The node-seconds an offer reserves: each part's nodes times its planned run. */
    public static double nodeSeconds(Offer o) {
        double area = 0;
        for (OfferPart p : o.parts()) {
            area += (double) p.placement().nodes().length * (p.placement().end() - p.placement().start());
        }
        return area;
    }

    private static Offer at(Request r, Offer w, double pay) {
        double value = w.utilityValue();
        if (pay != w.jobCost()) {
            try { // the request values what it holds at the price it pays
                value = SecondPrice.utility(r, w).value(w.startTime(), w.endTime(), pay, w.offerCost(),
                        w.reservationCost());
            } catch (FormulaException e) {
                // keeps the value at the ask
            }
        }
        return SecondPrice.priced(w, pay, value);
    }

    @Override
    public Map<String, Object> summary() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("rule", kind == Kind.ENGLISH ? "english" : "dutch");
        s.put("auctions", auctions);
        s.put("trades", trades);
        s.put("ticks", ticksCalled);
        return s;
    }
}
