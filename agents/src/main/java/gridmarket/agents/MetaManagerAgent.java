package gridmarket.agents;

import gridmarket.market.CoAllocationMode;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.Trade;
import gridmarket.market.protocol.Accept;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.Lost;
import gridmarket.market.protocol.MachineWindows;
import gridmarket.market.protocol.Message;
import gridmarket.market.protocol.MovePart;
import gridmarket.market.protocol.Moved;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.PartOffer;
import gridmarket.market.protocol.PartWindows;
import gridmarket.market.protocol.PartialRequest;
import gridmarket.market.protocol.Refused;
import gridmarket.market.protocol.Release;
import gridmarket.market.protocol.WindowsWithout;
import gridmarket.market.roles.ClearingRule;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.Rejection;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MetaManager of one domain (SPEC E1, E3, E6, E7, E8, E10): routes its users' requests as {@link Round}s of
 * messages to its own machine owners and to the peer domains within reach, picks the best offer of each round and
 * accepts it, and answers the requests other domains forward to it for all of its machines.
 *
 * <p>It reaches other domains only by messages through the {@link MarketNetwork}, knows them only from the
 * {@link DomainDirectory} and what their answers carry, and answers a forwarded request on its schedules as they
 * are when the request arrives: no global view. A request with no acceptable offer waits; it is tried again at this
 * MetaManager's first step after a change of the schedules ({@link ScheduleChanges}), until its search deadline, and
 * rejected then with the reason.
 */
public final class MetaManagerAgent implements Steppable, MarketNetwork.Agent, Round.Origin {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final String name;
    private final Address address;
    private final List<MachineOwnerAgent> owners;
    private final List<Address> ownOwners;
    private final MarketContext context;
    private final EventClock clock;
    private final ArrayDeque<Request> inbox = new ArrayDeque<>();
    private final List<RequestState> waiting = new ArrayList<>();
    /** Held offers that may still move earlier (co-allocated ones) or be swapped (re-bidding), in the order held. */
    private final List<RequestState> promised = new ArrayList<>();
    /** Requests holding an offer whose owners may still write to this MetaManager about it, by request id. */
    private final Map<Long, RequestState> holding = new HashMap<>();
    private final Map<Long, Object> conversations = new HashMap<>();
    private final Set<Long> plannedSteps = new HashSet<>();
    private Request lastRequest;
    private List<Offer> lastOffers = List.of();
    private Offer lastWinner;
    private MarketObserver observer;
    private ClearingRule clearing;
    private long nextOfferId;
    private long nextConversation;
    private long nextHold;

    MetaManagerAgent(int index, String name, List<MachineOwnerAgent> owners, MarketContext context) {
        this.index = index;
        this.name = name;
        this.address = Address.metaManager(index);
        this.owners = List.copyOf(owners);
        this.ownOwners = owners.stream().map(o -> Address.owner(o.index(), index)).toList();
        this.context = context;
        this.clock = context.clock();
    }

    /**
     * @param clearing which offer a round's request takes
     * @param observer watches each round's decision, or {@code null}
     */
    void connect(ClearingRule clearing, MarketObserver observer) {
        this.clearing = clearing;
        this.observer = observer;
    }

    @Override
    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** The most recent request decided, or {@code null}; for displays. */
    public Request lastRequest() {
        return lastRequest;
    }

    /** The offers of the most recent round, best first; for displays. */
    public List<Offer> lastOffers() {
        return lastOffers;
    }

    /** The accepted offer of the most recent round, or {@code null}. */
    public Offer lastWinner() {
        return lastWinner;
    }

    /** Requests still searching. */
    public int waiting() {
        return waiting.size();
    }

    /** Plans a step at {@code time} (the submit time of an expected request, a schedule change, a delivery). */
    void planStep(long time) {
        if (plannedSteps.add(time)) {
            clock.at(time, Orderings.MARKET + index, this);
        }
    }

