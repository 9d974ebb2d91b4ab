package gridmarket.agents;

import gridmarket.market.protocol.Broken;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.FreeWindows;
import gridmarket.market.protocol.Killed;
import gridmarket.market.protocol.Message;
import gridmarket.market.protocol.Moved;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.PartOffer;
import gridmarket.market.protocol.PartWindows;
import gridmarket.market.protocol.PartialRequest;
import gridmarket.market.protocol.Refused;
import gridmarket.sim.failure.OutageCalendar;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The market's domain outages (docs/FAILURES.md, "Domain outages"): when each domain's MetaManager is unreachable,
 * what becomes of a message to or from it, where its users' new requests go, and what the outages cost.
 *
 * <p>A message to an unreachable MetaManager is lost, but for an owner's notice about a job it holds (refused,
 * killed, broken, moved, a part's windows), which its owner sends again until it is heard: it arrives when the
 * MetaManager is back. Owners stay reachable: their machines did not fail.
 */
final class DomainOutages {
    private final OutageCalendar calendar;
    private final long timeout;
    /** The domain an unreachable domain's users send new requests to; -1: they wait until it is back. */
    private final int fallback;
    private List<MetaManagerAgent> traders = List.of();
    private long messagesLost;
    private long callsLost;
    private long offersLost;
    private long noticesHeld;
    private long roundsTimedOut;
    private long requestsDelayed;
    private long delaySeconds;
    private long requestsRedirected;

    /**
     * @param timeout  seconds a round waits for a missing answer beyond the answer's round trip
     * @param fallback the fallback domain's index, or -1 to wait
     */
    DomainOutages(OutageCalendar calendar, long timeout, int fallback) {
        this.calendar = calendar;
        this.timeout = timeout;
        this.fallback = fallback;
    }

    /** The MetaManagers, in domain order, told when a round of theirs lost a message. */
    void connect(List<MetaManagerAgent> traders) {
        this.traders = traders;
    }

    boolean down(int domain, long t) {
        return calendar.down(domain, t);
    }

    long backAt(int domain, long t) {
        return calendar.backAt(domain, t);
    }

    long timeout() {
        return timeout;
    }

    /**
     * The domain whose MetaManager takes a request of domain {@code home}'s user submitted at {@code t}: its own, or
     * the fallback while its own is unreachable and the fallback is not.
     */
    int origin(int home, long t) {
        return fallback >= 0 && calendar.down(home, t) && !calendar.down(fallback, t) ? fallback : home;
    }

    /** A user's request reached its MetaManager while that was unreachable: it waits until {@code back}. */
    void delayed(long submit, long back) {
        requestsDelayed++;
        delaySeconds += back - submit;
    }

    /** A user's request went to the fallback domain. */
    void redirected() {
        requestsRedirected++;
    }

    void roundTimedOut() {
        roundsTimedOut++;
    }

    /**
     * When a message sent now arrives: {@code at} as planned, the time its MetaManager is back for an owner's notice,
     * or -1 if it is lost (to or from an unreachable MetaManager). A lost message of a round is reported to the
     * round's origin, which then waits out the timeout.
     */
    long arrival(Address from, Address to, Message m, long now, long at) {
        boolean fromDown = from.kind() == Address.Kind.META_MANAGER && calendar.down(from.domain(), now);
        boolean toDown = to.kind() == Address.Kind.META_MANAGER && calendar.down(to.domain(), at);
        if (!fromDown && !toDown) {
            return at;
        }
        if (!fromDown && (m instanceof Refused || m instanceof Killed || m instanceof Broken || m instanceof Moved
                || m instanceof PartWindows)) {
            noticesHeld++;
            return calendar.backAt(to.domain(), at);
        }
        messagesLost++;
        if (m instanceof CallForOffers c) {
            callsLost++;
            traders.get(from.domain()).roundLost(c.conversation(), false);
        } else if (m instanceof PartialRequest p) {
            callsLost++;
            traders.get(from.domain()).roundLost(p.conversation(), false);
        } else if (m instanceof Offers o) {
            offersLost += o.offers().size();
            traders.get(to.domain()).roundLost(o.conversation(), true);
        } else if (m instanceof FreeWindows w) {
            traders.get(to.domain()).roundLost(w.conversation(), true);
        } else if (m instanceof PartOffer p) {
            traders.get(to.domain()).roundLost(p.conversation(), true);
        }
        return -1;
    }

    /** What the outages cost the run, with the outages that began before {@code end} (the run's last event). */
    Map<String, Object> measures(long end, List<String> domains) {
        Map<String, Object> m = new LinkedHashMap<>();
        int outages = 0;
        Map<String, Long> downSeconds = new LinkedHashMap<>();
        for (int d = 0; d < domains.size(); d++) {
            long down = 0;
            for (long[] p : calendar.periods(d, end)) {
                outages++;
                down += p[1] - p[0];
            }
            downSeconds.put(domains.get(d), down);
        }
        m.put("outages", outages);
        m.put("downSeconds", downSeconds);
        m.put("messagesLost", messagesLost);
        m.put("callsLost", callsLost);
        m.put("offersLost", offersLost);
        m.put("noticesHeld", noticesHeld);
        m.put("roundsTimedOut", roundsTimedOut);
        m.put("requestsDelayed", requestsDelayed);
        m.put("delaySeconds", delaySeconds);
        m.put("requestsRedirected", requestsRedirected);
        m.put("timeout", timeout);
        m.put("fallback", fallback < 0 ? "wait" : domains.get(fallback));
        return m;
    }
}
