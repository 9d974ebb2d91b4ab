package gridmarket.agents;

import gridmarket.agents.RoleFixture.Received;
import gridmarket.agents.RoleFixture.Recorder;
import gridmarket.market.CoAllocationMode;
import gridmarket.market.ObjectiveVariables;
import gridmarket.market.Offer;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSelection;
import gridmarket.market.Placement;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.Trade;
import gridmarket.market.protocol.Accept;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.Lost;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.Refused;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.result.JobLedger;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static gridmarket.agents.RoleFixture.job;
import static gridmarket.agents.RoleFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A MetaManager alone (SPEC E3, E8): the origin of site 0, which has no machine of its own, and fake peers that
 * record what it sends them and answer as a test scripts. The peers form a chain 0 -> 1 -> 2, so site 1 is one hop
 * away and site 2 two; a message takes 10 s a hop.
 */
class MetaManagerAgentTest {
    private static final long LATENCY = 10;

    /** A clearing rule that writes down the offers it is given, in their order, and takes the last. */
    private static final class TakesTheLast implements gridmarket.market.roles.ClearingRule {
        final List<List<Offer>> given = new ArrayList<>();

        @Override
        public OfferSelection.Choice clear(Request request, List<Offer> offers, OfferSelection budget) {
            given.add(offers);
            return new OfferSelection.Choice(offers.isEmpty() ? null : offers.get(offers.size() - 1), false, false);
        }
    }

    private static final class Setup {
        final RoleFixture f = new RoleFixture();
        final Map<Integer, Trade> trades = new HashMap<>();
        final ScheduleChanges changes = new ScheduleChanges();
        final TakesTheLast clearing = new TakesTheLast();
        final Recorder peer1 = new Recorder();
        final Recorder peer2 = new Recorder();
        final Recorder owner1 = new Recorder();
        final Recorder owner2 = new Recorder();
        final Address peer1At = Address.metaManager(1);
        final Address peer2At = Address.metaManager(2);
        final Address owner1At = Address.owner(0, 1);
        final Address owner2At = Address.owner(1, 2);
        final Set<String> wakes = new HashSet<>();
        MarketNetwork network;
        MetaManagerAgent origin;

        Setup() {
            DomainDirectory directory = new DomainDirectory(List.of(
                    new DomainDirectory.Domain(0, "s0", List.of(1), List.of()),
                    new DomainDirectory.Domain(1, "s1", List.of(2), List.of(4)),
                    new DomainDirectory.Domain(2, "s2", List.of(), List.of(4))));
            network = new MarketNetwork(f.clock, LATENCY, directory.hops(), (d, t) -> {
                if (d == 0) {
                    origin.planStep(t);
                } else if (wakes.add(d + "@" + t)) {
                    f.at(t, Orderings.MARKET + d, () -> network.deliverDue(d, t));
                }
            });
            MarketContext context = new MarketContext(f.clock, network, directory, new JobLedger(), trades, changes,
                    LATENCY, false, CoAllocationMode.OFF, 0, Rescheduling.COMPRESS);
            origin = new MetaManagerAgent(0, "s0", List.of(), context);
            origin.connect(clearing, null);
            network.register(Address.metaManager(0), origin);
            network.register(peer1At, peer1);
            network.register(peer2At, peer2);
            network.register(owner1At, owner1);
            network.register(owner2At, owner2);
        }

        /** The user sends {@code r} to the origin at its submit time. */
        void submit(Request r) {
            f.at(r.job().submit(), Orderings.SUBMIT, () -> origin.receive(r, RoleFixture.THESIS_USER));
            origin.planStep(r.job().submit());
        }

        /** Site {@code site} answers each call with one offer of its machine, starting at the asked start. */
        void answers(Recorder peer, Address at, int site, int machine, long delay) {
            peer.reaction = x -> {
                if (x.message() instanceof CallForOffers c) {
                    Request r = c.request();
                    Placement p = new Placement(new int[] {0, 1, 2, 3}, r.startTime(), r.startTime() + r.runTime(),
                            new ObjectiveVariables(0, 0, 0, 0, 0, 0));
                    Offer o = Offer.single(100 * site + c.conversation(), r.requestId(),
                            new OfferPart(site, machine, "m" + machine, p, 1), 0, 0, -p.start());
                    Offers answer = new Offers(c.conversation(), r.requestId(), List.of(o), false, true);
                    if (delay == 0) {
                        network.send(at, x.from(), answer);
                    } else {
                        f.at(x.now() + delay, RoleFixture.TEST, () -> network.send(at, x.from(), answer));
                    }
                }
            };
        }
    }