    /** A user agent's request, handled in this instant's step. */
    void receive(Request r) {
        inbox.add(r);
    }

    @Override
    public List<Address> ownOwners() {
        return ownOwners;
    }

    @Override
    public void send(Address to, Message m) {
        context.network().send(address, to, m);
    }

    @Override
    public long nextOfferId() {
        return nextOfferId++;
    }

    @Override
    public void step(SimState state) {
        long now = clock.now();
        plannedSteps.remove(now);
        // Requests that waited come first: they came earlier. A request is tried again only if the schedules changed
        // since its last round; it is taken before this instant's messages, so a decision that fails now waits.
        List<RequestState> retry = new ArrayList<>();
        for (Iterator<RequestState> it = waiting.iterator(); it.hasNext(); ) {
            RequestState p = it.next();
            if (now >= p.request.searchDeadline()) {
                it.remove();
                reject(p, Rejections.searchEnded(p));
            } else if (p.seenVersion != context.changes().version()) {
                it.remove();
                retry.add(p);
            }
        }
        context.network().deliverDue(index, now);
        for (RequestState p : retry) {
            round(p, p.request, false, now);
        }
        while (!inbox.isEmpty()) {
            round(new RequestState(inbox.poll()), null, false, now);
        }
        if (context.rescheduling() != Rescheduling.NONE) {
            compressCoAllocated(now);
        }
        if (context.rescheduling() == Rescheduling.REBID) {
            rebid(now);
        }
    }

    private MultiSiteRules rules(Request r) {
        return new MultiSiteRules(context.overhead(), Math.max(1, r.minMultiSite()), r.maxMultiSite());
    }

    private boolean mayCoAllocate(Request r) {
        return r.maxMultiSite() != 1 && context.coAllocation() != CoAllocationMode.OFF;
    }

    /**
     * Starts a round for a request ({@code asked}: the request as sent, {@code null} for the user's own). Offers are
     * asked for starts no earlier than the accepts can reach their owners: one round trip to the deepest domain
     * reached for the offers, one more for the parts of a co-allocation, and the way there for the accept.
     */
    private void round(RequestState p, Request asked, boolean rebid, long now) {
        Request r = asked == null ? p.request : asked;
        if (!rebid) {
            p.attempts++;
            p.seenVersion = context.changes().version();
        }
        RequestRouting routing = RequestRouting.of(context.directory(), index, r.hops(), context.useDirectory(),
                r.numberOfProcessors());
        boolean co = mayCoAllocate(r) && (context.coAllocation() == CoAllocationMode.ALWAYS
                || routing.widest() < r.numberOfProcessors());
        long lead = context.latency() * routing.deepest();
        long earliest = now + lead * (co ? 5 : 3);
        if (earliest > r.startTime()) {
            r = r.withStartTime(earliest); // nothing can start before the user has chosen and the owner heard it
        }
        Round round = new Round(this, p, r, routing, rebid, nextConversation++, co, rules(r));
        conversations.put(round.conversation, round);
        round.start();
    }

    @Override
    public void offersIn(Round round, long now) {
        conversations.remove(round.conversation);
        if (round.rebid) {
            rebidDecided(round, now);
        } else {
            decide(round, now);
        }
    }

    @Override
    public void receive(Address from, Message m, long now) {
        if (m instanceof CallForOffers c) {
            answerForDomain(from, c, now);
        } else if (m instanceof PartialRequest pr) {
            windowsForDomain(from, pr, now);
        } else if (m instanceof Offers o) {
            ((Round) conversations.get(o.conversation())).answer(from, m, now);
        } else if (m instanceof FreeWindows w) {
            ((Round) conversations.get(w.conversation())).answer(from, m, now);
        } else if (m instanceof PartOffer po) {
            ((Round) conversations.get(po.conversation())).answer(from, m, now);
        } else if (m instanceof PartWindows pw) {
            ((Compression) conversations.get(pw.conversation())).answer(from, pw, now);
        } else if (m instanceof Moved mv) {
            RequestState p = holding.get(mv.requestId());
            if (p != null) {
                p.holds.stream().filter(h -> h.id == mv.hold()).forEach(h -> h.start = mv.start());
            }
        } else if (m instanceof Refused rf) {
            refused(rf, now);
        } else {
            throw new IllegalStateException(name + " cannot handle " + m);
        }
    }

