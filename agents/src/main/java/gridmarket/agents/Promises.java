package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.protocol.Accept;
import gridmarket.market.protocol.Broken;
import gridmarket.market.protocol.Killed;
import gridmarket.market.protocol.Moved;
import gridmarket.market.protocol.PartWindows;
import gridmarket.market.protocol.Refused;
import gridmarket.market.protocol.Release;
import gridmarket.market.protocol.WindowsWithout;
import gridmarket.sim.grid.MultiSiteRules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The offers a MetaManager's users hold (SPEC E10): it accepts them, follows their reservations' starts from the
 * owners' notices, moves co-allocated jobs earlier as a whole, lets users re-bid and swap, and undoes what an owner
 * refused. Every step of it is a message through the network, counted to the request.
 */
final class Promises {
    private final MetaManagerAgent mm;
    private final MarketContext context;
    /** Held offers that may still move earlier (co-allocated ones) or be swapped (re-bidding), in the order held. */
    private final List<RequestState> promised = new ArrayList<>();
    /** Requests holding an offer whose owners may still write to this MetaManager about it, by request id. */
    private final Map<Long, RequestState> holding = new HashMap<>();
    private final Map<Long, Compression> compressions = new HashMap<>();
    /** With failures, every request that holds or held an offer, by request id: a failure may kill or break it. */
    private final Map<Long, RequestState> live = new HashMap<>();
    private boolean failures;
    private long nextHold;
    private long idleAt = Long.MIN_VALUE;
    private int widestIdle;

    Promises(MetaManagerAgent mm, MarketContext context) {
        this.mm = mm;
        this.context = context;
    }

    /** Node failures may happen in this run: the requests holding offers are kept until their jobs are done. */
    void watchFailures() {
        failures = true;
    }

    /**
     * A failure killed the request's running job: the request is made again for what is left of the job (after
     * its last checkpoint) and handed back to its MetaManager for a new round.
     */
    void killed(Killed k, long now) {
        RequestState p = live.get(k.requestId());
        if (p == null) {
            return;
        }
        settleBroken(p); // it started: the promise a failure broke before is settled by that start
        if (p.previous != null && now <= p.swapSettles) {
            // the job ran on the reservation a swap under way released; what the swap accepted has not started
            releaseAll(p);
        }
        drop(p);
        p.request = p.request.restarted(k.kept(), now);
        mm.restart(p);
    }

    /**
     * A failure broke a reservation the request holds (a swap's old one is moot): the promise is broken, and the
     * request goes back to its MetaManager for a new round. By how much is known once the request holds its next
     * promise for good: when that one is broken in turn, its job is killed, or the run ends (an accept may still be
     * refused with latency, so not when an offer is accepted).
     */
    void broken(Broken b, long now) {
        RequestState p = live.get(b.requestId());
        if (p == null || p.holds.stream().noneMatch(h -> h.id == b.hold())) {
            return;
        }
        long promised = p.currentStart();
        settleBroken(p);
        p.brokenStart = promised;
        RequestState.Held released = p.previous != null && now <= p.swapSettles ? p.previous : null;
        drop(p);
        if (released != null) {
            // a swap's new reservation broke while the old one's release travels: should that come back refused, the
            // job runs there, and keeps it whatever the new round does (as after any refused release)
            p.previous = released;
            holding.put(b.requestId(), p);
        }
        p.request = p.request.restarted(0, now);
        mm.restart(p);
    }

    /** Releases every reservation the request holds (one message each). */
    private void releaseAll(RequestState p) {
        for (RequestState.Hold h : p.holds) {
            mm.send(h.owner(), new Release(p.request.requestId(), h.machine, h.id));
        }
    }

    /** The request holds nothing any more (its co-allocated parts were cancelled by their owners). */
    private void drop(RequestState p) {
        promised.remove(p);
        holding.remove(p.request.requestId());
        p.accepted = null;
        p.holds = List.of();
        p.previous = null;
    }

    /** A rejected request is forgotten; a promise it had broken counts, with no new start. */
    void rejected(RequestState p) {
        settleBroken(p);
        live.remove(p.request.requestId());
    }

    /**
     * Counts the promise a failure broke for {@code p}, if one is pending, by how much later the offer it holds now
     * starts (0 with none, or if no later).
     */
    private void settleBroken(RequestState p) {
        if (p.brokenStart != Long.MIN_VALUE) {
            long delay = p.accepted == null ? 0 : Math.max(0, p.accepted.startTime() - p.brokenStart);
            context.ledger().promiseBroken(delay);
            p.brokenStart = Long.MIN_VALUE;
        }
    }

    /** At the run's end: the promises broken since their requests' last failure are counted. */
    void settleAllBroken() {
        live.values().forEach(this::settleBroken);
    }

    /** Whether some held offer may still move earlier or be swapped: then every change of the schedules matters. */
    boolean anyPromised() {
        return !promised.isEmpty();
    }

    /** An owner announced idle nodes; a re-bid at this instant looks at the most any owner announced. */
    void idleHeard(int nodes, long now) {
        if (idleAt != now) {
            idleAt = now;
            widestIdle = 0;
        }
        widestIdle = Math.max(widestIdle, nodes);
    }

