package gridmarket.agents;

import gridmarket.agents.RoleFixture.Grid;
import gridmarket.agents.RoleFixture.RecordingStrategy;
import gridmarket.agents.RoleFixture.Settings;
import gridmarket.market.CoAllocationMode;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.market.Rescheduling;
import gridmarket.market.protocol.IdleNodes;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static gridmarket.agents.RoleFixture.job;
import static gridmarket.agents.RoleFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Owners, MetaManagers and the network together on tiny hand-built grids (issue: roles tested alone), each case
 * worked by hand: what a forwarded request sees, who hears of a lost offer, how co-allocated parts move, and what a
 * re-bid costs in time under latency. Machines are m0, m1, ... in site order; every offer search is the market's.
 */
class MarketRolesTogetherTest {

    /** A round's decision as the observer saw it. */
    private record Decision(long requestId, List<Offer> offers, Offer winner, long now) {
    }

    private static List<Decision> watch(Settings s) {
        List<Decision> seen = new ArrayList<>();
        s.observer = (mm, r, offers, winner, now) -> seen.add(new Decision(r.requestId(), offers, winner, now));
        return seen;
    }

    @Test
    void aForwardedRequestSeesThePeersScheduleAsItIsWhenItArrives() {
        // m0 (site 0) is busy until 1000; m1 (site 1) is free when the round starts at 0, but a local job takes it at
        // 5 until 205 (planned). The forward reaches site 1 at 10, so m1 offers 205, not the 30 it had at 0.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        List<Decision> seen = watch(s);
        Grid g = f.grid(s, new int[] {4}, new int[] {4});
        g.localJob(0, job(8, 0, 4, 1000, 1000, 0), Orderings.JOB_END);
        g.localJob(1, job(9, 5, 4, 200, 200, 1), RoleFixture.TEST);
        g.submit(request(job(0, 0, 4, 100, 100, 0), 0, "UF1", 1));
        f.run();
        assertEquals(1, seen.size());
        Decision d = seen.get(0);
        assertEquals(20, d.now(), "the peer's answer is back after 2 x 10 s");
        assertEquals(List.of(205L, 1000L), d.offers().stream().map(Offer::startTime).sorted().toList());
        assertEquals("m1", d.winner().machineName());
        JobOutcome o = g.outcomes(1).get(0);
        assertEquals("m1", o.machine());
        assertEquals(205, o.start());
        assertEquals(305, o.end());
    }

    @Test
    void everyLostOfferReachesItsOwnerAfterItsHops() {
        // A chain 0 -> 1 -> 2 with latency 10: m1 is 1 hop from the origin, m2 2 hops. Every machine is free; the
        // request (Hops 2) may start no earlier than 0 + 5 x 20 = 100. All offer 100; the tie goes to m0.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.peers = List.of(List.of(1), List.of(2), List.of());
        List<RecordingStrategy> owners = List.of(new RecordingStrategy(1), new RecordingStrategy(1),
                new RecordingStrategy(1));
        s.strategies = owners::get;
        List<Decision> seen = watch(s);
        Grid g = f.grid(s, new int[] {4}, new int[] {4}, new int[] {4});
        g.submit(request(job(0, 0, 4, 100, 100, 0), 0, "UF1", 2));
        f.run();
        assertEquals(40, seen.get(0).now(), "the farthest answer is back after 2 x 2 x 10 s");
        assertEquals(3, seen.get(0).offers().size());
        assertEquals("m0", seen.get(0).winner().machineName());
        assertEquals(List.of(0L), List.copyOf(owners.get(0).pricedAt), "the origin's owner priced at once");
        assertEquals(List.of(10L), List.copyOf(owners.get(1).pricedAt), "m1 priced when the request arrived");
        assertEquals(List.of(20L), List.copyOf(owners.get(2).pricedAt), "m2 two hops later");
        assertEquals(List.of("accepted 1 at 101 @40", "started 1 @101", "ended 1 @201"), owners.get(0).heard);
        assertEquals(List.of("lost 1 at 101 @50"), owners.get(1).heard, "the loss is told 1 hop after the decision");
        assertEquals(List.of("lost 1 at 101 @60"), owners.get(2).heard, "and 2 hops away, 20 s after it");
        assertEquals(1, g.ledger.size());
    }