    private void decide(Round round, long now) {
        RequestState p = round.state;
        Request r = round.request;
        List<Offer> offers = round.offers;
        // An offer whose nodes were promised meanwhile is refused by its owner when accepted.
        OfferSelection.Choice choice = now > r.searchDeadline() ? new OfferSelection.Choice(null, false, false)
                : clearing.clear(r, offers, p.selection);
        Offer best = choice.best();
        lastRequest = r;
        lastOffers = offers.stream().sorted(Offer.BEST_FIRST).toList();
        lastWinner = best;
        if (observer != null) {
            observer.decided(this, r, lastOffers, best, now);
        }
        if (best != null) {
            hold(p, best, round, now);
            tellLosers(offers, best);
            record(p);
            return;
        }
        tellLosers(offers, null);
        p.overBudget |= choice.unaffordable();
        Rejection reason = Rejections.afterRound(p, r, round.routing, mayCoAllocate(r), rules(r), now);
        if (reason != null) {
            reject(p, reason);
            return;
        }
        waitForChange(p);
    }

    private void waitForChange(RequestState p) {
        waiting.add(p);
        if (p.request.searchDeadline() != Long.MAX_VALUE) {
            planStep(p.request.searchDeadline()); // to give up on time if the schedules do not change before
        }
    }

    /**
     * Every offer of a round but the one taken goes back to its owner as lost: one message per offer, as the thesis
     * counts one release per offer received. A co-allocated offer's loss goes to its first part's owner only: the
     * parts were asked for by this MetaManager at its chosen start, and held nothing.
     */
    private void tellLosers(List<Offer> offers, Offer taken) {
        for (Offer o : offers) {
            if (o != taken) {
                OfferPart part = o.parts().get(0);
                send(Address.owner(part.machineIndex(), part.domain()), new Lost(o.requestId(), part));
            }
        }
    }

    /** Accepts every part of {@code o} (one message each); their owners reserve them as the accepts arrive. */
    private void hold(RequestState p, Offer o, Round round, long now) {
        Request r = p.request;
        MultiSiteRules stretch = o.coAllocated() ? rules(r) : null;
        List<RequestState.Hold> holds = new ArrayList<>();
        for (OfferPart part : o.parts()) {
            RequestState.Hold h = new RequestState.Hold(((long) index << 40) | nextHold++, part.machineIndex(),
                    part.domain(), part.placement().start());
            holds.add(h);
            send(h.owner(), new Accept(r, part, h.id, stretch, o.parts().size()));
        }
        p.accepted = o;
        p.holds = holds;
        p.heldUtility = o.coAllocated() ? round.coAllocatedFit.utility() : Valuation.ofOffer(r, o);
        boolean movable = context.rescheduling() == Rescheduling.REBID
                || (context.rescheduling() == Rescheduling.COMPRESS && o.coAllocated());
        if (movable && o.startTime() > now && !promised.contains(p)) {
            promised.add(p);
        }
        if ((movable || context.latency() > 0) && o.startTime() > now) {
            holding.put(r.requestId(), p);
        }
    }

