package gridmarket.agents;

import gridmarket.market.protocol.Message;
import gridmarket.sim.engine.EventClock;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ObjLongConsumer;

/**
 * The one way between the market's agents (SPEC E3): every message is an immutable value that this network delivers
 * {@code latency x hops} seconds after it was sent, where hops is the distance between the sender's and the
 * receiver's domains over the peer links (0 within a domain). It counts every message to its request as it is sent,
 * so the counts follow from what was sent, never from counters placed by hand.
 *
 * <p>Delivery order is fixed, never MASON's shuffle: a message due now (no latency, or within a domain) joins a
 * first-in first-out queue that is run to completion before the send that started it returns, so a round of
 * messages ends within its instant and before the sender goes on; a later message is kept for its receiver's domain
 * and handed over in the order it was sent when that domain's MetaManager steps at the delivery time (the network
 * asks it to step then), before it does anything else. With domain outages, a message to or from an unreachable
 * MetaManager is lost or held until it is back ({@link DomainOutages}); it is counted to its request all the same.
 */
final class MarketNetwork {
    /** An agent that messages can be delivered to. */
    interface Agent {
        /** Handles one message; {@code from} is where an answer goes. */
        void receive(Address from, Message message, long now);
    }

    private record Envelope(Address from, Address to, Message message) {
    }

    private final EventClock clock;
    private final long latency;
    private final int[][] hops;
    private final ObjLongConsumer<Integer> wake;
    /** The agents by kind and index (a domain's, a machine's): a message looks its receiver up twice. */
    private final Map<Address.Kind, List<Agent>> agents = new java.util.EnumMap<>(Address.Kind.class);
    private final Map<Address.Kind, List<Address>> addresses = new java.util.EnumMap<>(Address.Kind.class);
    private final ArrayDeque<Envelope> due = new ArrayDeque<>();
    private final TreeMap<Long, Map<Integer, List<Envelope>>> later = new TreeMap<>();
    private final Map<Long, Integer> counts = new HashMap<>();
    private boolean delivering;
    private long sent;
    /** The run's domain outages, or {@code null}: every MetaManager is always reachable. */
    private DomainOutages outages;

    /**
     * @param latency seconds per hop between domains
     * @param hops    the hop distance between every two domains ({@code hops[a][b]}, 0 on the diagonal)
     * @param wake    asks domain {@code d}'s MetaManager to step at a time, where this network hands it its messages
     */
    MarketNetwork(EventClock clock, long latency, int[][] hops, ObjLongConsumer<Integer> wake) {
        this.clock = clock;
        this.latency = latency;
        this.hops = hops;
        this.wake = wake;
    }

    /** Loses or holds the messages of unreachable MetaManagers from now on (a run with domain outages). */
    void outages(DomainOutages outages) {
        this.outages = outages;
    }

    void register(Address address, Agent agent) {
        List<Agent> byIndex = agents.computeIfAbsent(address.kind(), k -> new ArrayList<>());
        List<Address> at = addresses.computeIfAbsent(address.kind(), k -> new ArrayList<>());
        while (byIndex.size() <= address.index()) {
            byIndex.add(null);
            at.add(null);
        }
        byIndex.set(address.index(), agent);
        at.set(address.index(), address);
    }

    /** The agent at {@code address}, or null. */
    private Agent agent(Address address) {
        List<Address> at = addresses.get(address.kind());
        return at == null || address.index() < 0 || address.index() >= at.size()
                || !address.equals(at.get(address.index())) ? null : agents.get(address.kind()).get(address.index());
    }

    /** Sends {@code message} from one agent to another; counted to its request now. */
    void send(Address from, Address to, Message message) {
        if (agent(to) == null) {
            throw new IllegalStateException("no agent at " + to);
        }
        if (message.weight() > 0) {
            counts.merge(message.requestId(), message.weight(), Integer::sum);
        }
        sent++;
        Envelope e = new Envelope(from, to, message);
        int distance = hops[from.domain()][to.domain()];
        if (distance < 0) {
            throw new IllegalStateException("domain " + to.domain() + " is not reachable from " + from.domain());
        }
        long now = clock.now();
        long at = now + latency * distance;
        if (outages != null) {
            at = outages.arrival(from, to, message, now, at);
            if (at < 0) {
                return; // lost: its receiver was unreachable
            }
        }
        if (at == now) {
            due.add(e);
            deliverQueued();
            return;
        }
        later.computeIfAbsent(at, t -> new HashMap<>()).computeIfAbsent(to.domain(), d -> new ArrayList<>()).add(e);
        wake.accept(to.domain(), at);
    }

    /** The seconds a message from {@code from} takes to reach domain {@code domain} (no outage delaying it). */
    long delay(Address from, int domain) {
        return latency * hops[from.domain()][domain];
    }

    /** Whether a message from {@code from} can reach domain {@code domain} over the peer links. */
    boolean reaches(Address from, int domain) {
        return hops[from.domain()][domain] >= 0;
    }

    /** Hands domain {@code domain} the messages due for it now, in the order they were sent. */
    void deliverDue(int domain, long now) {
        Map<Integer, List<Envelope>> at = later.get(now);
        if (at == null) {
            return;
        }
        List<Envelope> mine = at.remove(domain);
        if (at.isEmpty()) {
            later.remove(now);
        }
        if (mine != null) {
            due.addAll(mine);
            deliverQueued();
        }
    }

    private void deliverQueued() {
        if (delivering) {
            return; // the outer delivery loop takes it, after what was sent before it
        }
        delivering = true;
        try {
            long now = clock.now();
            while (!due.isEmpty()) {
                Envelope e = due.poll();
                agent(e.to()).receive(e.from(), e.message(), now);
            }
        } finally {
            delivering = false;
        }
    }

    /**
     * Runs an agent's action as it would handle a message: what the action sends for now is delivered after it ends,
     * in the order sent (a clock auction's decision, which comes at a step rather than with an answer).
     */
    void handle(Runnable action) {
        if (delivering) {
            action.run();
            return;
        }
        delivering = true;
        try {
            action.run();
        } finally {
            delivering = false;
        }
        deliverQueued();
    }

    /**
     * Counts {@code n} messages to a request that an auctioneer's clock exchanges without putting them on the network
     * one by one (a clock auction's prices and answers: their time is the auction's, see {@link AuctionClocks}).
     */
    void countUnsent(long requestId, int n) {
        if (n > 0) {
            counts.merge(requestId, n, Integer::sum);
            sent += n;
        }
    }

    /** Messages counted to request {@code requestId} so far. */
    int messages(long requestId) {
        return counts.getOrDefault(requestId, 0);
    }

    /** Forgets a rejected request's count (its trade is final). */
    void forget(long requestId) {
        counts.remove(requestId);
    }

    /** Messages sent so far, counted or not. */
    long sent() {
        return sent;
    }
}
