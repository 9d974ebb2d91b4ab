package gridmarket.agents;

import gridmarket.agents.RoleFixture.Recorder;
import gridmarket.agents.RoleFixture.RecordingStrategy;
import gridmarket.market.FreeNodeWindows;
import gridmarket.market.OfferGenerator;
import gridmarket.market.OfferPart;
import gridmarket.market.OfferSettings;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.protocol.Accept;
import gridmarket.market.protocol.CallForOffers;
import gridmarket.market.protocol.Lost;
import gridmarket.market.protocol.MovePart;
import gridmarket.market.protocol.PartWindows;
import gridmarket.market.protocol.WindowsWithout;
import gridmarket.market.protocol.Offers;
import gridmarket.market.protocol.Refused;
import gridmarket.market.protocol.Release;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static gridmarket.agents.RoleFixture.job;
import static gridmarket.agents.RoleFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A machine owner alone (SPEC E1, E3): one owner of a 4-node machine in domain 1, and a fake origin MetaManager in
 * domain 0 that records what the owner sends it; every message between them takes 10 s.
 */
class MachineOwnerAgentTest {
    private static final long LATENCY = 10;

    /** The owner, its origin and the network between them. */
    private static final class Setup {
        final RoleFixture f = new RoleFixture();
        final MachineSchedule schedule = new MachineSchedule(new Machine("m0", 0, 4));
        final RecordingStrategy strategy = new RecordingStrategy(1);
        final JobLedger ledger = new JobLedger();
        final List<Long> plannedEnds = new ArrayList<>();
        final Recorder origin = new Recorder();
        final Address originAddress = Address.metaManager(0);
        final Address ownerAddress = Address.owner(0, 1);
        MarketNetwork network; // set once; the wake-up it is built with reads it
        final MachineOwnerAgent owner;
        private final Set<String> wakes = new HashSet<>();

        Setup() {
            network = new MarketNetwork(f.clock, LATENCY, new int[][] {{0, 1}, {1, 0}}, (d, t) -> {
                if (wakes.add(d + "@" + t)) {
                    f.at(t, Orderings.MARKET + d, () -> network.deliverDue(d, t));
                }
            });
            owner = new MachineOwnerAgent(0, schedule, strategy, new OfferGenerator(new OfferSettings(4, 3, 8, 1)), 1,
                    0, 0, Rescheduling.NONE, 1, f.clock, ledger, new ScheduleChanges(), plannedEnds::add);
            owner.connect(network, 1, 2);
            network.register(originAddress, origin);
        }

        void send(long at, gridmarket.market.protocol.Message m) {
            f.at(at, RoleFixture.TEST, () -> network.send(originAddress, ownerAddress, m));
        }

        /** The offers the origin received, with when. */
        List<RoleFixture.Received> answers() {
            return origin.received(Offers.class);
        }

        static Offer first(RoleFixture.Received r) {
            return ((Offers) r.message()).offers().get(0);
        }
    }

    /** 4 nodes, estimate 100, run 80, asked to start no earlier than {@code start}. */
    private static Request fourNodes(int order, long start) {
        Job j = job(order, 0, 4, 100, 80, 0);
        return request(j, 0, "UF1", 1).withStartTime(start);
    }

    @Test
    void anOwnerAnswersOnItsScheduleAsItIsWhenTheRequestArrives() {
        Setup free = new Setup();
        free.send(0, new CallForOffers(1, fourNodes(0, 0)));
        free.f.run();
        assertEquals(1, free.answers().size());
        assertEquals(20, free.answers().get(0).now(), "there and back: 2 x 10 s");
        assertEquals(10, Setup.first(free.answers().get(0)).startTime(), "not before the request arrived, at 10");
        assertEquals(Set.of(10L), free.strategy.pricedAt, "priced when the request arrived");

        // The same request, but at 5 a local job takes all nodes until 205 (planned): the request arrives at 10.
        Setup busy = new Setup();
        busy.send(0, new CallForOffers(1, fourNodes(0, 0)));
        busy.f.at(5, RoleFixture.TEST, () -> busy.schedule.start(job(9, 5, 4, 200, 200, 1), 5));
        busy.f.run();
        assertEquals(205, Setup.first(busy.answers().get(0)).startTime(), "the schedule as it was at 10, not at 0");
        assertEquals(busy.ownerAddress, busy.answers().get(0).from());
    }