    /** An owner moved a reservation earlier by its own rescheduling. */
    void moved(Moved mv) {
        RequestState p = holding.get(mv.requestId());
        if (p != null) {
            p.holds.stream().filter(h -> h.id == mv.hold()).forEach(h -> h.start = mv.start());
        }
    }

    /** A machine answered a co-allocated job's windows without its part. */
    void windows(Address from, PartWindows pw, long now) {
        Compression c = compressions.get(pw.conversation());
        if (c.answer(from, pw, now)) {
            compressions.remove(pw.conversation());
        }
    }

    /** Accepts every part of {@code o} (one message each); their owners reserve them as the accepts arrive. */
    void hold(RequestState p, Offer o, Round round, long now) {
        Request r = p.request;
        MultiSiteRules stretch = o.coAllocated() ? mm.rules(r) : null;
        boolean movable = context.rescheduling() == Rescheduling.REBID
                || (context.rescheduling() == Rescheduling.COMPRESS && o.coAllocated());
        // an accept that travels, or follows a clock auction's ticks, may find its nodes promised meanwhile
        boolean follow = (movable || context.latency() > 0 || mm.decidesLater()) && o.startTime() > now;
        List<RequestState.Hold> holds = new ArrayList<>();
        for (OfferPart part : o.parts()) {
            RequestState.Hold h = new RequestState.Hold(((long) mm.index() << 40) | nextHold++, part.machineIndex(),
                    part.domain(), part.placement().start());
            holds.add(h);
            mm.send(h.owner(), new Accept(r, part, h.id, stretch, o.parts().size(), follow,
                    movableFrom(p, part.domain(), now)));
        }
        p.accepted = o;
        p.acceptedAt = now;
        p.holds = holds;
        if (failures) {
            live.put(r.requestId(), p);
        }
        p.reservationSpent += o.reservationCost();
        p.heldUtility = o.coAllocated() ? round.coAllocatedFit.utility() : Valuation.ofOffer(r, o);
        if (movable && o.startTime() > now && !promised.contains(p)) {
            promised.add(p);
        }
        if (follow) {
            holding.put(r.requestId(), p);
        }
    }

    /**
     * From when the owner in {@code domain} may move a reservation accepted now for {@code p} earlier: while a refusal
     * of the last swap's release may still come, the origin would then release the new reservation, and that release
     * must reach its owner before the job starts there (a start comes first in an instant, hence the second more).
     * An offer itself starts late enough for this ({@link MetaManagerAgent#round}); only a compression could start
     * it sooner.
     */
    private long movableFrom(RequestState p, int domain, long now) {
        if (p.swapSettles <= now) {
            return Long.MIN_VALUE;
        }
        return p.swapSettles + context.network().delay(Address.metaManager(mm.index()), domain) + 1;
    }

    /** The instant by which a refusal of a release of {@code holds} sent now has come back, if one comes. */
    private long refusalsBack(List<RequestState.Hold> holds, long now) {
        long back = now;
        for (RequestState.Hold h : holds) {
            back = Math.max(back, now + 2 * context.network().delay(Address.metaManager(mm.index()), h.domain));
        }
        return back;
    }

    /**
     * An owner refused an accept (the nodes were promised to another job while it travelled) or the release of a
     * swapped reservation (its job had started). A refused accept: the request releases the rest of what it accepted
     * and waits for another round (or is rejected, if its search time is over). A refused release: the job keeps the
     * reservation that started, and what the swap accepted is released. Offers start late enough for every refusal
     * and release to arrive before them ({@link MetaManagerAgent}), and until a swap's refusal could have come back
     * neither its owners nor this MetaManager move what it accepted earlier, so nothing released here has started.
     */
    void refused(Refused rf, long now) {
        RequestState p = holding.get(rf.requestId());
        if (p == null) {
            return;
        }
        boolean current = p.holds.stream().anyMatch(h -> h.id == rf.hold());
        boolean old = !current && p.previous != null
                && p.previous.holds().stream().anyMatch(h -> h.id == rf.hold());
        if (!current && !old) {
            return;
        }
        for (RequestState.Hold h : p.holds) {
            if (h.id != rf.hold()) {
                mm.send(h.owner(), new Release(rf.requestId(), h.machine, h.id));
            }
        }
        promised.remove(p);
        if (old) { // the old reservation's job started: it keeps it, whatever the swap since did
            mm.stopWaiting(p);
            if (p.brokenStart != Long.MIN_VALUE) { // the swap's reservation broke: the job had started before it
                context.ledger().promiseBroken(0);
                p.brokenStart = Long.MIN_VALUE;
            }
            p.restorePrevious(now);
            holding.remove(rf.requestId());
            mm.record(p);
            return;
        }
        p.accepted = null;
        p.holds = List.of();
        context.trades().remove(p.request.job().order());
        if (p.previous == null) {
            holding.remove(rf.requestId()); // else a refusal of the old reservation's release may still come
        }
        p.seenVersion = context.changes().version();
        p.refused = true; // its round never saw these schedules: it waits for any change, as before a broker's rule
        mm.waitForChange(p, now);
    }