    /** A on m0 is planned to 1000 but ends at 100; B holds 2 of m1's nodes until 500; W needs 6 nodes at 1. */
    private static Job[] aHoleOpensUnderACoAllocatedJob() {
        return new Job[] {job(0, 0, 4, 1000, 100, 0), job(1, 0, 2, 500, 500, 0), job(2, 1, 6, 200, 200, 0)};
    }

    @Test
    void theCoAllocatedPartsOfAJobAtHomeMoveTogetherUnderLatency() {
        // One site with m0 and m1 and a latency of 10 s, which messages within a site do not pay. W is promised
        // 1000 on 4 nodes of m0 and 2 of m1; when A ends at 100, both parts move to 100.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        Grid g = f.grid(s, new int[] {4, 4});
        for (Job j : aHoleOpensUnderACoAllocatedJob()) {
            g.submit(request(j, 0, "UF1", 1));
        }
        f.runThrough(50);
        List<Long> before = new ArrayList<>();
        g.schedules.forEach(m -> m.reservations().stream().filter(a -> a.job().id() == 3)
                .forEach(a -> before.add(a.start())));
        assertEquals(List.of(1000L, 1000L), before, "a part on each machine, both at 1000");
        f.run();
        List<JobOutcome> parts = g.outcomes(3);
        assertEquals(2, parts.size());
        for (JobOutcome o : parts) {
            assertEquals(100, o.start(), "both parts moved together: " + o);
            assertEquals(300, o.end());
            assertEquals(2, o.spread());
        }
        assertEquals(6, parts.stream().mapToInt(JobOutcome::nodeCount).sum());
        assertEquals(1000L, g.trades.get(2).promisedStart());
    }

    @Test
    void theCoAllocatedPartsOfAJobOverTwoSitesStayTogetherUnderLatency() {
        // m0 at site 0, m1 at site 1, 10 s a message between them; offers start 5 x 10 s and a second after a round
        // begins. A holds m0 from 51 (planned to 1051, ends at 151), B (site 1) 2 nodes of m1 from 101. W's parts,
        // promised at 1051 on both machines, do not move when A ends early (the origin cannot move parts in another
        // domain together), and never apart.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        Grid g = f.grid(s, new int[] {4}, new int[] {4});
        g.submit(request(job(0, 0, 4, 1000, 100, 0), 0, "UF1", 1));
        g.submit(request(job(1, 50, 2, 500, 500, 1), 1, "UF1", 1));
        g.submit(request(job(2, 60, 6, 200, 200, 0), 0, "UF1", 1));
        f.run();
        assertEquals(51, g.outcomes(1).get(0).start());
        assertEquals(101, g.outcomes(2).get(0).start());
        List<JobOutcome> parts = g.outcomes(3);
        assertEquals(2, parts.size());
        assertEquals(List.of("m0", "m1"), parts.stream().map(JobOutcome::machine).sorted().toList());
        for (JobOutcome o : parts) {
            assertEquals(1051, o.start(), "after A's planned end on m0: " + o);
            assertEquals(1251, o.end());
        }
    }

    @Test
    void aRebidUnderLatencyPaysItsMessagesDelays() {
        // Sites 0 (m0) and 1 (m1), 10 s a message; offers start 5 x 10 s and a second after a round begins. A holds
        // m0 51-1051. B (site 1, at 50) takes m1 at 101 (its accept arrives at 80), planned to 1101 but ends at 201. C
        // (site 0, at 75; its call reaches m1 at 85, after B's accept) is promised m0 at 1051. At 201 m1 is idle; its
        // announcement reaches site 0 at 211, where C re-bids; the swap starts C at 211 + 5 x 10 + 1.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        List<Decision> seen = watch(s);
        Grid g = f.grid(s, new int[] {4}, new int[] {4});
        g.submit(request(job(0, 0, 4, 1000, 1000, 0), 0, "UF1", 1));
        g.submit(request(job(1, 50, 4, 1000, 100, 1), 1, "UF1", 1));
        g.submit(request(job(2, 75, 4, 500, 500, 0), 0, "UF1", 1));
        f.run();
        Decision first = seen.stream().filter(d -> d.requestId() == 3).findFirst().orElseThrow();
        assertEquals(1051, first.winner().startTime(), "C's first promise");
        assertEquals("m0", first.winner().machineName());
        JobOutcome c = g.outcomes(3).get(0);
        assertEquals(1, g.outcomes(3).size());
        assertEquals("m1", c.machine(), "C swapped to the machine that freed");
        assertTrue(c.start() >= 200 + 2 * 10, "the swap's start pays the re-bid's round trip: " + c.start());
        assertEquals(262, c.start());
        assertEquals(762, c.end());
        assertEquals(1, g.trades.get(2).swaps());
        assertEquals(262L, g.trades.get(2).promisedStart());
        assertEquals(6 + 7, g.trades.get(2).messages(),
                "two rounds of 4 with an accept and a loss each, and the release of m0's reservation");
        assertTrue(g.schedules.get(0).reservations().isEmpty(), "C's old reservation on m0 was released");
    }

