package gridmarket.agents;

import gridmarket.market.CoAllocationMode;
import gridmarket.market.CoAllocationPlanner;
import gridmarket.market.Fit;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.Trade;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.Rejection;
import gridmarket.sim.result.RejectionReason;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The MetaManager of one domain (SPEC E1, E3, E6, E7, E8, E10): receives its users' requests, asks its machine owners
 * for offers, forwards the request to peer domains while hops allow ({@link RequestRouting}), combines partial offers
 * into a co-allocated one where allowed, picks the offer with the highest utility value ({@link OfferSelection}) and
 * has the winners' owners reserve it.
 *
 * <p>It knows other domains only as peers to send messages to, and their machines only by what their answers carry:
 * no global view. Every message is counted ({@link MessageCount}). A request with no acceptable offer waits; it is
 * tried again at this MetaManager's first step after a change of the schedules (a job end, a reservation moved or
 * released: {@link ScheduleChanges}), until its search deadline, and rejected then with the reason.
 */
public final class MetaManagerAgent implements Steppable {
    private static final long serialVersionUID = 1L;
    /** Marks the ids of co-allocated offers, which a MetaManager numbers, apart from its owners' offer ids. */
    private static final long CO_ALLOCATED = 1L << 62;

    private final int index;
    private final String name;
    private final List<MachineOwnerAgent> owners;
    private final long latency;
    private final CoAllocationMode coAllocation;
    private final double overhead;
    private final Rescheduling rescheduling;
    private final Map<Long, List<Decision>> decisions = new HashMap<>();
    private final EventClock clock;
    private final JobLedger ledger;
    private final Map<Integer, Trade> trades;
    private final ScheduleChanges changes;
    private List<MetaManagerAgent> peers = List.of();
    private boolean directory;
    private final ArrayDeque<Request> inbox = new ArrayDeque<>();
    private final List<Pending> waiting = new ArrayList<>();
    private final List<Pending> promised = new ArrayList<>();
    private final Set<Long> plannedSteps = new HashSet<>();
    private Request lastRequest;
    private List<Offer> lastOffers = List.of();
    private Offer lastWinner;
    private MarketObserver observer;
    private UserChoices choices;
    private long nextOfferId;

    /** A request still searching, or holding an offer it may still swap, with what it has cost so far. */
    private static final class Pending {
        final Request request;
        final OfferSelection selection = new OfferSelection(0);
        final MessageCount messages = new MessageCount();
        int attempts;
        int offers;
        int swaps;
        boolean overBudget;
        boolean unsuited;
        long seenVersion;
        long compressedVersion = -1;
        Offer accepted;
        List<Integer> heldOn = List.of();
        List<Long> heldIds = List.of();
        List<MetaManagerAgent> heldBy = List.of();

        Pending(Request request) {
            this.request = request;
        }
    }

    /**
     * @param latency      seconds per message hop between domains
     * @param coAllocation when a co-allocated offer is built
     * @param overhead     p: a co-allocated job runs (1 + p) times its run time
     */
    MetaManagerAgent(int index, String name, List<MachineOwnerAgent> owners, long latency,
                     CoAllocationMode coAllocation, double overhead, Rescheduling rescheduling, EventClock clock,
                     JobLedger ledger, Map<Integer, Trade> trades, ScheduleChanges changes) {
        this.index = index;
        this.name = name;
        this.owners = List.copyOf(owners);
        this.latency = latency;
        this.coAllocation = coAllocation;
        this.overhead = overhead;
        this.rescheduling = rescheduling;
        this.clock = clock;
        this.ledger = ledger;
        this.trades = trades;
        this.changes = changes;
    }

