package gridmarket.agents;

import gridmarket.market.CoAllocationMode;
import gridmarket.market.FreeCapacity;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.protocol.Broken;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.CapacityFreed;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.IdleNodes;
import gridmarket.market.protocol.Killed;
import gridmarket.market.protocol.Lost;
import gridmarket.market.protocol.Message;
import gridmarket.market.protocol.Moved;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.PartOffer;
import gridmarket.market.protocol.PartWindows;
import gridmarket.market.protocol.PartialRequest;
import gridmarket.market.protocol.Refused;
import gridmarket.market.roles.ClearingRule;
import gridmarket.market.roles.UserStrategy;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.result.Rejection;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The MetaManager of one domain (SPEC E1, E3, E6, E7, E8, E10): routes its users' requests as {@link Round}s of
 * messages to its own machine owners and to the peer domains within reach, picks the best offer of each round and
 * accepts it, and answers the requests other domains forward to it for all of its machines.
 *
 * <p>It reaches other domains only by messages through the {@link MarketNetwork}, knows them only from the
 * {@link DomainDirectory} and what their answers carry, and answers a forwarded request on its schedules as they
 * are when the request arrives: no global view. A request with no acceptable offer waits; it is tried again at this
 * MetaManager's first step after a change of the schedules ({@link ScheduleChanges}), until its search deadline, and
 * rejected then with the reason. While its domain is down ({@link DomainOutages}) it does nothing; a round of its that
 * lost a message times out and asks again without the domains that did not answer.
 */
public final class MetaManagerAgent implements Steppable, MarketNetwork.Agent, Round.Origin {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final String name;
    private final Address address;
    private final DomainAnswers answers;
    private final List<Address> ownOwners;
    private final MarketContext context;
    private final EventClock clock;
    private final ArrayDeque<RequestState> inbox = new ArrayDeque<>();
    /** Requests whose job a failure killed or whose offer it broke, to be asked again in this instant's step. */
    private final ArrayDeque<RequestState> restarts = new ArrayDeque<>();
    private final WaitingRequests waiting = new WaitingRequests();
    private final Promises promises;
    private final Map<Long, Round> rounds = new HashMap<>();
    /** The routing of each hop count requests came with (without the directory service, the same for every width). */
    private final Map<Integer, RequestRouting> routings = new HashMap<>();
    private final Set<Long> plannedSteps = new HashSet<>();
    private MarketObserver observer;
    private ClearingRule clearing;
    /** The rounds' clock auctions, if the clearing rule is one; else {@code null}. */
    private AuctionClocks clocks;
    private long nextOfferId;
    private long nextConversation;
    /** Routing by capacity: what other domains announced of their capacity, and who holds this one's. */
    private final KnownCapacities capacities;
    private final List<MachineOwnerAgent> owners;
    private final Map<Integer, MachineOwnerAgent> ownerOf = new HashMap<>();
    /** The run's domain outages, or {@code null} (this MetaManager is always reachable). */
    private DomainOutages outages;
    /** Rounds that lost an ask or an answer: conversation to its timeout (phase, time, whether this one was down). */
    private final Map<Long, RoundTimeout> timeouts = new HashMap<>();
    private final TreeMap<Long, List<Long>> timeoutsAt = new TreeMap<>();

    /** A lost message's round gives up on the missing answers at {@code at}, if it is still at that phase. */
    private record RoundTimeout(int phase, long at, boolean here) {
    }

    MetaManagerAgent(int index, String name, List<MachineOwnerAgent> owners, MarketContext context) {
        this.index = index;
        this.name = name;
        this.address = Address.metaManager(index);
        this.answers = new DomainAnswers(owners);
        this.ownOwners = owners.stream().map(o -> Address.owner(o.index(), index)).toList();
        this.context = context;
        this.clock = context.clock();
        this.promises = new Promises(this, context);
        this.owners = List.copyOf(owners);
        owners.forEach(o -> ownerOf.put(o.index(), o));
        this.capacities = new KnownCapacities(context.directory().size());
        if (context.routing() != null) {
            owners.forEach(o -> o.onCapacityFreed(this::capacityFreed));
        }
    }

    /** Capacity was freed on one of this domain's machines: whoever holds its capacity is told, once. */
    private void capacityFreed() {
        List<Integer> holders = capacities.takeHolders();
        context.routing().noticesSent(holders.size());
        for (int d : holders) {
            send(Address.metaManager(d), new CapacityFreed(index));
        }
    }

    @Override
    public CapacityRouting capacityRouting() {
        return context.routing();
    }

