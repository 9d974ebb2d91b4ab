package gridmarket.agents;

import gridmarket.market.CoAllocationPlanner;
import gridmarket.market.Fit;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.Request;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.MachineWindows;
import gridmarket.market.protocol.Lost;
import gridmarket.market.protocol.Message;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.PartOffer;
import gridmarket.market.protocol.PartRequest;
import gridmarket.market.protocol.PartialRequest;
import gridmarket.sim.grid.MultiSiteRules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One round of a request at its origin (SPEC E3, E6): the call for offers to the origin's own owners and to every
 * domain asked, with partial requests to every machine reached where co-allocation is allowed; once every answer is
 * in, the parts of the earliest co-allocation are asked for at its common start; once those are in, the round's
 * offers go to its MetaManager to decide. Answers are kept in the order they were asked for, so the offers are in
 * that order whatever order they arrive in.
 */
final class Round {
    /** Marks the ids of co-allocated offers, which a MetaManager numbers, apart from its owners' offer ids. */
    static final long CO_ALLOCATED = 1L << 62;

    /** What the MetaManager does for a round: send its asks, and decide when its offers are in. */
    interface Origin {
        int index();

        List<Address> ownOwners();

        void send(Address to, Message m);

        long nextOfferId();

        void offersIn(Round round, long now);

        /**
         * The earliest the request could start at a target of its calls (one of the own owners, or another domain's
         * MetaManager), as far as this MetaManager knows: {@link Long#MAX_VALUE} where no machine is wide enough.
         */
        long earliestPossible(Address target, Request request);

        /** Routing by capacity, if this round routes so. */
        CapacityRouting capacityRouting();
    }

    final RequestState state;
    final Request request;
    final RequestRouting routing;
    final boolean rebid;
    final long conversation;
    private final Origin origin;
    private final MultiSiteRules rules;
    private final boolean coAllocating;
    /** Whether the calls go out one after another by capacity (see {@link #start}). */
    private final boolean byCapacity;
    /** With routing by capacity: every call the round could send, and the earliest start at each not yet asked. */
    private List<Address> targets;
    private long[] earliest;
    private long bestStart = Long.MAX_VALUE;
    private final Map<Address, Integer> offerSlot = new HashMap<>();
    private final Map<Address, Integer> windowSlot = new HashMap<>();
    private final Map<Address, Integer> partSlot = new HashMap<>();
    private final List<Offers> offerAnswers = new ArrayList<>();
    private final List<List<MachineWindows>> windowAnswers = new ArrayList<>();
    private final List<OfferPart> partAnswers = new ArrayList<>();
    private int awaiting;
    /** The asks sent together and answered together: the calls (one at a time by capacity), then the parts. */
    private int phase;
    private long phaseStart;
    private CoAllocationPlanner.Plan plan;
    private List<MachineWindows> planned;
    /** The planned run of every part: the first machine's of the group planned (all run that long). */
    private long duration;
    /**
     * Whether co-allocation was planned and no group of machines the request may combine could ever hold it (their
     * nodes together, within MinMulti-Site and MaxMulti-Site), so that no later round can either.
     */
    boolean noGroupHolds;
    /** The request's fit on the first machine of the co-allocated offer, or {@code null}. */
    Fit coAllocatedFit;
    /** The round's offers: whole-job offers in the order asked, then the co-allocated one; set when all are in. */
    List<Offer> offers;

    /**
     * @param coAllocating whether the round builds a co-allocated offer (the request's rules allow it)
     * @param rules        the co-allocation's overhead and part bounds
     * @param byCapacity   whether the calls go out by capacity, one after another (never with a co-allocation)
     */
    Round(Origin origin, RequestState state, Request request, RequestRouting routing, boolean rebid,
          long conversation, boolean coAllocating, MultiSiteRules rules, boolean byCapacity) {
        this.byCapacity = byCapacity && !coAllocating;
        this.origin = origin;
        this.state = state;
        this.request = request;
        this.routing = routing;
        this.rebid = rebid;
        this.conversation = conversation;
        this.coAllocating = coAllocating;
        this.rules = rules;
    }

