package gridmarket.agents;

import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.market.Trade;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.result.JobLedger;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MetaManager of one domain (SPEC E1, E3, E7, E8): receives its users' requests, asks its machine owners for
 * offers, forwards the request to peer domains while hops allow, picks the offer with the highest utility value and
 * has the winner reserve it.
 *
 * <p>It knows other domains only as peers to send messages to: no global view. Every message is counted: the request
 * to each own machine, each forward to a peer, each offer (or empty answer) coming back, the accept to the winner and
 * a release to every other offerer. A request with no acceptable offer waits and is tried again at the next change of
 * the schedules (a job end), until its search deadline; then it is rejected with the reason.
 */
public final class MetaManagerAgent implements Steppable {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final String name;
    private final List<MachineOwnerAgent> owners;
    private final UtilityFunction uf;
    private final long latency;
    private final Map<Long, List<Decision>> decisions = new HashMap<>();
    private final EventClock clock;
    private final JobLedger ledger;
    private final Map<Integer, Trade> trades;
    private List<MetaManagerAgent> peers = List.of();
    private boolean directory;
    private final ArrayDeque<Request> inbox = new ArrayDeque<>();
    private final List<Pending> waiting = new ArrayList<>();
    private final Set<Long> plannedSteps = new HashSet<>();
    private Request lastRequest;
    private List<Offer> lastOffers = List.of();
    private Offer lastWinner;
    private MarketObserver observer;

    /** A request still searching, with what it has cost so far. */
    private static final class Pending {
        final Request request;
        int attempts;
        int offers;
        int messages;
        double offerCost;

        Pending(Request request) {
            this.request = request;
        }
    }

    /** @param latency seconds per message hop between domains */
    MetaManagerAgent(int index, String name, List<MachineOwnerAgent> owners, UtilityFunction uf, long latency,
                     EventClock clock, JobLedger ledger, Map<Integer, Trade> trades) {
        this.index = index;
        this.name = name;
        this.owners = List.copyOf(owners);
        this.uf = uf;
        this.latency = latency;
        this.clock = clock;
        this.ledger = ledger;
        this.trades = trades;
    }