    @Override
    public long earliestPossible(Address target, Request r) {
        if (target.domain() == index) { // an own machine: its schedule is this domain's own business
            MachineOwnerAgent owner = ownerOf.get(target.index());
            return FreeCapacity.of(List.of(owner.schedule()), clock.now())
                    .earliestFree(r.numberOfProcessors(), r.startTime());
        }
        return capacities.earliestFree(target.domain(), r.numberOfProcessors(), r.startTime());
    }

    /** The clearing rule of this MetaManager's rounds, re-bids included. */
    ClearingRule clearing() {
        return clearing;
    }

    /** Shows the observer, if any, a round's decision: its offers best first and the one taken, or {@code null}. */
    void observe(Request r, List<Offer> offers, Offer taken, long now) {
        if (observer != null) {
            observer.decided(this, r, offers.stream().sorted(Offer.BEST_FIRST).toList(), taken, now);
        }
    }

    /**
     * @param clearing which offer a round's request takes
     * @param observer watches each round's decision, or {@code null}
     */
    void connect(ClearingRule clearing, MarketObserver observer) {
        this.clearing = clearing;
        this.observer = observer;
        this.clocks = AuctionClocks.of(clearing, context.network());
    }

    @Override
    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** Requests still searching. */
    public int waiting() {
        return waiting.size();
    }

    /**
     * The requests waiting for another round, in the order they will be tried (a double auction's open bids, highest
     * first); for a display, which must not change them.
     */
    public List<Request> openBids() {
        List<Request> open = new ArrayList<>(waiting.requests());
        Comparator<Request> order = clearing.waitingOrder();
        if (order != null) {
            open.sort(order);
        }
        return open;
    }

    /** Requests still searching or about to search again after a failure. */
    int pending() {
        return waiting.size() + restarts.size();
    }

    /** Domains may be unreachable in this run (docs/FAILURES.md, "Domain outages"). */
    void outages(DomainOutages outages) {
        this.outages = outages;
    }

    /**
     * A message of one of this MetaManager's rounds was lost ({@code here}: an answer to this MetaManager while it
     * was unreachable; otherwise an ask to an unreachable domain): the round waits for the missing answers until a
     * round trip to its deepest hop plus the outage timeout after it sent the asks under way, then goes on without
     * them.
     */
    void roundLost(long conversation, boolean here) {
        Round round = rounds.get(conversation);
        if (round == null) {
            return;
        }
        RoundTimeout armed = timeouts.get(conversation);
        if (armed != null && armed.phase() == round.phase()) {
            if (here && !armed.here()) {
                timeouts.put(conversation, new RoundTimeout(armed.phase(), armed.at(), true));
            }
            return;
        }
        long at = round.phaseStart() + 2 * context.latency() * round.routing.deepest() + outages.timeout();
        timeouts.put(conversation, new RoundTimeout(round.phase(), at, here));
        timeoutsAt.computeIfAbsent(at, t -> new ArrayList<>()).add(conversation);
        planStep(at);
    }

    /**
     * The rounds whose lost answers timed out by now: each is given up, and its request asks again at once without
     * the domains that did not answer (all of them, if the answers were lost because this MetaManager was
     * unreachable); a re-bid's round just ends, and the request keeps what it holds.
     */
    private void timeOut(long now) {
        while (!timeoutsAt.isEmpty() && timeoutsAt.firstKey() <= now) {
            for (long conversation : timeoutsAt.pollFirstEntry().getValue()) {
                RoundTimeout armed = timeouts.get(conversation);
                Round round = rounds.get(conversation);
                if (armed == null || armed.at() > now) {
                    continue; // a later phase's timeout, planned on its own
                }
                timeouts.remove(conversation);
                if (round == null || round.phase() != armed.phase()) {
                    continue;
                }
                rounds.remove(conversation);
                outages.roundTimedOut();
                Set<Integer> silent = round.abandon();
                RequestState p = round.state;
                if (round.rebid) {
                    p.rebidding = false;
                    if (p.accepted != null) { // still held (not refused, killed or broken meanwhile)
                        record(p);
                    }
                } else if (p.accepted != null) { // a swap's refused release gave it back its reservation
                    record(p);
                } else {
                    round(p, p.request, false, now, armed.here() ? Set.of() : silent);
                }
            }
        }
    }

    /** Node failures may happen in this run: this MetaManager follows its requests until their jobs are done. */
    void watchFailures() {
        promises.watchFailures();
    }