    void connect(List<MetaManagerAgent> peers, boolean directory, MarketObserver observer, UserChoices choices) {
        this.peers = List.copyOf(peers);
        this.directory = directory;
        this.observer = observer;
        this.choices = choices;
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    List<MetaManagerAgent> peers() {
        return peers;
    }

    /** The most recent request handled, or {@code null}; for displays. */
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

    /** Widest machine of this domain: what its answers (or a directory service) tell about it. */
    int largestMachine() {
        return owners.stream().mapToInt(o -> o.schedule().size()).max().orElse(0);
    }

    /** The node count of each machine of this domain. */
    List<Integer> machineSizes() {
        return owners.stream().map(o -> o.schedule().size()).toList();
    }

    /** Nodes of all machines of this domain. */
    int nodes() {
        return owners.stream().mapToInt(o -> o.schedule().size()).sum();
    }

    /** Plans a step at {@code time} (the submit time of an expected request, or a schedule change). */
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
    public void step(SimState state) {
        long now = clock.now();
        plannedSteps.remove(now);
        // Requests that waited come first: they came earlier. A request is tried again only if the schedules changed
        // since its last round; it is taken before this instant's decisions, so a decision that fails now waits.
        List<Pending> retry = new ArrayList<>();
        for (Iterator<Pending> it = waiting.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (now >= p.request.searchDeadline()) {
                it.remove();
                reject(p, searchEnded(p));
            } else if (p.seenVersion != changes.version()) {
                it.remove();
                retry.add(p);
            }
        }
        List<Decision> due = decisions.remove(now);
        if (due != null) {
            for (Decision d : due) {
                decide(d, now);
            }
        }
        for (Pending p : retry) {
            round(p, now);
        }
        while (!inbox.isEmpty()) {
            round(new Pending(inbox.poll()), now);
        }
        if (rescheduling != Rescheduling.NONE) {
            compressCoAllocated(now);
        }
        if (rescheduling == Rescheduling.REBID) {
            rebid(now);
        }
    }

    /**
     * Compression of co-allocated jobs (SPEC E10): their parts cannot move on one machine alone, so after a change of
     * the schedules the origin MetaManager asks each machine holding a part for its free node-count windows as if
     * that part were not there, and moves all parts to the earliest common start at which every machine again holds
     * its part, if that is earlier than the promise. Messages: a partial request and its answer per part, and a move
     * per part.
     */
    private void compressCoAllocated(long now) {
        for (Pending p : List.copyOf(promised)) {
            if (!p.accepted.coAllocated()) {
                continue;
            }
            long start = currentStart(p);
            if (start <= now) {
                promised.remove(p);
                continue;
            }
            if (p.compressedVersion == changes.version()) {
                continue;
            }
            p.compressedVersion = changes.version();
            int k = p.heldOn.size();
            long duration = p.accepted.endTime() - p.accepted.startTime();
            FreeNodeWindows[] windows = new FreeNodeWindows[k];
            int[] nodes = new int[k];
            for (int i = 0; i < k; i++) {
                p.messages.ask();
                p.messages.answer(1);
                windows[i] = p.heldBy.get(i).windowsWithoutLocal(p.heldOn.get(i), p.heldIds.get(i), duration, now);
                nodes[i] = p.accepted.parts().get(i).placement().nodes().length;
            }
            long earlier = CoAllocationPlanner.earliestCommonStart(windows, nodes, now, start);
            if (earlier < start) {
                for (int i = 0; i < k; i++) {
                    p.messages.one();
                    p.heldBy.get(i).movePartLocal(p.heldOn.get(i), p.heldIds.get(i), earlier, now);
                }
                if (earlier == now) {
                    promised.remove(p);
                }
            }
            record(p); // the windows asked for count even when nothing moved
        }
    }

    private void round(Pending p, long now) {
        p.attempts++;
        p.seenVersion = changes.version();
        RequestRouting routing = RequestRouting.of(this, p.request.hops(), directory,
                p.request.numberOfProcessors());
        long decision = now + 2L * routing.deepest() * latency;
        Request r = p.request;
        if (decision > r.startTime()) {
            r = r.withStartTime(decision); // nothing can start before the user has chosen
        }
        List<Offer> offers = gather(r, routing, p, now);
        p.offers += offers.size();
        Decision d = new Decision(p, r, offers, routing);
        if (decision == now) {
            decide(d, now);
        } else {
            decisions.computeIfAbsent(decision, t -> new ArrayList<>()).add(d);
            planStep(decision);
        }
    }

    /**
     * Every offer of one round: whole-job offers of the domains asked, and a co-allocated one where allowed. Marks the
     * request unsuited if no machine asked could run it (no ELEMENT of its template held on any).
     */
    private List<Offer> gather(Request r, RequestRouting routing, Pending p, long now) {
        MessageCount messages = p.messages;
        List<Offer> offers = new ArrayList<>();
        boolean suited = false;
        boolean asked = false;
        for (MetaManagerAgent d : routing.asked()) {
            asked = true;
            if (d == this) {
                for (MachineOwnerAgent owner : owners) {
                    messages.ask();
                    MachineOwnerAgent.Answer a = owner.offers(r, index, now);
                    messages.answer(a.offers().size());
                    offers.addAll(a.offers());
                    p.overBudget |= a.overBudget();
                    suited |= a.suited();
                }
            } else {
                messages.ask(); // the forward
                MachineOwnerAgent.Answer a = d.localOffers(r, now);
                messages.answer(a.offers().size());
                offers.addAll(a.offers());
                p.overBudget |= a.overBudget();
                suited |= a.suited();
            }
        }
        p.unsuited = asked && !suited;
        boolean wide = routing.widest() < r.numberOfProcessors();
        if (r.maxMultiSite() != 1 && (coAllocation == CoAllocationMode.ALWAYS
                || (coAllocation == CoAllocationMode.NEEDED && wide))) {
            Offer co = coAllocate(r, routing, messages, now);
            if (co != null) {
                offers.add(co);
                p.unsuited = false;
            }
        }
        return offers;
    }

    private MultiSiteRules rules(Request r) {
        return new MultiSiteRules(overhead, Math.max(1, r.minMultiSite()), r.maxMultiSite());
    }

    /**
     * A co-allocated offer (SPEC E6): every machine reached answers a partial request with its free node-count
     * windows for the job's stretched run there; the earliest common start is planned over the machines of each
     * co-allocation group (machines the request may combine: the same ELEMENT and run time, and the same operating
     * system where it asks for it; one group for the market's homogeneous users on machines of one speed), the
     * group whose plan starts first wins (ties: the group of the lower machine), and each machine of the plan is asked
     * for its part at that start. {@code null} if no split starts earlier than a single machine could.
     */
    private Offer coAllocate(Request r, RequestRouting routing, MessageCount messages, long now) {
        MultiSiteRules rules = rules(r);
        List<MetaManagerAgent> domains = new ArrayList<>();
        List<MachineWindows> answers = new ArrayList<>();
        for (MetaManagerAgent d : routing.depth().keySet()) {
            List<MachineWindows> answer = d.partialAnswer(r, rules, now);
            if (d == this) {
                for (int k = 0; k < answer.size(); k++) { // each own machine is asked and answers
                    messages.ask();
                    messages.answer(1);
                }
            } else { // one forward, one answer carrying the domain's machines
                messages.ask();
                messages.answer(1);
            }
            for (MachineWindows w : answer) {
                if (w.fit() != null) {
                    domains.add(d);
                    answers.add(w);
                }
            }
        }
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int m = 0; m < answers.size(); m++) {
            groups.computeIfAbsent(answers.get(m).fit().coAllocationGroup(), g -> new ArrayList<>()).add(m);
        }
        CoAllocationPlanner.Plan plan = null;
        List<Integer> planned = null;
        for (List<Integer> group : groups.values()) {
            CoAllocationPlanner.Plan candidate = CoAllocationPlanner.plan(r.numberOfProcessors(),
                    group.stream().map(m -> answers.get(m).windows()).toArray(FreeNodeWindows[]::new),
                    Math.max(now, r.startTime()), rules);
            if (candidate != null && candidate.machines() >= 2 && (plan == null || candidate.start() < plan.start())) {
                plan = candidate;
                planned = group;
            }
        }
        if (plan == null) {
            return null;
        }
        long duration = answers.get(planned.get(0)).duration();
        List<OfferPart> parts = new ArrayList<>();
        Fit first = null;
        double cost = 0;
        double offerCost = 0;
        double reservationCost = 0;
        for (int k = 0; k < plan.parts().length; k++) {
            if (plan.parts()[k] == 0) {
                continue;
            }
            messages.ask();
            messages.answer(1);
            int m = planned.get(k);
            MachineWindows w = answers.get(m);
            OfferPart part = domains.get(m).partOffer(w.machine(), r, plan.parts()[k], plan.start(), duration, now);
            if (part == null) {
                return null; // cannot happen when the windows are exact; kept as a refusal, never a wrong offer
            }
            first = first == null ? w.fit() : first;
            parts.add(part);
            cost += part.price();
            offerCost += w.offerCost();
            reservationCost += w.reservationCost();
        }
        double uv = MachineOwnerAgent.utilityValue(r, "co-allocated", first.utility(), plan.start(),
                plan.start() + duration, cost, offerCost, reservationCost);
        return new Offer(CO_ALLOCATED | ((long) index << 40) | nextOfferId++, r.requestId(), parts, cost, offerCost,
                reservationCost, uv);
    }

