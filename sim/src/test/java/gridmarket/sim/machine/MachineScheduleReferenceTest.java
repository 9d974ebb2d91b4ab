package gridmarket.sim.machine;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The schedule's per-node reservation index and its window-clipped searches against a brute-force reference that
 * rebuilds every node's busy list from all allocations: free intervals, earliest starts and reservation checks agree
 * after every step of random schedules (reservations made, started, cancelled and compressed, jobs ending early).
 */
class MachineScheduleReferenceTest {
    private int order;

    private Job job(int nodes, long run, long estimate) {
        order++;
        return new Job(order, order, 0, run, estimate, nodes, 1, 1, estimate);
    }

    /** Each node's busy allocations, sorted by start: the running one and every reservation holding it. */
    private static List<List<Allocation>> busy(MachineSchedule m) {
        List<List<Allocation>> b = new ArrayList<>();
        for (int node = 0; node < m.size(); node++) {
            List<Allocation> l = new ArrayList<>();
            if (m.runningOn(node) != null) {
                l.add(m.runningOn(node));
            }
            for (Allocation r : m.reservations()) {
                for (int id : r.nodeIds()) {
                    if (id == node) {
                        l.add(r);
                    }
                }
            }
            l.sort(Comparator.comparingLong(Allocation::start));
            b.add(l);
        }
        return b;
    }

    private static List<List<FreeInterval>> referenceFree(MachineSchedule m, long from, long to) {
        List<List<FreeInterval>> out = new ArrayList<>();
        List<List<Allocation>> busy = busy(m);
        for (int node = 0; node < m.size(); node++) {
            List<FreeInterval> f = new ArrayList<>();
            long cursor = from;
            for (Allocation a : busy.get(node)) {
                if (Math.min(a.start(), to) > cursor) {
                    f.add(new FreeInterval(node, cursor, Math.min(a.start(), to)));
                }
                cursor = Math.max(cursor, a.plannedEnd());
            }
            if (cursor < to) {
                f.add(new FreeInterval(node, cursor, to));
            }
            out.add(f);
        }
        return out;
    }

    private static boolean free(List<Allocation> busy, long from, long to) {
        return busy.stream().noneMatch(a -> a.start() < to && a.plannedEnd() > from);
    }

    private static long referenceEarliest(MachineSchedule m, int n, long d, long from) {
        List<List<Allocation>> busy = busy(m);
        TreeSet<Long> candidates = new TreeSet<>(List.of(from));
        busy.forEach(l -> l.forEach(a -> {
            if (a.plannedEnd() >= from) {
                candidates.add(a.plannedEnd());
            }
        }));
        for (long t : candidates) {
            long ok = busy.stream().filter(l -> free(l, t, t + d)).count();
            if (ok >= n) {
                return t;
            }
        }
        return Long.MAX_VALUE;
    }

    @Test
    void agreesWithTheBruteForceScheduleOnRandomSchedules() {
        for (int seed = 0; seed < 120; seed++) {
            Random rnd = new Random(seed);
            MachineSchedule m = new MachineSchedule(new Machine("m", 0, 1 + rnd.nextInt(10)));
            long now = 0;
            List<Allocation> running = new ArrayList<>();
            for (int step = 0; step < 150; step++) {
                now += rnd.nextInt(6);
                for (Allocation a : List.copyOf(running)) {
                    if (a.actualEnd() <= now) {
                        m.finish(a);
                        running.remove(a);
                    }
                }
                for (Allocation r : List.copyOf(m.reservations())) {
                    if (r.start() <= now) {
                        m.cancel(r); // a due reservation is given up: the check below may start new work there
                    }
                }
                int n = 1 + rnd.nextInt(m.size());
                long estimate = 1 + rnd.nextInt(30);
                long run = 1 + rnd.nextInt((int) estimate);
                switch (rnd.nextInt(4)) {
                    case 0 -> {
                        long start = now + 1 + rnd.nextInt(40);
                        int[] ids = rnd.ints(0, m.size()).distinct().limit(n).sorted().toArray();
                        List<List<Allocation>> busy = busy(m);
                        boolean canRef = true;
                        for (int id : ids) {
                            canRef &= free(busy.get(id), start, start + estimate);
                        }
                        assertEquals(canRef, m.canReserve(ids, start, estimate, now), "seed " + seed);
                        if (canRef) {
                            m.reserve(job(n, run, estimate), ids, start, estimate, now);
                        }
                    }
                    case 1 -> {
                        long t = m.earliestStart(n, estimate, now);
                        if (t == now) {
                            running.add(m.start(job(n, run, estimate), now));
                        }
                    }
                    case 2 -> m.compress(now, a -> rnd.nextBoolean());
                    default -> { }
                }
                long from = now + rnd.nextInt(20);
                long to = rnd.nextBoolean() ? Long.MAX_VALUE : from + 1 + rnd.nextInt(60);
                assertEquals(referenceFree(m, from, to), m.freeIntervals(from, to), "seed " + seed + " step " + step);
                assertEquals(referenceEarliest(m, n, estimate, from), m.earliestStart(n, estimate, from),
                        "seed " + seed + " step " + step);
            }
        }
    }
}