    /** A request asks again after a failure, in this MetaManager's step (planned at every failure ahead). */
    void restart(RequestState p) {
        restarts.add(p);
    }

    /** Plans a step at {@code time} (the submit time of an expected request, a schedule change, a delivery). */
    void planStep(long time) {
        if (plannedSteps.add(time)) {
            clock.at(time, Orderings.MARKET + index, this);
        }
    }

    /**
     * A job will end at {@code end}, a change of the schedules: this MetaManager steps then if that can matter to it
     * (a request waits for a change, or a held offer may still move or be swapped). Otherwise the step would do
     * nothing, and it is left out: with many domains those steps were most of a run's events.
     */
    void changeAhead(long end) {
        if (mindsChanges()) {
            planStep(end);
        }
    }

    private boolean mindsChanges() {
        return waiting.size() > 0 || promises.anyPromised();
    }

    /** From now on every change matters to this MetaManager: a step at the next job end anywhere, then the next. */
    private void followChanges(long now) {
        if (mindsChanges()) {
            Long next = context.changes().nextEndAfter(now);
            if (next != null) {
                planStep(next);
            }
        }
    }

    /** A user's request, handled in this instant's step; the user decides on its re-bids. */
    void receive(Request r, UserStrategy user) {
        inbox.add(new RequestState(r, user));
        long now = clock.now();
        if (outages != null && outages.down(index, now)) { // it waits in the inbox until this MetaManager is back
            outages.delayed(now, outages.backAt(index, now));
        }
    }

    @Override
    public List<Address> ownOwners() {
        return ownOwners;
    }

    @Override
    public void send(Address to, Message m) {
        context.network().send(address, to, m);
    }

    long newConversation() {
        return nextConversation++;
    }

    @Override
    public long nextOfferId() {
        return nextOfferId++;
    }

    @Override
    public void step(SimState state) {
        long now = clock.now();
        plannedSteps.remove(now);
        if (outages != null && outages.down(index, now)) { // unreachable: nothing is done until it is back
            planStep(outages.backAt(index, now));
            return;
        }
        // Requests that waited come first: they came earlier. A request is tried again only if the schedules changed
        // since its last round; it is taken before this instant's messages, so a decision that fails now waits.
        List<RequestState> retry = waiting.due(now, context.changes(),
                p -> reject(p, Rejections.searchEnded(p)), p -> reject(p, Rejections.deadlineUnreachable(p)));
        Comparator<Request> order = clearing.waitingOrder();
        if (order != null) { // a double auction's book: the highest bid first
            retry.sort(Comparator.comparing((RequestState p) -> p.request, order));
        }
        context.network().deliverDue(index, now);
        if (clocks != null) {
            clocks.decideDue(now);
        }
        if (outages != null) {
            timeOut(now);
        }
        for (RequestState p : retry) {
            round(p, p.request, false, now);
        }
        while (!restarts.isEmpty()) {
            RequestState p = restarts.poll();
            round(p, p.request, false, now);
        }
        while (!inbox.isEmpty()) {
            RequestState p = inbox.poll();
            round(p, p.request, false, now);
        }
        if (context.rescheduling() != Rescheduling.NONE) {
            promises.compressCoAllocated(now);
        }
        if (context.rescheduling() == Rescheduling.REBID) {
            promises.rebid(now);
        }
        followChanges(now);
    }

    MultiSiteRules rules(Request r) {
        return new MultiSiteRules(context.overhead(), Math.max(1, r.minMultiSite()), r.maxMultiSite());
    }

    private boolean mayCoAllocate(Request r) {
        return r.maxMultiSite() != 1 && context.coAllocation() != CoAllocationMode.OFF;
    }

    /**
     * Starts a round for a request ({@code asked}: the request as sent, the user's own or a re-bid's). Offers are
     * asked for starts no earlier than the round's answers, the accepts, a refusal and the releases it causes can all
     * have travelled, and never before now.
     */
    void round(RequestState p, Request asked, boolean rebid, long now) {
        round(p, asked, rebid, now, Set.of());
    }