    /**
     * Sends the round's first asks; every slot is taken before the first is sent, since answers may come at once.
     * Routed by capacity, the calls are ordered by the earliest start each target could offer (ties: the order of
     * reach, own owners first) and sent one at a time: the next only while it could start the job before the best
     * offer in hand. Those left could offer no later start a higher utility.
     */
    void start(long now) {
        List<Address> calls = new ArrayList<>();
        for (int d : routing.asked()) {
            if (d == origin.index()) {
                calls.addAll(origin.ownOwners());
            } else {
                calls.add(Address.metaManager(d));
            }
        }
        if (byCapacity) {
            startByCapacity(calls, now);
            return;
        }
        List<Address> partial = new ArrayList<>();
        if (coAllocating) {
            for (int d : routing.depth().keySet()) {
                if (d == origin.index()) {
                    partial.addAll(origin.ownOwners());
                } else {
                    partial.add(Address.metaManager(d));
                }
            }
        }
        for (Address a : calls) {
            offerSlot.put(a, offerAnswers.size());
            offerAnswers.add(null);
        }
        for (Address a : partial) {
            windowSlot.put(a, windowAnswers.size());
            windowAnswers.add(null);
        }
        awaiting = calls.size() + partial.size();
        newPhase(now);
        for (Address a : calls) {
            origin.send(a, new CallForOffers(conversation, request));
        }
        for (Address a : partial) {
            origin.send(a, new PartialRequest(conversation, request, rules));
        }
    }

    private void startByCapacity(List<Address> calls, long now) {
        targets = calls;
        earliest = new long[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            earliest[i] = origin.earliestPossible(calls.get(i), request);
        }
        if (!sendNextCall(now)) { // no machine wide enough: the round ends as an empty one would
            finish(now);
        }
    }

    /**
     * Sends the call whose target could start the job earliest (ties: the order of reach), if that is before the
     * best offer in hand; false if there is none. A pick is a scan of the targets, as rounds seldom send more than
     * one or two calls: sorting all of them each round cost more on hundreds of domains.
     */
    private boolean sendNextCall(long now) {
        int next = -1;
        for (int i = 0; i < earliest.length; i++) {
            if (earliest[i] < bestStart && (next < 0 || earliest[i] < earliest[next])) {
                next = i;
            }
        }
        if (next < 0) {
            origin.capacityRouting().routed(offerAnswers.size(), targets.size() - offerAnswers.size());
            return false;
        }
        earliest[next] = Long.MAX_VALUE; // asked: never again
        Address a = targets.get(next);
        offerSlot.put(a, offerAnswers.size());
        offerAnswers.add(null);
        awaiting++;
        newPhase(now);
        origin.send(a, new CallForOffers(conversation, request));
        return true;
    }

    /** An answer to one of this round's asks. */
    void answer(Address from, Message m, long now) {
        if (m instanceof Offers o) {
            offerAnswers.set(offerSlot.get(from), o);
            if (byCapacity) {
                for (Offer offer : o.offers()) {
                    bestStart = Math.min(bestStart, offer.startTime());
                }
                awaiting--;
                if (!sendNextCall(now)) {
                    finish(now);
                }
                return;
            }
        } else if (m instanceof FreeWindows w) {
            windowAnswers.set(windowSlot.get(from), w.machines());
        } else if (m instanceof PartOffer p) {
            partAnswers.set(partSlot.get(from), p.part());
        } else {
            throw new IllegalStateException("a round got " + m);
        }
        if (--awaiting > 0) {
            return;
        }
        if (plan == null && coAllocating && askForParts(now)) {
            return;
        }
        finish(now);
    }

