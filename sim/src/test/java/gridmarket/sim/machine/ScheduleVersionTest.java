package gridmarket.sim.machine;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schedule's versions against its free intervals on random schedules: while {@link MachineSchedule#version()}
 * stays, the free intervals from the current instant on are the same; while {@link MachineSchedule#freeingVersion()}
 * stays, every free interval after a change lies inside one before it (free node-time only shrank). The owners' memo
 * of free windows (a co-allocated job's compression) relies on both.
 */
class ScheduleVersionTest {
    private int order;

    private Job job(int nodes, long run, long estimate) {
        order++;
        return new Job(order, order, 0, run, estimate, nodes, 1, 1, estimate);
    }

    /** Whether every interval of {@code after} lies inside one of {@code before}, node by node. */
    private static boolean inside(List<List<FreeInterval>> after, List<List<FreeInterval>> before) {
        for (int node = 0; node < after.size(); node++) {
            for (FreeInterval a : after.get(node)) {
                if (before.get(node).stream().noneMatch(b -> b.start() <= a.start() && a.end() <= b.end())) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void theVersionsTellWhetherTheFreeIntervalsChangedOrGrew() {
        int unchanged = 0;
        int shrunk = 0;
        int grew = 0;
        for (int seed = 0; seed < 200; seed++) {
            Random rnd = new Random(seed);
            MachineSchedule m = new MachineSchedule(new Machine("m", 0, 1 + rnd.nextInt(8)));
            long now = 0;
            List<Allocation> running = new ArrayList<>();
            for (int step = 0; step < 150; step++) {
                now += rnd.nextInt(4);
                for (Allocation a : List.copyOf(running)) {
                    if (a.plannedEnd() <= now) { // its end is past: handled before the step looked at
                        m.finish(a, Math.min(a.actualEnd(), a.plannedEnd()));
                        running.remove(a);
                    }
                }
                String where = "seed " + seed + " step " + step;
                List<List<FreeInterval>> before = m.freeIntervals(now, Long.MAX_VALUE);
                long version = m.version();
                long freeing = m.freeingVersion();
                int n = 1 + rnd.nextInt(m.size());
                long estimate = 1 + rnd.nextInt(20);
                long run = 1 + rnd.nextInt((int) estimate);
                switch (rnd.nextInt(7)) {
                    case 0 -> { // a job ends at its real end (maybe its planned end), or is cut short now
                        if (!running.isEmpty()) {
                            Allocation a = running.get(rnd.nextInt(running.size()));
                            if (a.outage()) {
                                m.finish(a, now);
                            } else {
                                m.finish(a, a.actualEnd() <= now ? a.actualEnd() : now);
                            }
                            running.remove(a);
                        }
                    }
                    case 1 -> {
                        long start = now + 1 + rnd.nextInt(30);
                        int[] ids = rnd.ints(0, m.size()).distinct().limit(n).sorted().toArray();
                        if (m.canReserve(ids, start, estimate, now)) {
                            m.reserve(job(n, run, estimate), ids, start, estimate, now);
                        }
                    }
                    case 2 -> { // a reservation starts (at its start or earlier) or is withdrawn
                        for (Allocation r : List.copyOf(m.reservations())) {
                            boolean idle = true;
                            for (int id : r.nodeIds()) {
                                idle &= m.runningOn(id) == null;
                            }
                            // now, at its start or a second before it where its nodes are free until then
                            boolean clear = r.start() == now
                                    || r.start() == now + 1 && m.canReserve(r.nodeIds(), now, 1, now);
                            if (idle && clear && rnd.nextBoolean()) {
                                running.add(m.startReserved(r, now));
                                break;
                            } else if (rnd.nextInt(4) == 0) {
                                m.cancel(r);
                                break;
                            }
                        }
                    }
                    case 3 -> {
                        if (m.earliestStart(n, estimate, now) == now) {
                            running.add(m.start(job(n, run, estimate), now));
                        }
                    }
                    case 4 -> m.compress(now, a -> rnd.nextBoolean());
                    case 5 -> {
                        if (!m.reservations().isEmpty()) {
                            Allocation r = m.reservations().get(rnd.nextInt(m.reservations().size()));
                            m.sharedFreeTableWithout(r, 0, Long.MAX_VALUE);
                        }
                    }
                    default -> {
                        long repair = now + 1 + rnd.nextInt(10);
                        int[] ids = new int[m.size()];
                        int k = 0;
                        for (int node = 0; node < m.size(); node++) { // nodes nothing needs until the repair
                            if (m.canReserve(new int[] {node}, now, repair - now, now) && rnd.nextBoolean()) {
                                ids[k++] = node;
                            }
                        }
                        if (k > 0) {
                            running.add(m.goDown(java.util.Arrays.copyOf(ids, k), now, repair));
                        }
                    }
                }
                for (Allocation r : List.copyOf(m.reservations())) {
                    if (r.start() < now) {
                        m.cancel(r); // past due and not started: withdrawn, as a planner would
                    }
                }
                List<List<FreeInterval>> after = m.freeIntervals(now, Long.MAX_VALUE);
                if (m.version() == version) {
                    assertEquals(before, after, where);
                    unchanged++;
                } else if (m.freeingVersion() == freeing) {
                    assertTrue(inside(after, before), where + ": free node-time grew without a freeing change");
                    shrunk++;
                } else {
                    grew++;
                }
            }
        }
        // every kind of step occurred often enough to mean something
        assertTrue(unchanged > 3_000 && shrunk > 3_000 && grew > 3_000, unchanged + " " + shrunk + " " + grew);
    }

    @Test
    void startingAReservationAtItsStartAndEndingAtThePlannedEndChangeNothing() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        Allocation r = m.reserve(job(2, 10, 10), new int[] {0, 1}, 5, 10, 0);
        long v = m.version();
        Allocation a = m.startReserved(r, 5);
        assertEquals(v, m.version());
        m.finish(a, 15);
        assertEquals(v, m.version());
        Allocation b = m.start(job(2, 4, 10), 15);
        assertNotEquals(v, m.version());
        long freeing = m.freeingVersion();
        m.finish(b, 19); // six seconds early
        assertNotEquals(freeing, m.freeingVersion());
    }

    private static List<List<FreeInterval>> intervals(FreeTable t) {
        List<List<FreeInterval>> out = new ArrayList<>();
        for (int node = 0; node < t.nodes(); node++) {
            List<FreeInterval> f = new ArrayList<>();
            for (int k = t.first(node); k < t.first(node + 1); k++) {
                assertEquals(node, t.node(k), "the table names each interval's node");
                f.add(new FreeInterval(node, t.start(k), t.end(k)));
            }
            out.add(f);
        }
        return out;
    }

    /**
     * A co-allocated part's question: the table as if a reservation were withdrawn is the table after withdrawing it,
     * the versions stay, and the reservation is listed last, as a withdrawal and a new reservation would list it.
     */
    @Test
    void aTableWithoutAReservationIsTheTableAfterItsWithdrawal() {
        int asked = 0;
        for (int seed = 0; seed < 300; seed++) {
            Random rnd = new Random(seed);
            MachineSchedule m = new MachineSchedule(new Machine("m", 0, 1 + rnd.nextInt(12)));
            long now = rnd.nextInt(5);
            for (int step = 0; step < 40; step++) {
                int n = 1 + rnd.nextInt(m.size());
                long estimate = 1 + rnd.nextInt(20);
                long start = now + rnd.nextInt(40);
                int[] ids = rnd.ints(0, m.size()).distinct().limit(n).sorted().toArray();
                if (start == now && m.canReserve(ids, start, estimate, now) && rnd.nextBoolean()) {
                    m.startOn(job(n, estimate, estimate), ids, estimate, estimate, now);
                } else if (start > now && m.canReserve(ids, start, estimate, now)) {
                    m.reserve(job(n, estimate, estimate), ids, start, estimate, now);
                }
            }
            for (int q = 0; q < 5 && !m.reservations().isEmpty(); q++) {
                Allocation r = m.reservations().get(rnd.nextInt(m.reservations().size()));
                long to = rnd.nextBoolean() ? Long.MAX_VALUE : now + 1 + rnd.nextInt(60);
                long version = m.version();
                long freeing = m.freeingVersion();
                List<List<FreeInterval>> without = intervals(m.sharedFreeTableWithout(r, now, to));
                assertEquals(version, m.version(), "seed " + seed);
                assertEquals(freeing, m.freeingVersion(), "seed " + seed);
                List<Allocation> listed = List.copyOf(m.reservations());
                assertEquals(r, listed.get(listed.size() - 1), "listed last, seed " + seed);
                m.cancel(r);
                assertEquals(m.freeIntervals(now, to), without, "seed " + seed + " without " + r);
                m.reinstate(r, now);
                assertEquals(listed, m.reservations(), "seed " + seed);
                assertEquals(intervals(m.sharedFreeTable(now, to)), m.freeIntervals(now, to));
                asked++;
            }
        }
        assertTrue(asked > 1_000, "questions asked: " + asked);
    }
}