    @Test
    void aRefusedPartOfACoAllocatedJobDoesNotLeaveTheOtherPartRunningAlone() {
        // W (6 nodes) from site 0, latency 10: windows back at 20, parts asked at 20 and offered by 40, accepts at
        // 40: m0's (local) reserves 4 nodes at 50, m1's arrives at 50. At 45 a local job takes all of m1 until 145,
        // so m1 refuses; the refusal reaches the origin at 60, after m0's part started at 50.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.NONE;
        Grid g = f.grid(s, new int[] {4}, new int[] {4});
        g.localJob(1, job(9, 45, 4, 100, 100, 1), RoleFixture.TEST);
        g.submit(request(job(0, 0, 6, 100, 100, 0), 0, "UF1", 1));
        f.run();
        List<JobOutcome> parts = g.outcomes(1);
        assertTrue(parts.stream().allMatch(o -> o.start() == parts.get(0).start()),
                "every part of the job starts together: " + parts);
        assertEquals(2, parts.size(), "the job ran once, on two machines: " + parts);
    }

    @Test
    void aSwapWhoseAcceptAndReleaseAreBothRefusedKeepsTheJobThatStarted() {
        // Site 0 has no machine; site 2 is 1 hop away (m1), site 1 2 hops (m0): peers 0 -> 2 -> 1; latency 10.
        // UF3 = -(start + cost); m0 prices 1000, m1 10. Round 1 at 0 (Hops 2, earliest 60): m0 offers 150 (busy
        // to 150), m1 offers 10000 (busy): J holds m0 at 150. At 100 m1 frees and announces idle nodes: J re-bids
        // (earliest 160); m1 offers 160, worth -170 against -1150: at 140 J swaps, accepting m1 (arrives 150)
        // and releasing m0 (arrives 160). At 145 a local job takes m1: the accept is refused (back at 160); J's
        // job has started on m0 at 150, so the release is refused too (back at 180).
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        s.peers = List.of(List.of(2), List.of(), List.of(1));
        s.strategies = m -> new RecordingStrategy(m == 0 ? 1000 : 10);
        Grid g = f.grid(s, new int[] {}, new int[] {4}, new int[] {4});
        MetaManagerAgent origin = g.metaManagers.get(0);
        g.localJob(0, job(7, 0, 4, 150, 150, 1), Orderings.JOB_END);
        // m1 is planned busy to 10000 but frees at 100, and says so.
        Allocation[] busy = new Allocation[1];
        f.at(0, Orderings.JOB_END, () -> busy[0] = g.schedules.get(1).start(job(8, 0, 4, 10000, 10000, 2), 0));
        origin.planStep(100);
        f.at(100, Orderings.JOB_END, () -> {
            g.schedules.get(1).finish(busy[0], 100);
            g.changes.changed();
            // m0 (the origin's own machine, no latency) announces 4 idle nodes to its MetaManager
            g.network.send(Address.owner(0, 0), Address.metaManager(0), new IdleNodes(4));
        });
        g.localJob(1, job(9, 145, 4, 1000, 1000, 2), RoleFixture.TEST);
        g.submit(request(job(0, 0, 4, 100, 100, 0), 0, "UF3", 2));
        f.run();
        List<JobOutcome> runs = g.outcomes(1);
        assertEquals(150, runs.get(0).start());
        assertEquals("m0", runs.get(0).machine());
        assertEquals(1, runs.size(), "the job ran once: " + runs);
        assertEquals(0, origin.waiting(), "nothing waits: the job kept the reservation that started");
    }