    /**
     * One machine's answer to a partial request, as a domain sends it back: which machine, the request's fit there
     * ({@code null}: none, and no windows), its free node-count windows for the job's stretched run there, and what an
     * offer and a reservation on it cost.
     */
    private record MachineWindows(int machine, Fit fit, long duration, FreeNodeWindows windows, double offerCost,
                                  double reservationCost) {
    }

    /** This domain's answer to a partial request: the windows of each of its machines. */
    private List<MachineWindows> partialAnswer(Request r, MultiSiteRules rules, long now) {
        List<MachineWindows> out = new ArrayList<>();
        for (MachineOwnerAgent owner : owners) {
            Fit fit = owner.fit(r);
            long duration = fit == null ? 0 : rules.stretch(fit.plannedRunTime());
            out.add(new MachineWindows(owner.index(), fit, duration,
                    fit == null ? null : owner.freeNodeWindows(r, duration, now), owner.offerCost(),
                    owner.reservationCost()));
        }
        return out;
    }

    /** A round whose offers are in, waiting for the origin to choose (at once, or after the messages' latency). */
    private record Decision(Pending pending, Request request, List<Offer> offers, RequestRouting routing) {
    }

    /**
     * A person chooses (the GUI's interactive mode): the best acceptable offers still free go to the chooser armed for
     * the request's user, which is used up only by a round that has such offers; {@link OfferChooser#MARKET_CHOICE}
     * (or an index out of range) takes the best by the request's utility.
     */
    private OfferSelection.Choice personChooses(Pending p, Request r, List<Offer> offers, Predicate<Offer> free) {
        OfferSelection.Shortlist shown = p.selection.shortlist(offers, r, free, UserChoices.SHOWN);
        OfferChooser person = shown.offers().isEmpty() ? null : choices.take(r.job().user());
        Offer best = shown.offers().isEmpty() ? null : shown.offers().get(0);
        if (person != null) {
            int i = person.choose(r, shown.offers());
            if (i >= 0 && i < shown.offers().size()) {
                best = shown.offers().get(i);
            }
        }
        return new OfferSelection.Choice(best, shown.unaffordable(), shown.taken());
    }

