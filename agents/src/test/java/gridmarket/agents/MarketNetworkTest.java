package gridmarket.agents;

import gridmarket.agents.RoleFixture.Recorder;
import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.Placement;
import gridmarket.market.protocol.Message;
import gridmarket.market.protocol.Moved;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.Release;
import gridmarket.sim.engine.Orderings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The market's network alone, between fake agents that record what it delivers (SPEC E3). */
class MarketNetworkTest {

    /** A message labelled by its hold number, for request {@code request}. */
    private static Release label(long request, long hold) {
        return new Release(request, 0, hold);
    }

    private static long labelOf(Message m) {
        return ((Release) m).hold();
    }

    /** A network whose wake-ups step domain {@code d} at the asked time, as a MetaManager's step would. */
    private static final class Wired {
        final RoleFixture f = new RoleFixture();
        final List<String> log = new ArrayList<>();
        final Set<String> wakes = new HashSet<>();
        MarketNetwork network; // set once; the wake-up it is built with reads it

        Wired(long latency, int[][] hops) {
            network = new MarketNetwork(f.clock, latency, hops, (d, t) -> {
                if (wakes.add(d + "@" + t)) {
                    f.at(t, Orderings.MARKET + d, () -> {
                        log.add("step " + d + "@" + t);
                        network.deliverDue(d, t);
                    });
                }
            });
        }

        /** A fake agent at {@code a} that logs each message's label and delivery time. */
        Recorder agent(Address a, String name) {
            Recorder r = new Recorder();
            r.reaction = x -> log.add(name + labelOf(x.message()) + "@" + x.now());
            network.register(a, r);
            return r;
        }
    }

    @Test
    void messagesDueNowAreDeliveredFirstInFirstOutAndAllBeforeTheSendReturns() {
        // One domain: every message is due now whatever the latency.
        Wired w = new Wired(10, new int[][] {{0}});
        Address origin = Address.metaManager(0);
        Address a = Address.owner(0, 0);
        Address b = Address.owner(1, 0);
        Address c = Address.owner(2, 0);
        w.agent(origin, "origin");
        Recorder ra = w.agent(a, "a");
        Recorder rb = w.agent(b, "b");
        w.agent(c, "c");
        ra.reaction = ra.reaction.andThen(x -> {
            w.network.send(a, b, label(1, 2));
            w.network.send(a, c, label(1, 3));
            w.log.add("a returns");
        });
        rb.reaction = rb.reaction.andThen(x -> w.network.send(b, c, label(1, 4)));
        w.f.at(5, RoleFixture.TEST, () -> {
            w.network.send(origin, a, label(1, 1));
            w.log.add("send returned");
        });
        w.f.run();
        // Depth first would give c4 before c3; a handler that is interrupted would give b2 before "a returns".
        assertEquals(List.of("a1@5", "a returns", "b2@5", "c3@5", "c4@5", "send returned"), w.log);
        assertTrue(w.wakes.isEmpty(), "nothing waits for a step");
    }

    @Test
    void hopsFollowThePeerLinksEitherWay() {
        // A chain 0 -> 1 -> 2, and a star whose leaves forward to no one.
        DomainDirectory chain = new DomainDirectory(List.of(
                new DomainDirectory.Domain(0, "s0", List.of(1), List.of(4)),
                new DomainDirectory.Domain(1, "s1", List.of(2), List.of(4)),
                new DomainDirectory.Domain(2, "s2", List.of(), List.of(4))));
        int[][] h = chain.hops();
        assertArrayEquals(new int[] {0, 1, 2}, h[0]);
        assertArrayEquals(new int[] {1, 0, 1}, h[1]);
        assertArrayEquals(new int[] {2, 1, 0}, h[2], "an answer goes back the way its request came");
        DomainDirectory star = new DomainDirectory(List.of(
                new DomainDirectory.Domain(0, "s0", List.of(1, 2), List.of(4)),
                new DomainDirectory.Domain(1, "s1", List.of(), List.of(4)),
                new DomainDirectory.Domain(2, "s2", List.of(), List.of(4))));
        int[][] s = star.hops();
        assertEquals(1, s[1][0], "1 forwards to no one, but answers 0 over 0's link");
        assertEquals(-1, s[1][2], "the leaves reach each other neither way");
        assertEquals(-1, s[2][1]);
        Wired w = new Wired(5, s);
        w.agent(Address.metaManager(1), "one");
        w.agent(Address.metaManager(2), "two");
        assertThrows(IllegalStateException.class,
                () -> w.network.send(Address.metaManager(1), Address.metaManager(2), label(1, 1)));
        assertThrows(IllegalStateException.class,
                () -> w.network.send(Address.metaManager(1), Address.owner(9, 0), label(1, 1)), "no agent there");
    }