    @Test
    void aRefusalHeardAtTheSearchDeadlineRejectsTheRequest() {
        // Sites 0 (m0) and 1 (m1), 10 s a message; J (search time 40) finds m0 busy until 1000 and takes m1 at 30,
        // the accept arriving at 30. A local job takes m1 at 25: the refusal is back at 40, J's deadline. J had
        // nothing acceptable it could hold by its deadline, so it is rejected, and the run goes on.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        Grid g = f.grid(s, new int[] {4}, new int[] {4});
        g.localJob(0, job(8, 0, 4, 1000, 1000, 0), Orderings.JOB_END);
        g.localJob(1, job(9, 25, 4, 100, 100, 1), RoleFixture.TEST);
        Request r = request(job(0, 0, 4, 100, 100, 0), 0, "UF1", 1);
        g.submit(new Request(r.requestId(), r.job(), r.userName(), 0, 4, 100, 0, Long.MAX_VALUE, 40, 1, 0,
                r.jobBudget(), r.offerBudget(), r.reservationBudget(), r.utility(), 1, 0, null));
        f.run();
        List<JobOutcome> j = g.outcomes(1);
        assertEquals(1, j.size());
        assertFalse(j.get(0).completed(), "nothing held at the deadline: rejected");
    }

    @Test
    void aSwapOfACoAllocatedJobNeverLeavesItsPartsApart() {
        // Site 0: m0 (price 1000), m1 (price 1); site 1: m2 (price 1000); 10 s a message; UF3 = -(start + cost).
        // m0 and m2 are busy to 200, m1 to 10000 (planned): W (6 nodes) is promised 200 on m0 (4) + m2 (2), for
        // 2000. At 155 m1 frees and says so: W re-bids (earliest 205); at 195 it swaps to m1 (4) + m2 (2) at 205,
        // for 1001. m0's old part is released at once; m2's old part started at 200, so its release (there at
        // 205) is refused, heard at 215.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        s.strategies = m -> new RecordingStrategy(m == 1 ? 1 : 1000);
        Grid g = f.grid(s, new int[] {4, 4}, new int[] {4});
        MetaManagerAgent origin = g.metaManagers.get(0);
        g.localJob(0, job(7, 0, 4, 200, 200, 0), Orderings.JOB_END);
        g.localJob(2, job(8, 0, 4, 200, 200, 1), Orderings.JOB_END);
        Allocation[] busy = new Allocation[1];
        f.at(0, Orderings.JOB_END, () -> busy[0] = g.schedules.get(1).start(job(9, 0, 4, 10000, 10000, 0), 0));
        origin.planStep(155);
        f.at(155, Orderings.JOB_END, () -> {
            g.schedules.get(1).finish(busy[0], 155);
            g.changes.changed();
            // m0 (the origin's own machine, no latency) announces 4 idle nodes to its MetaManager
            g.network.send(Address.owner(0, 0), Address.metaManager(0), new IdleNodes(4));
        });
        g.submit(request(job(0, 0, 6, 100, 100, 0), 0, "UF3", 1));
        f.runThrough(190);
        assertEquals(2, g.schedules.stream().mapToLong(m -> m.running().stream()
                .filter(a -> a.job().id() == 1).count() + m.reservations().stream()
                .filter(a -> a.job().id() == 1).count()).sum(), "W holds two parts before the swap");
        f.run();
        List<JobOutcome> parts = g.outcomes(1);
        assertTrue(parts.stream().allMatch(o -> o.start() == parts.get(0).start()),
                "every part of the job starts together: " + parts);
        assertEquals(2, parts.size(), "the job ran once, on two machines: " + parts);
        assertEquals(6, parts.stream().mapToInt(JobOutcome::nodeCount).sum());
    }