    @Test
    void theStrategyHearsItsOfferAcceptedAndLostAndItsJobStartAndEnd() {
        Setup s = new Setup();
        Request taken = fourNodes(0, 100);
        Request other = fourNodes(1, 100);
        s.send(0, new CallForOffers(1, taken));
        s.send(0, new CallForOffers(2, other));
        s.f.at(20, RoleFixture.TEST + 1, () -> {
            OfferPart won = Setup.first(s.answers().get(0)).parts().get(0);
            OfferPart lost = Setup.first(s.answers().get(1)).parts().get(0);
            s.network.send(s.originAddress, s.ownerAddress, new Accept(taken, won, 77, null, 1, true, Long.MIN_VALUE));
            s.network.send(s.originAddress, s.ownerAddress, new Lost(other.requestId(), lost));
        });
        s.f.run();
        assertEquals(List.of("accepted 1 at 100 @30", "lost 2 at 100 @30", "started 1 @100", "ended 1 @180"),
                s.strategy.heard);
        assertEquals(List.of(180L), s.plannedEnds, "told when the job it started will end");
        JobOutcome o = s.ledger.outcomes().get(0);
        assertEquals(1, s.ledger.size());
        assertEquals(100, o.start());
        assertEquals(180, o.end());
        assertTrue(s.origin.received(Refused.class).isEmpty());
    }

    @Test
    void anAcceptWhoseNodesWereTakenWhileItTravelledIsRefusedToItsSender() {
        Setup s = new Setup();
        Request r = fourNodes(0, 100);
        s.send(0, new CallForOffers(1, r));
        s.f.at(20, RoleFixture.TEST + 1, () -> s.network.send(s.originAddress, s.ownerAddress,
                new Accept(r, Setup.first(s.answers().get(0)).parts().get(0), 5, null, 1, true, Long.MIN_VALUE)));
        // At 25 a local job takes the nodes until 525: the accept arrives at 30.
        s.f.at(25, RoleFixture.TEST, () -> s.schedule.start(job(9, 25, 4, 500, 500, 1), 25));
        s.f.run();
        List<RoleFixture.Received> refused = s.origin.received(Refused.class);
        assertEquals(1, refused.size());
        assertEquals(new Refused(1, 5), refused.get(0).message(), "names the request and the origin's hold");
        assertEquals(40, refused.get(0).now(), "refused on arrival at 30, heard at 40");
        assertEquals(s.ownerAddress, refused.get(0).from());
        assertTrue(s.strategy.heard.isEmpty(), "nothing accepted, nothing started: " + s.strategy.heard);
        assertTrue(s.schedule.reservations().isEmpty());
        assertEquals(0, s.ledger.size());
    }

    @Test
    void ofTwoAcceptsForTheSameNodesTheSecondToArriveIsRefused() {
        Setup s = new Setup();
        Request first = fourNodes(0, 100);
        Request second = fourNodes(1, 100);
        s.send(0, new CallForOffers(1, first));
        s.send(0, new CallForOffers(2, second));
        s.f.at(20, RoleFixture.TEST + 1, () -> {
            s.network.send(s.originAddress, s.ownerAddress,
                    new Accept(second, Setup.first(s.answers().get(1)).parts().get(0), 2, null, 1, true,
                            Long.MIN_VALUE));
            s.network.send(s.originAddress, s.ownerAddress,
                    new Accept(first, Setup.first(s.answers().get(0)).parts().get(0), 1, null, 1, true,
                            Long.MIN_VALUE));
        });
        s.f.run();
        assertEquals(Setup.first(s.answers().get(0)).startTime(), Setup.first(s.answers().get(1)).startTime(),
                "both were offered the same start");
        assertEquals(List.of(new Refused(1, 1)), s.origin.messages(Refused.class), "the one that arrived second");
        assertEquals(List.of("accepted 2 at 100 @30", "started 2 @100", "ended 2 @180"), s.strategy.heard);
    }

    @Test
    void aReleaseAfterTheJobStartedIsRefusedAndTheJobRunsOn() {
        Setup s = new Setup();
        Request r = fourNodes(0, 100);
        s.send(0, new CallForOffers(1, r));
        s.f.at(20, RoleFixture.TEST + 1, () -> s.network.send(s.originAddress, s.ownerAddress,
                new Accept(r, Setup.first(s.answers().get(0)).parts().get(0), 5, null, 1, true, Long.MIN_VALUE)));
        s.send(95, new Release(1, 0, 5)); // arrives at 105: the job started at 100
        s.f.run();
        List<RoleFixture.Received> refused = s.origin.received(Refused.class);
        assertEquals(1, refused.size());
        assertEquals(new Refused(1, 5), refused.get(0).message());
        assertEquals(115, refused.get(0).now());
        assertEquals(List.of("accepted 1 at 100 @30", "started 1 @100", "ended 1 @180"), s.strategy.heard);
        assertEquals(1, s.ledger.size());
        assertEquals(180, s.ledger.outcomes().get(0).end());
    }