    /** Plans the earliest co-allocation from the windows and asks its machines for their parts; false if none. */
    private boolean askForParts(long now) {
        List<MachineWindows> answers = new ArrayList<>();
        windowAnswers.forEach(list -> list.stream().filter(w -> w.fit() != null).forEach(answers::add));
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int m = 0; m < answers.size(); m++) {
            groups.computeIfAbsent(answers.get(m).fit().coAllocationGroup(), g -> new ArrayList<>()).add(m);
        }
        List<Integer> group = null;
        noGroupHolds = groups.values().stream().allMatch(g -> rules.split(request.numberOfProcessors(),
                g.stream().mapToInt(m -> answers.get(m).nodes()).toArray()) == null);
        for (List<Integer> g : groups.values()) {
            CoAllocationPlanner.Plan candidate = CoAllocationPlanner.plan(request.numberOfProcessors(),
                    g.stream().map(m -> answers.get(m).windows()).toArray(FreeNodeWindows[]::new),
                    Math.max(now, request.startTime()), rules);
            if (candidate != null && candidate.machines() >= 2 && (plan == null || candidate.start() < plan.start())) {
                plan = candidate;
                group = g;
            }
        }
        if (plan == null) {
            return false;
        }
        planned = new ArrayList<>();
        List<Address> asks = new ArrayList<>();
        for (int k = 0; k < plan.parts().length; k++) {
            if (plan.parts()[k] > 0) {
                MachineWindows w = answers.get(group.get(k));
                planned.add(w);
                Address a = Address.owner(w.machine(), w.domain());
                partSlot.put(a, asks.size());
                asks.add(a);
                partAnswers.add(null);
            }
        }
        awaiting = asks.size();
        newPhase(now);
        duration = answers.get(group.get(0)).duration();
        int[] parts = Arrays.stream(plan.parts()).filter(n -> n > 0).toArray();
        for (int i = 0; i < asks.size(); i++) {
            origin.send(asks.get(i), new PartRequest(conversation, request, planned.get(i).machine(), parts[i],
                    plan.start(), duration));
        }
        return true;
    }

    private void newPhase(long now) {
        phase++;
        phaseStart = now;
    }

    /** The asks under way: a lost one's timeout holds only while they are (docs/FAILURES.md, "Domain outages"). */
    int phase() {
        return phase;
    }

    /** When the asks under way were sent: every answer that is not lost is in a round trip to the deepest hop later. */
    long phaseStart() {
        return phaseStart;
    }

    /**
     * Gives the round up after a lost ask or answer has timed out: every offer received goes back to its owner as
     * lost (as a decided round's losers do), since they were made for starts the origin can no longer accept in time.
     *
     * @return the domains whose MetaManager did not answer (their answers are missing), in the order asked
     */
    Set<Integer> abandon() {
        Set<Integer> silent = new LinkedHashSet<>();
        offerSlot.forEach((a, i) -> {
            if (offerAnswers.get(i) == null && a.kind() == Address.Kind.META_MANAGER) {
                silent.add(a.domain());
            }
        });
        windowSlot.forEach((a, i) -> {
            if (windowAnswers.get(i) == null && a.kind() == Address.Kind.META_MANAGER) {
                silent.add(a.domain());
            }
        });
        List<Offer> received = new ArrayList<>();
        for (Offers o : offerAnswers) {
            if (o != null) {
                received.addAll(o.offers());
            }
        }
        offers = List.copyOf(received);
        state.offers += offers.size();
        tellLosers(null);
        return silent;
    }

    private void finish(long now) {
        List<Offer> all = new ArrayList<>();
        boolean suited = false;
        for (Offers a : offerAnswers) {
            all.addAll(a.offers());
            state.overBudget |= a.overBudget();
            suited |= a.suited();
        }
        state.unsuited = !offerAnswers.isEmpty() && !suited;
        Offer co = plan == null ? null : coAllocatedOffer();
        if (co != null) {
            all.add(co);
            state.unsuited = false;
        }
        offers = List.copyOf(all);
        state.offers += offers.size();
        origin.offersIn(this, now);
    }

    /** The parts as one offer: JobCost the sum of the parts' prices; {@code null} if a machine found no place. */
    private Offer coAllocatedOffer() {
        double cost = 0;
        double offerCost = 0;
        double reservationCost = 0;
        for (int i = 0; i < partAnswers.size(); i++) {
            OfferPart part = partAnswers.get(i);
            if (part == null) {
                return null; // cannot happen when the windows are exact; kept as a refusal, never a wrong offer
            }
            cost += part.price();
            offerCost += planned.get(i).offerCost();
            reservationCost += planned.get(i).reservationCost();
        }
        coAllocatedFit = planned.get(0).fit();
        double uv = Valuation.value(request, "co-allocated", coAllocatedFit.utility(), plan.start(),
                plan.start() + duration, cost, offerCost, reservationCost);
        return new Offer(CO_ALLOCATED | ((long) origin.index() << 40) | origin.nextOfferId(), request.requestId(),
                partAnswers, cost, offerCost, reservationCost, uv);
    }

    /**
     * Every offer of a round but the one taken goes back to its owner as lost: one message per offer, as the thesis
     * counts one release per offer received. A co-allocated offer's loss goes to its first part's owner only: the
     * parts were asked for by this MetaManager at its chosen start, and held nothing.
     */
    void tellLosers(Offer taken) {
        for (Offer o : offers) {
            if (o != taken) {
                OfferPart part = o.parts().get(0);
                origin.send(Address.owner(part.machineIndex(), part.domain()), new Lost(o.requestId(), part));
            }
        }
    }
}