    @Test
    void aSwapsNewReservationDoesNotMoveUpBeforeTheOldOnesRefusalCanBeHeard() {
        // Sites 0 (m0, 8 nodes) and 1 (m1, 4 nodes), 10 s a message, UF1. X1 and X2 (site 0, no hops) run on m0 from
        // 0, planned to 2000; Y (site 1) on m1, planned to 1000. J (site 0, at 5) is promised m1 at 1000 (the accept
        // arrives at 35). At 100 X1 ends early: m0 announces idle nodes, J re-bids (earliest 151). At 115 Y ends
        // early and m1 moves J up to 115, where it starts; the notice reaches site 0 at 125. At 120 J swaps to m0 at
        // 151 and releases m1 (there at 130, refused, heard at 140). At 125 X2 ends early on m0: moving the new
        // reservation up to 125 would start the job a second time before the refusal could release it.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        Grid g = f.grid(s, new int[] {8}, new int[] {4});
        g.submit(request(job(1, 0, 4, 2000, 100, 0), 0, "UF1", 0));
        g.submit(request(job(2, 0, 4, 2000, 125, 0), 0, "UF1", 0));
        g.submit(request(job(3, 0, 4, 1000, 115, 1), 1, "UF1", 0));
        g.submit(request(job(0, 5, 4, 100, 100, 0), 0, "UF1", 1));
        f.run();
        List<JobOutcome> runs = g.outcomes(1);
        assertEquals(1, runs.size(), "the job ran once: " + runs);
        assertEquals("m1", runs.get(0).machine(), "it kept the reservation that started");
        assertEquals(115, runs.get(0).start());
        assertEquals(0, g.trades.get(0).swaps(), "the swap was undone");
        assertEquals(1000L, g.trades.get(0).promisedStart());
        assertTrue(g.schedules.get(0).reservations().isEmpty(), "the new reservation on m0 was released");
    }

    @Test
    void noRebidStartsWhileASwapsReleaseMayStillBeRefused() {
        // As above, and m0 announces idle nodes again at 120, as J swaps: J's new reservation (151) still starts more
        // than a re-bid's 3 x 10 s later, but the refusal of m1's release is under way (heard at 140) and J's job in
        // fact runs on m1 from 115. A re-bid now would value what J holds at a start that is long past. J asks
        // nothing until the swap is settled: two rounds, and 15 messages (4 + accept + lost; 4 + accept, lost and
        // release; the refusal and the release of the new reservation).
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        List<Decision> seen = watch(s);
        Grid g = f.grid(s, new int[] {8}, new int[] {4});
        g.submit(request(job(1, 0, 4, 2000, 100, 0), 0, "UF1", 0));
        g.submit(request(job(2, 0, 4, 2000, 125, 0), 0, "UF1", 0));
        g.submit(request(job(3, 0, 4, 1000, 115, 1), 1, "UF1", 0));
        g.submit(request(job(0, 5, 4, 100, 100, 0), 0, "UF1", 1));
        g.metaManagers.get(0).planStep(120);
        f.at(120, Orderings.JOB_END, () -> g.network.send(Address.owner(0, 0), Address.metaManager(0),
                new IdleNodes(4)));
        f.run();
        assertEquals(List.of(25L, 120L), seen.stream().filter(d -> d.requestId() == 1).map(Decision::now).toList(),
                "J's first round and its re-bid, and no other");
        List<JobOutcome> runs = g.outcomes(1);
        assertEquals(1, runs.size(), "the job ran once: " + runs);
        assertEquals("m1", runs.get(0).machine());
        assertEquals(15, g.trades.get(0).messages());
    }

    @Test
    void aSwapToCoAllocatedPartsAtHomeDoesNotMoveThemUpBeforeTheOldOnesRefusalCanBeHeard() {
        // Site 0: m0 and m1 (4 nodes each, 2 of them busy to 5000 and 2 planned to 2000, ending at 100); site 1: m2,
        // where Y runs planned to 1000. 10 s a message, UF1, co-allocation always. J (4 nodes, site 0, at 5) is
        // promised m2 at 1000. At 100 m0 announces idle nodes: J re-bids (a co-allocating round: earliest 171; the
        // windows are back at 120 and the parts, at home, are offered at once). At 115 Y ends early and m2 starts J
        // there; the notice reaches site 0 at 125. At 120 J swaps to 2 nodes of m0 and 2 of m1 at 171 and releases
        // m2 (there at 130, refused, heard at 140). The parts are at home, where the origin moves them up itself:
        // moving them to 120 would start the job a second time before the refusal could release them.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        s.coAllocation = CoAllocationMode.ALWAYS;
        Grid g = f.grid(s, new int[] {4, 4}, new int[] {4});
        MetaManagerAgent origin = g.metaManagers.get(0);
        g.localJob(0, job(5, 0, 2, 5000, 5000, 0), Orderings.JOB_END);
        g.localJob(0, job(6, 0, 2, 2000, 100, 0), Orderings.JOB_END);
        g.localJob(1, job(7, 0, 2, 5000, 5000, 0), Orderings.JOB_END);
        g.localJob(1, job(8, 0, 2, 2000, 100, 0), Orderings.JOB_END);
        g.submit(request(job(3, 0, 4, 1000, 115, 1), 1, "UF1", 0));
        g.submit(request(job(0, 5, 4, 100, 100, 0), 0, "UF1", 1));
        origin.planStep(100);
        f.at(100, Orderings.JOB_END, () -> g.network.send(Address.owner(0, 0), Address.metaManager(0),
                new IdleNodes(4)));
        f.run();
        List<JobOutcome> runs = g.outcomes(1);
        assertEquals(1, runs.size(), "the job ran once: " + runs);
        assertEquals("m2", runs.get(0).machine(), "it kept the reservation that started");
        assertEquals(115, runs.get(0).start());
        assertEquals(0, g.trades.get(0).swaps(), "the swap was undone");
        assertTrue(g.schedules.get(0).reservations().isEmpty() && g.schedules.get(1).reservations().isEmpty(),
                "the new parts were released");
    }