    @Test
    void aMessageToAnotherDomainArrivesAtLatencyTimesHopsInSendOrderAtThatDomainsStep() {
        // 0 -> 1 -> 2: domain 1 at 1 hop, domain 2 at 2; latency 7.
        DomainDirectory chain = new DomainDirectory(List.of(
                new DomainDirectory.Domain(0, "s0", List.of(1), List.of(4)),
                new DomainDirectory.Domain(1, "s1", List.of(2), List.of(4)),
                new DomainDirectory.Domain(2, "s2", List.of(), List.of(4))));
        Wired w = new Wired(7, chain.hops());
        Address origin = Address.metaManager(0);
        Address x = Address.owner(5, 1);
        Address y = Address.metaManager(1);
        Address z = Address.metaManager(2);
        w.agent(origin, "origin");
        w.agent(x, "x");
        w.agent(y, "y");
        Recorder rz = w.agent(z, "z");
        w.f.at(10, RoleFixture.TEST, () -> {
            w.network.send(origin, x, label(1, 1));
            w.network.send(origin, z, label(1, 2));
            w.network.send(origin, y, label(1, 3));
            w.network.send(origin, x, label(1, 4));
            w.log.add("sent@10");
        });
        w.f.at(12, RoleFixture.TEST, () -> w.network.send(origin, y, label(1, 5)));
        // From 2 back to 0: two hops, 14 s.
        rz.reaction = rz.reaction.andThen(m -> w.network.send(z, origin, label(1, 6)));
        w.f.run();
        assertEquals(List.of("sent@10",
                "step 1@17", "x1@17", "y3@17", "x4@17", // domain 1's messages of 17, in the order sent
                "step 1@19", "y5@19",
                "step 2@24", "z2@24", // two hops
                "step 0@38", "origin6@38"), w.log);
    }

    @Test
    void aMessageWaitsForItsDomainsStepNotAnotherDomains() {
        DomainDirectory star = new DomainDirectory(List.of(
                new DomainDirectory.Domain(0, "s0", List.of(1, 2), List.of(4)),
                new DomainDirectory.Domain(1, "s1", List.of(), List.of(4)),
                new DomainDirectory.Domain(2, "s2", List.of(), List.of(4))));
        Wired w = new Wired(3, star.hops());
        Address origin = Address.metaManager(0);
        w.agent(origin, "origin");
        Recorder one = w.agent(Address.metaManager(1), "one");
        Recorder two = w.agent(Address.metaManager(2), "two");
        w.f.at(0, RoleFixture.TEST, () -> {
            w.network.send(origin, Address.metaManager(2), label(1, 1));
            w.network.send(origin, Address.metaManager(1), label(1, 2));
        });
        // Just before the steps of 3, nothing has arrived; domain 1's step hands over only its own message.
        w.f.at(3, Orderings.JOB_END, () -> {
            assertTrue(one.log.isEmpty() && two.log.isEmpty(), "delivered before the receiving domain's step");
            w.network.deliverDue(1, 3);
            assertEquals(1, one.log.size());
            assertTrue(two.log.isEmpty(), "domain 1's step delivered domain 2's message");
        });
        w.f.run();
        assertEquals(List.of("one2@3", "step 1@3", "step 2@3", "two1@3"), w.log);
    }

    @Test
    void messagesAreCountedToTheirRequestByWeightAsTheyAreSent() {
        Wired w = new Wired(50, new int[][] {{0, 1}, {1, 0}});
        Address origin = Address.metaManager(0);
        Address peer = Address.metaManager(1);
        w.network.register(origin, new Recorder());
        w.network.register(peer, new Recorder());
        Placement p = new Placement(new int[] {0}, 0, 10, new ObjectiveVariables(0, 0, 0, 0, 0, 0));
        Offer o = Offer.single(1, 7, new OfferPart(1, 0, "m0", p, 1), 0, 0, -1);
        w.f.at(0, RoleFixture.TEST, () -> {
            w.network.send(peer, origin, new Offers(1, 7, List.of(o, o, o), false, true));
            assertEquals(3, w.network.messages(7), "counted when sent, one per offer, not when delivered");
            w.network.send(peer, origin, new Offers(2, 7, List.of(), false, false));
            assertEquals(4, w.network.messages(7), "an empty answer is one message");
            w.network.send(peer, origin, new Moved(7, 1, 5));
            assertEquals(4, w.network.messages(7), "an owner's notice of its own move is no message of the user");
            w.network.send(origin, peer, label(8, 1));
            assertEquals(4, w.network.messages(7));
            assertEquals(1, w.network.messages(8), "another request's message is its own");
            assertEquals(4, w.network.sent(), "every message sent, counted or not");
            w.network.forget(7);
            assertEquals(0, w.network.messages(7));
        });
        w.f.runThrough(0);
    }

    @Test
    void aMessageToNoOneFailsWhenSentNotWhenDue() {
        Wired w = new Wired(50, new int[][] {{0, 1}, {1, 0}});
        w.agent(Address.metaManager(0), "origin");
        try {
            w.network.send(Address.metaManager(0), Address.metaManager(1), label(1, 1));
            fail("sent to an address no agent holds");
        } catch (IllegalStateException e) {
            assertEquals("no agent at " + Address.metaManager(1), e.getMessage());
        }
        assertEquals(0, w.network.messages(1), "a message not sent is not counted");
    }
}