    @Test
    void aRoundAsksEveryDomainReachedNotBeforeTheAnswersCanComeBackAndKeepsTheOrderAsked() {
        Setup s = new Setup();
        s.answers(s.peer1, s.peer1At, 1, 0, 25); // site 1 takes 25 s to answer: back at 10 + 25 + 10 = 45
        s.answers(s.peer2, s.peer2At, 2, 1, 0); // site 2 answers at once: back at 20 + 20 = 40
        Request r = request(job(0, 0, 4, 100, 100, 0), 0, "UF1", 2);
        s.submit(r);
        s.f.run();
        Received call1 = s.peer1.received(CallForOffers.class).get(0);
        Received call2 = s.peer2.received(CallForOffers.class).get(0);
        assertEquals(10, call1.now());
        assertEquals(20, call2.now(), "two hops");
        assertEquals(101, ((CallForOffers) call1.message()).request().startTime(),
                "no start before a refusal of an accept to the farthest owner and the releases it causes are through, "
                        + "and a second more (a start at the instant a release arrives would come first): "
                        + "0 + 5 x 2 x 10 + 1");
        assertEquals(1, s.clearing.given.size());
        List<Offer> given = s.clearing.given.get(0);
        assertEquals(List.of("m0", "m1"), given.stream().map(Offer::machineName).toList(),
                "in the order asked (site 1, then site 2), though site 2's answer came first");
        // The rule took m1's offer (site 2): its owner gets the accept two hops after the decision at 45, and
        // m0's owner hears that its offer lost one hop after it.
        Received accept = s.owner2.received(Accept.class).get(0);
        assertEquals(65, accept.now());
        Accept a = (Accept) accept.message();
        assertEquals(given.get(1).parts().get(0), a.part());
        assertNull(a.stretch());
        assertEquals(1, a.machines());
        Received lost = s.owner1.received(Lost.class).get(0);
        assertEquals(55, lost.now());
        assertEquals(given.get(0).parts().get(0), ((Lost) lost.message()).part());
        assertTrue(s.owner2.received(Lost.class).isEmpty(), "the winner is not told it lost");
        Trade t = s.trades.get(0);
        assertEquals(given.get(1), t.accepted());
        assertEquals(2 + 2 + 1 + 1, t.messages(), "two calls, two one-offer answers, an accept and a loss");
        assertEquals(1, t.attempts());
        assertEquals(0, s.origin.waiting());
    }

    @Test
    void aRefusedAcceptSendsTheRequestBackToWaitUntilTheSchedulesChange() {
        Setup s = new Setup();
        s.answers(s.peer1, s.peer1At, 1, 0, 0);
        s.answers(s.peer2, s.peer2At, 2, 1, 0);
        s.owner2.reaction = x -> {
            if (x.message() instanceof Accept a) {
                s.network.send(s.owner2At, x.from(), new Refused(a.request().requestId(), a.hold()));
            }
        };
        Request r = request(job(0, 0, 4, 100, 100, 0), 0, "UF1", 2);
        s.submit(r);
        // A change of the schedules at 200, and a step of the origin then: the request asks again.
        s.f.at(200, Orderings.JOB_END, s.changes::changed);
        s.origin.planStep(200);
        s.f.runThrough(150);
        assertEquals(1, s.origin.waiting(), "refused at 60, heard at 80: waiting");
        assertNull(s.trades.get(0), "no trade while nothing is held");
        assertEquals(1, s.peer1.received(CallForOffers.class).size(), "no new round before a change");
        s.f.run();
        List<Received> calls = s.peer1.received(CallForOffers.class);
        assertEquals(2, calls.size(), "asked again after the change");
        assertEquals(210, calls.get(1).now());
        assertEquals(301, ((CallForOffers) calls.get(1).message()).request().startTime(), "200 + 5 x 2 x 10 + 1");
        assertEquals(2, s.owner2.received(Accept.class).size(), "and accepted again, refused again");
        assertEquals(2, s.clearing.given.size());
        assertEquals(1, s.origin.waiting(), "refused again at 260, waiting again");
    }
}