    @Test
    void aJobKilledWhileASwapsReleaseTravelsLetsGoOfWhatTheSwapAccepted() {
        // As in the swap above, J runs on m1 from 115 and swaps to m0 at 151 at 120 (m1's refusal would be heard at
        // 140). At 125 m1's nodes fail and kill J there; the notice reaches site 0 at 135. The reservation the swap
        // accepted on m0 is released as J asks again (at 135, earliest 186), so J runs once more, not twice.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        Grid g = f.grid(s, new int[] {8}, new int[] {4});
        g.owners.forEach(o -> o.watchFailures(g.owners, t -> { }));
        g.metaManagers.forEach(MetaManagerAgent::watchFailures);
        g.submit(request(job(1, 0, 4, 2000, 100, 0), 0, "UF1", 0));
        g.submit(request(job(2, 0, 4, 2000, 125, 0), 0, "UF1", 0));
        g.submit(request(job(3, 0, 4, 1000, 115, 1), 1, "UF1", 0));
        g.submit(request(job(0, 5, 4, 100, 100, 0), 0, "UF1", 1));
        f.at(125, Orderings.JOB_END, () -> g.owners.get(1).nodesFailed(g.schedules.get(1), new int[] {0, 1, 2, 3},
                125, 5000, 0));
        f.run();
        List<JobOutcome> runs = g.outcomes(1);
        assertEquals(1, runs.size(), "the job ran to its end once: " + runs);
        assertEquals("m0", runs.get(0).machine());
        assertEquals(186 + 100, runs.get(0).end(), "it ran again, all of it, from its new round's earliest start");
        assertEquals(1, runs.get(0).kills().size(), "the attempt on m1 was killed");
    }

    @Test
    void aSwapsNewReservationBrokenWhileItsReleaseTravelsLeavesTheJobThatStarted() {
        // As in the swap above, J runs on m1 from 115 and swaps to m0 at 151 at 120. At 126 all of m0 fails until
        // 5000, which breaks the new reservation; J asks again at once (earliest 177, decided at 146: m1 offers 215).
        // m1's refusal is heard at 140: J's job runs on m1, so it keeps that and its new round takes nothing.
        RoleFixture f = new RoleFixture();
        Settings s = new Settings();
        s.latency = 10;
        s.rescheduling = Rescheduling.REBID;
        Grid g = f.grid(s, new int[] {8}, new int[] {4});
        g.owners.forEach(o -> o.watchFailures(g.owners, t -> { }));
        g.metaManagers.forEach(MetaManagerAgent::watchFailures);
        g.submit(request(job(1, 0, 4, 2000, 100, 0), 0, "UF1", 0));
        g.submit(request(job(2, 0, 4, 2000, 125, 0), 0, "UF1", 0));
        g.submit(request(job(3, 0, 4, 1000, 115, 1), 1, "UF1", 0));
        g.submit(request(job(0, 5, 4, 100, 100, 0), 0, "UF1", 1));
        g.metaManagers.forEach(mm -> mm.planStep(126)); // every MetaManager steps when nodes fail
        f.at(126, Orderings.JOB_END, () -> g.owners.get(0).nodesFailed(g.schedules.get(0),
                new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 126, 5000, 0));
        f.run();
        List<JobOutcome> runs = g.outcomes(1);
        assertEquals(1, runs.size(), "the job ran once: " + runs);
        assertEquals("m1", runs.get(0).machine());
        assertEquals(115, runs.get(0).start());
        assertTrue(runs.get(0).kills().isEmpty());
    }
}