    private void decide(Decision d, long now) {
        Pending p = d.pending();
        Request r = d.request();
        List<Offer> offers = d.offers();
        Predicate<Offer> free = o -> latency == 0 || stillFree(o, d.routing(), now);
        OfferSelection.Choice choice = now > r.searchDeadline() ? new OfferSelection.Choice(null, false, false)
                : choices != null && choices.armed(r.job().user()) ? personChooses(p, r, offers, free)
                : r.maxOfferNumber() > 0 ? p.selection.chooseAmong(offers, r, free, r.maxOfferNumber(),
                r.terms() == null ? null : r.terms().choice())
                : p.selection.choose(offers, r, free);
        Offer best = choice.best();
        lastRequest = r;
        lastOffers = offers.stream().sorted(Offer.BEST_FIRST).toList();
        lastWinner = best;
        if (observer != null) {
            observer.decided(this, r, lastOffers, best, now);
        }
        if (best != null) {
            p.messages.decision(best.parts().size(), offers.size() - 1);
            hold(p, best, d.routing(), now);
            return;
        }
        p.messages.decision(0, offers.size());
        boolean coAllocating = r.maxMultiSite() != 1 && coAllocation != CoAllocationMode.OFF;
        Rejection reason;
        if (!coAllocating && d.routing().widest() < r.numberOfProcessors()) {
            reason = tooWide("needs " + r.numberOfProcessors() + " nodes but the widest reachable machine has "
                    + d.routing().widest());
        } else if (coAllocating && d.routing().nodes() < r.numberOfProcessors()) {
            reason = tooWide("needs " + r.numberOfProcessors() + " nodes but the reachable machines have "
                    + d.routing().nodes() + " in all");
        } else if (coAllocating && d.routing().widest() < r.numberOfProcessors()
                && rules(r).split(r.numberOfProcessors(), d.routing().sizes()) == null) {
            reason = tooWide("needs " + r.numberOfProcessors() + " nodes but no split of the reachable machines "
                    + "allowed by MinMulti-Site " + r.minMultiSite() + " and MaxMulti-Site " + r.maxMultiSite()
                    + " holds it");
        } else if (p.unsuited) {
            reason = new Rejection(RejectionReason.NO_OFFER, "no reachable machine meets the request's conditions "
                    + "(no ELEMENT of its template holds on any)");
        } else if (now > r.searchDeadline()) {
            reason = new Rejection(RejectionReason.SEARCH_TIME,
                    "no decision within the search time (the round's messages took longer)");
        } else if (now == r.searchDeadline()) {
            p.overBudget |= choice.unaffordable();
            reason = searchEnded(p);
        } else {
            p.overBudget |= choice.unaffordable();
            waiting.add(p);
            if (r.searchDeadline() != Long.MAX_VALUE) {
                planStep(r.searchDeadline()); // to give up on time if the schedules do not change before
            }
            return;
        }
        reject(p, reason);
    }