    /**
     * An owner refused an accept (the nodes were promised to another job while it travelled) or the release of a
     * swapped reservation (its job had started): the request gives up what it holds now and waits for another round,
     * or, for a refused release, keeps the reservation that started and releases the new one.
     */
    private void refused(Refused rf, long now) {
        RequestState p = holding.get(rf.requestId());
        if (p == null) {
            return;
        }
        boolean current = p.holds.stream().anyMatch(h -> h.id == rf.hold());
        for (RequestState.Hold h : p.holds) {
            if (h.id != rf.hold()) {
                send(h.owner(), new Release(rf.requestId(), h.machine, h.id));
            }
        }
        promised.remove(p);
        holding.remove(rf.requestId());
        if (current) {
            p.accepted = null;
            p.holds = List.of();
            context.trades().remove(p.request.job().order());
            p.seenVersion = context.changes().version();
            waitForChange(p);
        } else if (p.previous != null) {
            p.restorePrevious(now); // the old reservation started: the job keeps it
            record(p);
        }
    }

    /**
     * Compression of co-allocated jobs (SPEC E10): their parts cannot move on one machine alone, so after a change of
     * the schedules the origin asks each machine holding a part for its free node-count windows as if that part were
     * not there, and moves all parts to the earliest common start at which every machine again holds its part, if
     * that is earlier than the promise. With message latency only jobs whose parts are all in this domain move,
     * since moving parts in other domains together would need a commit protocol the market does not model.
     */
    private void compressCoAllocated(long now) {
        for (RequestState p : List.copyOf(promised)) {
            if (!p.accepted.coAllocated()) {
                continue;
            }
            long start = p.currentStart();
            if (start <= now) {
                promised.remove(p);
                holding.remove(p.request.requestId());
                continue;
            }
            if (p.compressedVersion == context.changes().version()) {
                continue;
            }
            p.compressedVersion = context.changes().version();
            if (context.latency() > 0 && p.holds.stream().anyMatch(h -> h.domain != index)) {
                continue;
            }
            Compression c = new Compression(p, start, nextConversation++);
            conversations.put(c.conversation, c);
            long duration = p.accepted.endTime() - p.accepted.startTime();
            for (RequestState.Hold h : p.holds) {
                send(h.owner(), new WindowsWithout(c.conversation, p.request.requestId(), h.machine, h.id,
                        duration));
            }
        }
    }

    /** The windows a co-allocated job's machines answered, and the move of its parts when all are in. */
    private final class Compression {
        final RequestState p;
        final long start;
        final long conversation;
        final FreeNodeWindows[] windows;
        int awaiting;

        Compression(RequestState p, long start, long conversation) {
            this.p = p;
            this.start = start;
            this.conversation = conversation;
            this.windows = new FreeNodeWindows[p.holds.size()];
            this.awaiting = windows.length;
        }

        void answer(Address from, PartWindows pw, long now) {
            for (int i = 0; i < p.holds.size(); i++) {
                if (p.holds.get(i).owner().equals(from)) {
                    windows[i] = pw.windows();
                }
            }
            if (--awaiting > 0) {
                return;
            }
            conversations.remove(conversation);
            int k = windows.length;
            int[] nodes = new int[k];
            for (int i = 0; i < k; i++) {
                if (windows[i] == null) {
                    record(p); // a part started or is gone: nothing moves
                    return;
                }
                nodes[i] = p.accepted.parts().get(i).placement().nodes().length;
            }
            long earlier = gridmarket.market.CoAllocationPlanner.earliestCommonStart(windows, nodes, now, start);
            if (earlier < start) {
                for (RequestState.Hold h : p.holds) {
                    send(h.owner(), new MovePart(p.request.requestId(), h.machine, h.id, earlier));
                    h.start = earlier;
                }
                if (earlier == now) {
                    promised.remove(p);
                    holding.remove(p.request.requestId());
                }
            }
            record(p); // the windows asked for count even when nothing moved
        }
    }