    /** As {@link #round(RequestState, Request, boolean, long)}, asking no domain of {@code silent}. */
    private void round(RequestState p, Request asked, boolean rebid, long now, Set<Integer> silent) {
        Request r = asked;
        if (!rebid) {
            p.attempts++;
            p.seenVersion = context.changes().version();
            p.seenFreed = context.changes().freedVersion();
            p.nextRound = r.endTime() == Long.MAX_VALUE ? now : now + Math.max(1, (r.endTime() - r.job().submit()) / 4);
        }
        RequestRouting routing = silent.isEmpty() ? routing(r) : routing(r).without(silent);
        boolean co = coAllocates(r, routing);
        if (!rebid) {
            p.coAllocating = co;
        }
        long lead = context.latency() * routing.deepest();
        // Nothing starts before the user has chosen (one round trip, two with a co-allocation's parts), the accepts
        // have reached their owners, a refusal has come back and the releases it causes have arrived, a second later
        // than that: a reservation due at the instant a message arrives starts first. So a job never starts on part
        // of what it accepted.
        long earliest = now + lead * (co ? 7 : 5) + (lead > 0 ? 1 : 0) + auctionSpan(lead);
        if (earliest > r.startTime()) {
            r = r.withStartTime(earliest);
        }
        CapacityRouting byCapacity = context.routing();
        boolean routed = byCapacity != null && !co && byCapacity.routes(r, clearing);
        if (byCapacity != null && !routed) {
            byCapacity.askedAll();
        }
        Round round = new Round(this, p, r, routing, rebid, newConversation(), co, rules(r), routed);
        rounds.put(round.conversation, round);
        round.start(now);
    }

    /** Whether rounds are decided after their offers came in (a clock auction's ticks): offers may go stale. */
    boolean decidesLater() {
        return clocks != null;
    }

    /**
     * The longest a round's clock auction can last, and a second (0 without one, or for ticks that take no time, which
     * decide at once): its offers start after it. A decision at the last tick that fell on its offer's start accepted
     * a placement due that instant, which the owner could no longer hold and whose refusal nobody followed: the job
     * was traded and never ran.
     */
    private long auctionSpan(long lead) {
        long longest = clocks == null ? 0 : clocks.longest(lead);
        return longest == 0 ? 0 : longest + 1;
    }

    /** The domains a request reaches from this one. */
    RequestRouting routing(Request r) {
        if (context.useDirectory()) { // who is asked depends on the request's width
            return RequestRouting.of(context.directory(), index, r.hops(), true, r.numberOfProcessors());
        }
        // the directory never changes, so neither does the routing of a hop count: made once, not per request
        return routings.computeIfAbsent(r.hops(), h -> RequestRouting.of(context.directory(), index, h, false,
                r.numberOfProcessors()));
    }

    /** Whether a round for {@code r} builds a co-allocated offer. */
    boolean coAllocates(Request r, RequestRouting routing) {
        return mayCoAllocate(r) && (context.coAllocation() == CoAllocationMode.ALWAYS
                || routing.widest() < r.numberOfProcessors());
    }

    @Override
    public void offersIn(Round round, long now) {
        rounds.remove(round.conversation);
        if (round.rebid) {
            promises.rebidDecided(round, now);
        } else {
            decide(round, now);
        }
    }

    @Override
    public void receive(Address from, Message m, long now) {
        if (m instanceof CallForOffers c) {
            Offers o = answers.offers(c, now);
            if (context.routing() != null) {
                capacities.toldTo(from.domain());
                o = new Offers(o.conversation(), o.requestId(), o.offers(), o.overBudget(), o.suited(),
                        FreeCapacity.of(owners.stream().map(MachineOwnerAgent::schedule).toList(), now));
            }
            send(from, o);
        } else if (m instanceof PartialRequest pr) {
            send(from, answers.windows(pr, now));
        } else if (m instanceof Offers o) {
            if (o.capacity() != null) {
                capacities.heard(from.domain(), o.capacity());
            }
            rounds.get(o.conversation()).answer(from, m, now);
        } else if (m instanceof FreeWindows w) {
            rounds.get(w.conversation()).answer(from, m, now);
        } else if (m instanceof PartOffer po) {
            rounds.get(po.conversation()).answer(from, m, now);
        } else if (m instanceof PartWindows pw) {
            promises.windows(from, pw, now);
        } else if (m instanceof Moved mv) {
            promises.moved(mv);
        } else if (m instanceof Refused rf) {
            promises.refused(rf, now);
        } else if (m instanceof IdleNodes idle) {
            promises.idleHeard(idle.nodes(), now);
        } else if (m instanceof Killed k) {
            promises.killed(k, now);
        } else if (m instanceof Broken b) {
            promises.broken(b, now);
        } else if (m instanceof CapacityFreed f) {
            capacities.freed(f.domain());
        } else {
            throw new IllegalStateException(name + " cannot handle " + m);
        }
    }