    void connect(List<MetaManagerAgent> peers, boolean directory, MarketObserver observer) {
        this.peers = List.copyOf(peers);
        this.directory = directory;
        this.observer = observer;
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
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

    /** Widest machine of this domain: what a directory service knows about it. */
    int largestMachine() {
        return owners.stream().mapToInt(o -> o.schedule().size()).max().orElse(0);
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
        // Requests that waited come first: they came earlier, and this instant's change of the schedule is their
        // chance. Taken before this instant's decisions, so that a decision that fails now waits for a change.
        List<Pending> retry = new ArrayList<>(waiting);
        waiting.clear();
        List<Decision> due = decisions.remove(now);
        if (due != null) {
            for (Decision d : due) {
                decide(d, now);
            }
        }
        for (Pending p : retry) {
            if (now >= p.request.searchDeadline()) {
                reject(p, p.offers == 0 ? "no offer within the search time"
                        : "no acceptable offer within the search time (budgets)");
            } else {
                round(p, now);
            }
        }
        while (!inbox.isEmpty()) {
            round(new Pending(inbox.poll()), now);
        }
    }

    private void round(Pending p, long now) {
        p.attempts++;
        // Who will be asked, and how deep: with a message latency the decision waits for the farthest answer.
        Map<MetaManagerAgent, Integer> depth = new LinkedHashMap<>();
        depth.put(this, 0);
        List<MetaManagerAgent> frontier = new ArrayList<>(List.of(this));
        for (int hop = 1; hop <= p.request.hops(); hop++) {
            List<MetaManagerAgent> next = new ArrayList<>();
            for (MetaManagerAgent from : frontier) {
                for (MetaManagerAgent peer : from.peers) {
                    if (!depth.containsKey(peer)) { // each domain answers a request once
                        depth.put(peer, hop);
                        next.add(peer);
                    }
                }
            }
            frontier = next;
        }
        if (directory) {
            // The directory names the domains with a machine wide enough; the others still relay, but are not asked.
            depth.keySet().removeIf(d -> d != this && d.largestMachine() < p.request.numberOfProcessors());
        }
        int deepest = depth.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        long decision = now + 2L * deepest * latency;
        Request r = p.request;
        if (decision > r.startTime()) {
            r = withStart(r, decision); // nothing can start before the user has chosen
        }
        List<Offer> offers = new ArrayList<>();
        int widest = 0;
        for (MetaManagerAgent d : depth.keySet()) {
            if (d == this) {
                for (MachineOwnerAgent owner : owners) {
                    p.messages++; // the request to the owner
                    List<Offer> o = owner.offers(r, uf, index, now);
                    p.messages += Math.max(1, o.size()); // its offers, or its empty answer
                    offers.addAll(o);
                }
            } else {
                p.messages++; // the forward
                List<Offer> o = d.localOffers(r, now, uf);
                p.messages += Math.max(1, o.size());
                offers.addAll(o);
            }
            widest = Math.max(widest, d.largestMachine());
        }
        p.offers += offers.size();
        Decision due = new Decision(p, r, offers, List.copyOf(depth.keySet()), widest);
        if (decision == now) {
            decide(due, now);
        } else {
            decisions.computeIfAbsent(decision, t -> new ArrayList<>()).add(due);
            planStep(decision);
        }
    }

    /** A round whose offers are in, waiting for the origin to choose (at once, or after the messages' latency). */
    private record Decision(Pending pending, Request request, List<Offer> offers, List<MetaManagerAgent> asked,
                            int widest) {
    }

    private static Request withStart(Request r, long start) {
        return new Request(r.requestId(), r.job(), r.userName(), r.originDomain(), r.numberOfProcessors(),
                r.runTime(), start, r.endTime(), r.searchDeadline(), r.hops(), r.maxOfferNumber(), r.jobBudget(),
                r.offerBudget(), r.reservationBudget());
    }

    private void decide(Decision d, long now) {
        Pending p = d.pending();
        Request r = d.request();
        List<Offer> offers = d.offers();
        Offer best = null;
        for (Offer o : offers) {
            if (p.offerCost + o.offerCost() > r.offerBudget()) {
                continue; // the user can no longer pay for this offer
            }
            p.offerCost += o.offerCost();
            boolean stillFree = latency == 0 || ownerOf(o, d.asked()).schedule()
                    .canReserve(o.placement().nodes(), o.startTime(), r.runTime(), now);
            if (o.jobCost() <= r.jobBudget() && o.reservationCost() <= r.reservationBudget() && stillFree
                    && (best == null || o.betterThan(best))) {
                best = o;
            }
        }
        lastRequest = r;
        lastOffers = offers.stream().sorted((a, b) -> a.betterThan(b) ? -1 : b.betterThan(a) ? 1 : 0).toList();
        lastWinner = best;
        if (observer != null) {
            observer.decided(this, r, lastOffers, best, now);
        }
        if (best != null) {
            p.messages += 1 + (offers.size() - 1); // accept to the winner, release to the others
            ownerOf(best, d.asked()).accept(best, r, now);
            trades.put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers, p.messages, best.jobCost(),
                    best.utilityValue(), best.domain()));
            return;
        }
        p.messages += offers.size(); // releases
        String reason;
        if (d.widest() < r.numberOfProcessors()) {
            reason = "needs " + r.numberOfProcessors() + " nodes but the widest reachable machine has " + d.widest();
        } else if (now >= r.searchDeadline()) {
            reason = offers.isEmpty() ? "no offer within the search time"
                    : "no acceptable offer within the search time (budgets)";
        } else {
            waiting.add(p);
            if (r.searchDeadline() != Long.MAX_VALUE) {
                planStep(r.searchDeadline()); // to give up on time if the schedules do not change before
            }
            return;
        }
        reject(p, reason);
    }

    private void reject(Pending p, String reason) {
        Request r = p.request;
        ledger.rejected(r.job(), reason);
        trades.put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers, p.messages, Double.NaN,
                Double.NaN, -1));
    }

    /** Rejects every request still waiting; called when the simulation has no events left. */
    void giveUp() {
        for (Pending p : waiting) {
            reject(p, "no acceptable offer before the simulation ended");
        }
        waiting.clear();
    }

    /** This domain's best offers for a forwarded request, valued with the request's utility function. */
    private List<Offer> localOffers(Request r, long now, UtilityFunction requestUf) {
        List<Offer> out = new ArrayList<>();
        for (MachineOwnerAgent owner : owners) {
            out.addAll(owner.offers(r, requestUf, index, now));
        }
        return out;
    }

    private static MachineOwnerAgent ownerOf(Offer o, List<MetaManagerAgent> domains) {
        for (MetaManagerAgent d : domains) {
            for (MachineOwnerAgent owner : d.owners) {
                if (owner.index() == o.machineIndex()) {
                    return owner;
                }
            }
        }
        throw new IllegalStateException("no owner for machine " + o.machineIndex());
    }
}