    /**
     * Compression of co-allocated jobs (SPEC E10): their parts cannot move on one machine alone, so after a change of
     * the schedules the origin asks each machine holding a part for its free node-count windows as if that part were
     * not there, and moves all parts to the earliest common start at which every machine again holds its part, if
     * that is earlier than the promise. With message latency only jobs whose parts are all in this domain move,
     * since moving parts in other domains together would need a commit protocol the market does not model.
     */
    void compressCoAllocated(long now) {
        for (RequestState p : List.copyOf(promised)) {
            if (!p.accepted.coAllocated()) {
                continue;
            }
            long start = p.currentStart();
            if (start <= now) {
                kept(p);
                continue;
            }
            if (p.compressedVersion == context.changes().version() || now < p.swapSettles) {
                continue; // nothing changed; or a refused release could still give the job its old reservation back
            }
            p.compressedVersion = context.changes().version();
            if (context.latency() > 0 && spansDomains(p)) {
                continue;
            }
            Compression c = new Compression(mm, this, p, start, mm.newConversation());
            compressions.put(c.conversation, c);
            long duration = p.accepted.endTime() - p.accepted.startTime();
            for (RequestState.Hold h : p.holds) {
                mm.send(h.owner(), new WindowsWithout(c.conversation, p.request.requestId(), h.machine, h.id,
                        duration, start));
            }
        }
    }

    /**
     * Re-bidding (SPEC E10): after an owner announced idle nodes at this instant, each user of this domain whose
     * job holds a promise but has not started asks the market again if its strategy says so (the thesis' user: if it
     * needs no more nodes than were announced)
     * (a full round, whose messages take their latency); it swaps to the new offer only if that is strictly better
     * by its utility function than what it holds (its start as moved by compression, at its agreed price), and then
     * releases the old reservation.
     */
    void rebid(long now) {
        int idle = idleAt == now ? widestIdle : 0;
        if (idle == 0) {
            return;
        }
        for (RequestState p : List.copyOf(promised)) {
            long start = p.currentStart();
            if (start <= now) {
                kept(p);
                continue;
            }
            if (!p.user.rebids(p.request, p.accepted, idle) || p.seenVersion == context.changes().version()
                    || p.rebidding || now < p.swapSettles || !swappable(p, now)) {
                continue;
            }
            p.seenVersion = context.changes().version();
            p.rebidding = true;
            // ReservationBudget covers every reservation the request makes over its life, swaps included
            mm.round(p, p.request.withReservationBudget(p.request.reservationBudget() - p.reservationSpent), true,
                    now);
        }
    }

    /**
     * Whether a swap could release what the request holds before it starts: with latency, the old reservation must
     * start after the re-bid's round trip and the release's way, and a co-allocated job's parts must all be in this
     * domain (releasing parts in several domains together would need a commit protocol the market does not model).
     */
    private boolean swappable(RequestState p, long now) {
        if (context.latency() == 0) {
            return true;
        }
        if (p.accepted.coAllocated() && spansDomains(p)) {
            return false;
        }
        RequestRouting routing = mm.routing(p.request);
        long lead = context.latency() * routing.deepest(); // the held reservations lie within this reach
        return p.currentStart() > now + lead * (mm.coAllocates(p.request, routing) ? 5 : 3);
    }

    /** The held job has started (or moved to start now): its promise is kept, and nothing more is heard of it. */
    void kept(RequestState p) {
        promised.remove(p);
        holding.remove(p.request.requestId());
    }

    /** Whether some part of the held offer lies in another domain than this MetaManager's. */
    private boolean spansDomains(RequestState p) {
        return p.holds.stream().anyMatch(h -> h.domain != mm.index());
    }

    void rebidDecided(Round round, long now) {
        RequestState p = round.state;
        Request r = round.request;
        List<Offer> offers = round.offers;
        p.rebidding = false;
        Offer held = p.accepted;
        long start = p.currentStart();
        if (held == null || start <= now) { // refused or started while the round's messages travelled
            round.tellLosers(null);
            return;
        }
        long end = start + (held.endTime() - held.startTime());
        double current = Valuation.value(r, held.machineName(), p.heldUtility, start, end, held.jobCost(),
                held.offerCost(), held.reservationCost());
        OfferSelection.Choice choice = mm.clearing().clear(r, offers, p.selection); // offers made just now
        Offer best = choice.best();
        boolean swap = best != null && p.user.swaps(r, choice.charged(), current); // at the price it would pay
        mm.observe(r, offers, swap ? best : null, now);
        if (!swap) {
            round.tellLosers(null);
            mm.record(p);
            return;
        }
        p.keepPrevious();
        List<RequestState.Hold> old = p.holds;
        p.swaps++;
        promised.remove(p);
        p.swapSettles = refusalsBack(old, now);
        // the new nodes are held before the old are released, since a release lets the old owner compress, which must
        // not take the nodes just offered
        hold(p, choice.charged(), round, now);
        round.tellLosers(best);
        for (RequestState.Hold h : old) {
            mm.send(h.owner(), new Release(r.requestId(), h.machine, h.id));
        }
        mm.record(p);
    }
}