    @Test
    void aReleaseBeforeTheStartWithdrawsTheReservationWithoutAnswer() {
        Setup s = new Setup();
        Request r = fourNodes(0, 100);
        s.send(0, new CallForOffers(1, r));
        s.f.at(20, RoleFixture.TEST + 1, () -> s.network.send(s.originAddress, s.ownerAddress,
                new Accept(r, Setup.first(s.answers().get(0)).parts().get(0), 5, null, 1, true, Long.MIN_VALUE)));
        s.f.at(40, RoleFixture.TEST, () -> assertEquals(1, s.schedule.reservations().size()));
        s.send(60, new Release(1, 0, 5)); // arrives at 70
        s.f.run();
        assertTrue(s.origin.received(Refused.class).isEmpty());
        assertTrue(s.schedule.reservations().isEmpty());
        assertEquals(List.of("accepted 1 at 100 @30"), s.strategy.heard, "the job never starts");
        assertEquals(0, s.ledger.size());
    }

    /** The origin takes the 4-node offer for a start at 100 as its hold 5. */
    private static void acceptAt100(Setup s) {
        Request r = fourNodes(0, 100);
        s.send(0, new CallForOffers(1, r));
        s.f.at(20, RoleFixture.TEST + 1, () -> s.network.send(s.originAddress, s.ownerAddress,
                new Accept(r, Setup.first(s.answers().get(0)).parts().get(0), 5, null, 1, true, Long.MIN_VALUE)));
    }

    @Test
    void aPartMovedUpTellsTheDomainThatCapacityWasFreed() {
        Setup s = new Setup();
        int[] freed = {0};
        s.owner.onCapacityFreed(() -> freed[0]++);
        acceptAt100(s);
        s.send(40, new MovePart(1, 0, 5, 60)); // arrives at 50
        s.f.at(55, RoleFixture.TEST, () -> {
            assertEquals(60, s.schedule.reservations().get(0).start(), "moved up from 100 to 60");
            assertEquals(1, freed[0], "[60, 100) is held now, [160, 200) free: the domain hears it once");
        });
        s.f.run();
        assertEquals(List.of("accepted 1 at 100 @30", "started 1 @60", "ended 1 @140"), s.strategy.heard);
    }

    @Test
    void aPartsWindowsAreSentAgainWhileTheScheduleStandsAndReadAnewAfterItChanged() {
        Setup s = new Setup();
        acceptAt100(s);
        s.send(40, new WindowsWithout(7, 1, 0, 5, 100, 100)); // at 50
        s.send(45, new WindowsWithout(8, 1, 0, 5, 100, 100)); // at 55: nothing changed since
        // at 57 a local job takes nodes 0-1 until 97 (planned), before the part's start
        gridmarket.sim.machine.Allocation[] local = new gridmarket.sim.machine.Allocation[1];
        s.f.at(57, RoleFixture.TEST, () -> local[0] = s.schedule.startOn(job(9, 57, 2, 40, 40, 1), new int[] {0, 1},
                40, 40, 57));
        s.f.at(97, RoleFixture.TEST, () -> s.schedule.finish(local[0]));
        s.send(60, new WindowsWithout(9, 1, 0, 5, 100, 100)); // at 70
        s.f.at(80, RoleFixture.TEST, () -> {
            assertEquals(1, s.schedule.reservations().size(), "the part is back in its place after each question");
            assertEquals(100, s.schedule.reservations().get(0).start());
        });
        s.f.run();
        List<FreeNodeWindows> w = s.origin.messages(PartWindows.class).stream().map(PartWindows::windows).toList();
        assertEquals(3, w.size());
        assertEquals(4, w.get(0).countAt(60), "without the part, all 4 nodes are free for 100 s from 60");
        assertSame(w.get(0), w.get(1), "the same answer while the schedule did not change");
        assertNotSame(w.get(1), w.get(2));
        assertEquals(2, w.get(2).countAt(70), "the local job holds 2 nodes until 97");
        assertEquals(4, w.get(2).countAt(97));
        assertEquals(List.of("accepted 1 at 100 @30", "started 1 @100", "ended 1 @180"), s.strategy.heard);
    }
}