    /**
     * Re-bidding (SPEC E10): after an owner announced idle nodes at this instant, each user of this domain whose
     * job holds a promise but has not started, and needs no more nodes than were announced, asks the market again
     * (a full round, whose messages take their latency); it swaps to the new offer only if that is strictly better
     * by its utility function than what it holds (its start as moved by compression, at its agreed price), and then
     * releases the old reservation.
     */
    private void rebid(long now) {
        int idle = context.changes().widestIdleAt(now);
        if (idle == 0) {
            return;
        }
        for (RequestState p : List.copyOf(promised)) {
            long start = p.currentStart();
            if (start <= now) {
                promised.remove(p); // started: the promise is kept
                holding.remove(p.request.requestId());
                continue;
            }
            int need = p.accepted.coAllocated() ? 1 : p.request.numberOfProcessors();
            if (idle < need || p.seenVersion == context.changes().version() || p.rebidding) {
                continue;
            }
            p.seenVersion = context.changes().version();
            p.rebidding = true;
            round(p, p.request.withStartTime(Math.max(now, p.request.startTime())), true, now);
        }
    }

    private void rebidDecided(Round round, long now) {
        RequestState p = round.state;
        Request r = round.request;
        List<Offer> offers = round.offers;
        p.rebidding = false;
        Offer held = p.accepted;
        long start = p.currentStart();
        if (held == null || start <= now) { // refused or started while the round's messages travelled
            tellLosers(offers, null);
            return;
        }
        long end = start + (held.endTime() - held.startTime());
        double current = Valuation.value(r, held.machineName(), p.heldUtility, start, end, held.jobCost(),
                held.offerCost(), held.reservationCost());
        OfferSelection.Choice choice = p.selection.choose(offers, r, o -> true); // offers made just now
        Offer best = choice.best();
        if (best == null || !(best.utilityValue() > current)) {
            tellLosers(offers, null);
            record(p);
            return;
        }
        p.keepPrevious();
        List<RequestState.Hold> old = p.holds;
        p.swaps++;
        promised.remove(p);
        hold(p, best, round, now); // the new nodes are held before the old are released, since a release lets the
        // old owner compress, which must not take the nodes just offered
        tellLosers(offers, best);
        for (RequestState.Hold h : old) {
            send(h.owner(), new Release(r.requestId(), h.machine, h.id));
        }
        record(p);
    }

    /**
     * Writes the trade of a request that holds an offer, with its counts as they are now: called again after every
     * later message for it (a re-bid, the release of a swapped reservation, a co-allocated job moved up).
     */
    private void record(RequestState p) {
        Request r = p.request;
        context.trades().put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers,
                context.network().messages(r.requestId()), p.accepted, p.accepted.startTime(), p.swaps));
    }

    private void reject(RequestState p, Rejection reason) {
        Request r = p.request;
        context.ledger().rejected(r.job(), reason.reason(), reason.detail());
        context.trades().put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers,
                context.network().messages(r.requestId()), null, null, p.swaps));
        context.network().forget(r.requestId());
    }

    /** Rejects every request still waiting; called when the simulation has no events left. */
    void giveUp() {
        for (RequestState p : waiting) {
            reject(p, Rejections.simulationEnded());
        }
        waiting.clear();
    }

    // What this domain answers for requests forwarded from other domains: one answer for all its machines.

    private void answerForDomain(Address from, CallForOffers c, long now) {
        List<Offer> out = new ArrayList<>();
        boolean overBudget = false;
        boolean suited = false;
        for (MachineOwnerAgent owner : owners) {
            MachineOwnerAgent.Answer a = owner.offers(c.request(), now);
            out.addAll(a.offers());
            overBudget |= a.overBudget();
            suited |= a.suited();
        }
        send(from, new Offers(c.conversation(), c.requestId(), out, overBudget, suited));
    }

    private void windowsForDomain(Address from, PartialRequest pr, long now) {
        List<MachineWindows> out = new ArrayList<>();
        for (MachineOwnerAgent owner : owners) {
            out.add(owner.windows(pr.request(), pr.rules(), now));
        }
        send(from, new FreeWindows(pr.conversation(), pr.requestId(), out));
    }
}