    private static boolean stillFree(Offer o, RequestRouting routing, long now) {
        for (OfferPart part : o.parts()) {
            if (!routing.domain(part.domain()).stillFreeLocal(part, now)) {
                return false;
            }
        }
        return true;
    }

    /** Has the owners of {@code o}'s parts reserve it (one accept message each) and records the trade. */
    private void hold(Pending p, Offer o, RequestRouting routing, long now) {
        Request r = p.request;
        MultiSiteRules stretch = o.coAllocated() ? rules(r) : null;
        List<Integer> heldOn = new ArrayList<>();
        List<Long> heldIds = new ArrayList<>();
        List<MetaManagerAgent> heldBy = new ArrayList<>();
        for (OfferPart part : o.parts()) {
            MetaManagerAgent d = routing.domain(part.domain());
            heldIds.add(d.acceptLocal(part, r, stretch, o.parts().size(), now));
            heldOn.add(part.machineIndex());
            heldBy.add(d);
        }
        p.accepted = o;
        p.heldOn = heldOn;
        p.heldIds = heldIds;
        p.heldBy = heldBy;
        record(p);
        boolean movable = rescheduling == Rescheduling.REBID
                || (rescheduling == Rescheduling.COMPRESS && o.coAllocated());
        if (movable && o.startTime() > now && !promised.contains(p)) {
            promised.add(p);
        }
    }

    /**
     * Re-bidding (SPEC E10): after an owner announced idle nodes at this instant, each user of this domain whose
     * job holds a promise but has not started, and needs no more nodes than were announced, asks the market again;
     * it swaps to the new offer only if that is strictly better by its utility function than what it holds (its
     * start as moved by compression, at its agreed price), and then releases the old reservation.
     */
    private void rebid(long now) {
        int idle = changes.widestIdleAt(now);
        if (idle == 0) {
            return;
        }
        for (Pending p : List.copyOf(promised)) {
            long start = currentStart(p);
            if (start <= now) {
                promised.remove(p); // started: the promise is kept
                continue;
            }
            int need = p.accepted.coAllocated() ? 1 : p.request.numberOfProcessors();
            if (idle < need || p.seenVersion == changes.version()) {
                continue;
            }
            p.seenVersion = changes.version();
            Request r = p.request.withStartTime(Math.max(now, p.request.startTime()));
            RequestRouting routing = RequestRouting.of(this, r.hops(), directory, r.numberOfProcessors());
            if (routing.deepest() > 0 && latency > 0) {
                continue; // with message latency a re-bid could not be decided now; not modelled
            }
            List<Offer> offers = gather(r, routing, p, now);
            p.offers += offers.size();
            Offer held = p.accepted;
            long end = start + (held.endTime() - held.startTime());
            double current = MachineOwnerAgent.utilityValue(r, held.machineName(),
                    p.heldBy.get(0).fitLocal(p.heldOn.get(0), r).utility(), start, end, held.jobCost(),
                    held.offerCost(), held.reservationCost());
            OfferSelection.Choice choice = p.selection.choose(offers, r, o -> true); // offers made just now
            Offer best = choice.best();
            if (best == null || !(best.utilityValue() > current)) {
                p.messages.decision(0, offers.size());
                record(p);
                continue;
            }
            p.messages.decision(best.parts().size(), offers.size() - 1);
            List<MetaManagerAgent> oldBy = p.heldBy;
            List<Integer> oldMachines = p.heldOn;
            List<Long> oldIds = p.heldIds;
            p.swaps++;
            promised.remove(p);
            hold(p, best, routing, now); // the new nodes are held before the old are released, since a release
            // lets the old owner compress, which must not take the nodes just offered
            for (int i = 0; i < oldBy.size(); i++) {
                p.messages.one(); // the release of the old reservation
                oldBy.get(i).releaseLocal(oldMachines.get(i), oldIds.get(i));
            }
            record(p);
        }
    }