    private void decide(Round round, long now) {
        RequestState p = round.state;
        Request r = round.request;
        List<Offer> offers = round.offers;
        if (p.accepted != null) { // a swap's refused release gave it back its reservation while this round ran
            round.tellLosers(null);
            return;
        }
        // An offer whose nodes were promised meanwhile is refused by its owner when accepted.
        if (now > r.searchDeadline()) {
            settle(round, new OfferSelection.Choice(null, false, false), now);
        } else if (clocks != null && clocks.auctions(r)) { // decided when the auction's ticks are over
            clocks.auction(round, context.latency() * round.routing.deepest(), now, this::planStep,
                    choice -> settleAuction(round, choice, now, clock.now()));
        } else {
            settle(round, clearing.clear(r, offers, p.selection), now);
        }
    }

    /**
     * A clock auction's decision, which came at {@code now} for a round whose offers came in at {@code began}. A clock
     * whose ticks ended while this MetaManager was unreachable decides when it is back, at or after its winner's
     * start: that placement is gone (an accept for it would be refused, and a refusal due at once goes unheard), so
     * the request asks again at once, as a round that timed out does.
     */
    private void settleAuction(Round round, OfferSelection.Choice choice, long began, long now) {
        if (now > began && choice.best() != null && choice.best().startTime() <= now
                && round.state.accepted == null) {
            round.tellLosers(null);
            round(round.state, round.state.request, false, now);
            return;
        }
        settle(round, choice, now);
    }

    private void settle(Round round, OfferSelection.Choice choice, long now) {
        RequestState p = round.state;
        Request r = round.request;
        List<Offer> offers = round.offers;
        if (p.accepted != null) { // a swap's refused release gave it back its reservation while the auction ran
            round.tellLosers(null);
            return;
        }
        Offer best = choice.best();
        observe(r, offers, best, now);
        if (best != null) {
            promises.hold(p, choice.charged(), round, now); // at the price the rule charges (second price: lower)
            round.tellLosers(best);
            record(p);
            return;
        }
        round.tellLosers(null);
        p.overBudget |= choice.unaffordable();
        Rejection reason = Rejections.afterRound(p, round, mayCoAllocate(r), rules(r), now);
        if (reason != null) {
            reject(p, reason);
            return;
        }
        waitForChange(p, now);
    }

    /** The request waits for a change of the schedules; one whose search time is over is rejected instead. */
    void waitForChange(RequestState p, long now) {
        if (now >= p.request.searchDeadline()) {
            reject(p, Rejections.searchEnded(p));
            return;
        }
        p.latestRound = p.waitsAsBroker() ? latestRound(p.request) : Long.MAX_VALUE;
        if (now > p.latestRound) {
            reject(p, Rejections.deadlineUnreachable(p));
            return;
        }
        waiting.add(p);
        followChanges(now);
        long giveUp = Math.min(p.request.searchDeadline(), p.latestRound == Long.MAX_VALUE ? Long.MAX_VALUE
                : p.latestRound + 1);
        if (giveUp != Long.MAX_VALUE && giveUp > now) {
            planStep(giveUp); // to give up on time if the schedules do not change before
        }
    }

    /**
     * The last instant at which a round can still offer {@code r} a placement that ends by its deadline: one whose
     * earliest start (after the round's messages, see {@link #round}) plus the shortest run any machine can plan
     * still ends by then; {@link Long#MAX_VALUE} for a request without a deadline.
     */
    private long latestRound(Request r) {
        if (r.endTime() == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long lead = context.latency() * routing(r).deepest();
        return r.endTime() - context.changes().shortestRun(r) - lead * 5 - auctionSpan(lead);
    }

    /** The request no longer waits (it keeps an offer after all). */
    void stopWaiting(RequestState p) {
        waiting.remove(p);
    }

    /**
     * Writes the trade of a request that holds an offer, with its counts as they are now: called again after every
     * later message for it (a re-bid, the release of a swapped reservation, a co-allocated job moved up).
     */
    void record(RequestState p) {
        context.trades().put(p.request.job().order(), p.trade(context.network().messages(p.request.requestId())));
    }

    private void reject(RequestState p, Rejection reason) {
        Request r = p.request;
        context.ledger().rejected(r.job(), reason.reason(), reason.detail());
        context.trades().put(r.job().order(), p.rejectedTrade(context.network().messages(r.requestId())));
        context.network().forget(r.requestId());
        promises.rejected(p);
    }

    /** Rejects every request still waiting; called when the simulation has no events left. */
    void giveUp() {
        waiting.takeAll().forEach(p -> reject(p, Rejections.simulationEnded(p)));
        promises.settleAllBroken();
    }
}
