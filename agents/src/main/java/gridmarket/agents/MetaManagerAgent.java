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
import java.util.HashSet;
import java.util.LinkedHashSet;
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
    private final int hops;
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

    MetaManagerAgent(int index, String name, List<MachineOwnerAgent> owners, UtilityFunction uf, int hops,
                     EventClock clock, JobLedger ledger, Map<Integer, Trade> trades) {
        this.index = index;
        this.name = name;
        this.owners = List.copyOf(owners);
        this.uf = uf;
        this.hops = hops;
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
        // Waiting requests first: they came earlier, and this instant's change of the schedule is their chance.
        List<Pending> retry = new ArrayList<>(waiting);
        waiting.clear();
        for (Pending p : retry) {
            round(p, now);
        }
        while (!inbox.isEmpty()) {
            round(new Pending(inbox.poll()), now);
        }
    }

    private void round(Pending p, long now) {
        Request r = p.request;
        p.attempts++;
        List<Offer> offers = new ArrayList<>();
        int widest = largestMachine();
        for (MachineOwnerAgent owner : owners) {
            p.messages++; // the request to the owner
            List<Offer> o = owner.offers(r, uf, index, now);
            p.messages += Math.max(1, o.size()); // its offers, or its empty answer
            offers.addAll(o);
        }
        Set<MetaManagerAgent> asked = new LinkedHashSet<>();
        asked.add(this);
        List<MetaManagerAgent> frontier = new ArrayList<>(List.of(this));
        for (int hop = 1; hop <= r.hops(); hop++) {
            List<MetaManagerAgent> next = new ArrayList<>();
            for (MetaManagerAgent from : frontier) {
                for (MetaManagerAgent peer : from.peers) {
                    if (asked.contains(peer) || (directory && peer.largestMachine() < r.numberOfProcessors())) {
                        continue; // each domain answers a request once; the directory skips domains too small
                    }
                    asked.add(peer);
                    next.add(peer);
                    p.messages++; // the forward
                    List<Offer> o = peer.localOffers(r, now, uf);
                    p.messages += Math.max(1, o.size());
                    offers.addAll(o);
                    widest = Math.max(widest, peer.largestMachine());
                }
            }
            frontier = next;
        }
        p.offers += offers.size();
        Offer best = null;
        for (Offer o : offers) {
            if (p.offerCost + o.offerCost() > r.offerBudget()) {
                continue; // the user can no longer pay for this offer
            }
            p.offerCost += o.offerCost();
            if (o.jobCost() <= r.jobBudget() && o.reservationCost() <= r.reservationBudget()
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
            ownerOf(best, asked).accept(best, r, now);
            trades.put(r.job().order(), new Trade(r.requestId(), p.attempts, p.offers, p.messages, best.jobCost(),
                    best.utilityValue(), best.domain()));
            return;
        }
        p.messages += offers.size(); // releases
        String reason;
        if (widest < r.numberOfProcessors()) {
            reason = "needs " + r.numberOfProcessors() + " nodes but the widest reachable machine has " + widest;
        } else if (now >= r.searchDeadline()) {
            reason = offers.isEmpty() ? "no offer within the search time"
                    : "no acceptable offer within the search time (budgets)";
        } else {
            waiting.add(p);
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

    private static MachineOwnerAgent ownerOf(Offer o, Set<MetaManagerAgent> domains) {
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