    /** The start a promised job holds now: its reservation's, moved earlier by compression if it was. */
    private static long currentStart(Pending p) {
        long start = Long.MAX_VALUE;
        for (int i = 0; i < p.heldOn.size(); i++) {
            start = Math.min(start, p.heldBy.get(i).startOf(p.heldOn.get(i), p.heldIds.get(i)));
        }
        return start;
    }

    /**
     * Writes the trade of a request that holds an offer, with its counts as they are now: called again after every
     * later message for it (a re-bid, the release of a swapped reservation, a co-allocated job moved up).
     */
    private void record(Pending p) {
        Request r = p.request;
        trades.put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers, p.messages.total(), p.accepted,
                p.accepted.startTime(), p.swaps));
    }

    private static Rejection searchEnded(Pending p) {
        return p.overBudget
                ? new Rejection(RejectionReason.OVER_BUDGET, "no acceptable offer within the search time (budgets)")
                : p.offers == 0 ? new Rejection(RejectionReason.NO_OFFER, "no offer within the search time")
                : new Rejection(RejectionReason.NO_ACCEPTABLE_OFFER, "no acceptable offer within the search time");
    }

    private static Rejection tooWide(String detail) {
        return new Rejection(RejectionReason.TOO_WIDE, detail);
    }

    private void reject(Pending p, Rejection reason) {
        Request r = p.request;
        ledger.rejected(r.job(), reason.reason(), reason.detail());
        trades.put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers, p.messages.total(), null, null,
                p.swaps));
    }

    /** Rejects every request still waiting; called when the simulation has no events left. */
    void giveUp() {
        for (Pending p : waiting) {
            reject(p, new Rejection(RejectionReason.SIMULATION_ENDED,
                    "no acceptable offer before the simulation ended"));
        }
        waiting.clear();
    }

    // What this domain does for requests of other domains (each call is a message the origin counts).

    /** This domain's best offers for a forwarded request, valued with the request's utility function. */
    private MachineOwnerAgent.Answer localOffers(Request r, long now) {
        List<Offer> out = new ArrayList<>();
        boolean overBudget = false;
        boolean suited = false;
        for (MachineOwnerAgent owner : owners) {
            MachineOwnerAgent.Answer a = owner.offers(r, index, now);
            out.addAll(a.offers());
            overBudget |= a.overBudget();
            suited |= a.suited();
        }
        return new MachineOwnerAgent.Answer(out, overBudget, suited);
    }

    private OfferPart partOffer(int machine, Request r, int nodes, long start, long duration, long now) {
        return own(machine).partOffer(r, nodes, start, duration, index, now);
    }

    private boolean stillFreeLocal(OfferPart part, long now) {
        return own(part.machineIndex()).stillFree(part, now);
    }

    /** Reserves a part for the real run time of the job on that machine, stretched by {@code stretch} if given. */
    private long acceptLocal(OfferPart part, Request r, MultiSiteRules stretch, int machines, long now) {
        MachineOwnerAgent owner = own(part.machineIndex());
        long runTime = owner.fit(r).runTime();
        return owner.accept(r, part, stretch == null ? runTime : stretch.stretch(runTime), machines, now);
    }

    private Fit fitLocal(int machine, Request r) {
        return own(machine).fit(r);
    }

    private void releaseLocal(int machine, long reservationId) {
        own(machine).release(reservationId);
    }

    private FreeNodeWindows windowsWithoutLocal(int machine, long reservationId, long duration, long now) {
        return own(machine).windowsWithout(reservationId, duration, now);
    }

    private void movePartLocal(int machine, long reservationId, long start, long now) {
        own(machine).movePart(reservationId, start, now);
    }

    private long startOf(int machine, long reservationId) {
        return own(machine).currentStart(reservationId);
    }

    private MachineOwnerAgent own(int machine) {
        for (MachineOwnerAgent o : owners) {
            if (o.index() == machine) {
                return o;
            }
        }
        throw new IllegalStateException(name + " has no machine " + machine);
    }
}
