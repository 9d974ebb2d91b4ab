package gridmarket.market;

import gridmarket.sim.machine.FreeInterval;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offer search over the machine's flat free-interval table gives exactly what the search as first written gives
 * (lists of interval objects, node sets as lists, sets told apart by boxed node ids): same placements in the same
 * order, nodes, starts and objective variables, on random schedules with running jobs and reservations. The first
 * writing is kept below as the reference, with its own free-node profile.
 */
class OfferSearchReferenceTest {
    @Test
    void theSearchEqualsItsFirstWritingOnRandomSchedules() {
        SplittableRandom random = new SplittableRandom(11);
        int compared = 0;
        int found = 0;
        int sets = 0;
        for (int round = 0; round < 800; round++) {
            int size = 1 + random.nextInt(round % 10 == 0 ? 300 : 40);
            MachineSchedule machine = new MachineSchedule(new Machine("m", 0, size));
            long now = random.nextLong(0, 10_000);
            int jobs = random.nextInt(3 * size + 2);
            for (int j = 0; j < jobs; j++) {
                int width = 1 + random.nextInt(Math.max(1, size / (1 + random.nextInt(4))));
                long estimate = random.nextLong(1, 5_000) / (random.nextInt(3) == 0 ? 100 : 1) + 1;
                Job job = new Job(j + 1, 0, 0, estimate, estimate, width, 1, 1, now);
                long from = now + (random.nextInt(3) == 0 ? 0 : random.nextLong(0, 20_000));
                // A round lattice of times now and then, so that free starts and ends coincide across nodes.
                if (random.nextBoolean()) {
                    from = now + (from - now) / 1000 * 1000;
                }
                List<FreeInterval> room = new ArrayList<>();
                for (List<FreeInterval> node : machine.freeIntervals(from, from + estimate)) {
                    if (!node.isEmpty() && node.get(0).start() == from && node.get(0).end() == from + estimate) {
                        room.add(node.get(0));
                    }
                }
                if (room.size() < width) {
                    continue;
                }
                int[] ids = room.stream().limit(width).mapToInt(FreeInterval::node).toArray();
                if (from == now) {
                    machine.startOn(job, ids, estimate, estimate, now);
                } else {
                    machine.reserve(job, ids, from, estimate, now);
                }
            }
            OfferSettings settings = new OfferSettings(1 + random.nextInt(6), 1 + random.nextInt(5),
                    1 + random.nextInt(10), 1);
            OfferGenerator generator = new OfferGenerator(settings);
            for (int ask = 0; ask < 4; ask++) {
                int nodes = 1 + random.nextInt(size + 1);
                long runTime = random.nextLong(1, 8_000);
                long earliest = random.nextBoolean() ? now : now + random.nextLong(0, 10_000);
                long latestEnd = random.nextInt(3) == 0 ? earliest + runTime + random.nextLong(0, 20_000)
                        : Long.MAX_VALUE;
                List<Placement> expected = search(settings, machine, nodes, runTime, earliest, latestEnd, now);
                assertEquals(expected, generator.search(machine, nodes, runTime, earliest, latestEnd, now),
                        "round " + round + ", ask " + ask);
                compared++;
                found += expected.isEmpty() ? 0 : 1;
                sets += expected.size() > 1 ? 1 : 0;
            }
        }
        assertTrue(found > compared / 2 && sets > compared / 4,
                "searches that found placements, several ones: " + found + ", " + sets + " of " + compared);
    }

    @Test
    void aRunOfNoTimeIsRefusedNotMisread() {
        // a reservation that ends where a later window starts: with no run time the sweep would count that node
        MachineSchedule machine = new MachineSchedule(new Machine("m", 0, 2));
        machine.reserve(new Job(1, 0, 0, 5, 5, 1, 1, 1, 0), new int[] {0}, 10, 5, 0);
        machine.startOn(new Job(2, 0, 0, 10, 10, 1, 1, 1, 0), new int[] {1}, 10, 10, 0);
        OfferGenerator generator = new OfferGenerator(new OfferSettings(4, 3, 8, 1));
        assertThrows(IllegalArgumentException.class, () -> generator.search(machine, 2, 0, 0, Long.MAX_VALUE, 0));
        assertEquals(15, generator.search(machine, 2, 1, 0, Long.MAX_VALUE, 0).get(0).start());
    }

    /**
     * The offer search over lists of interval objects, as it was written first; only the spreading of start times,
     * which the flat-array search left as it was, is shared with it.
     */
    static List<Placement> search(OfferSettings settings, MachineSchedule machine, int nodes, long runTime,
                                  long earliest, long latestEnd, long now) {
        List<Placement> out = new ArrayList<>();
        if (nodes > machine.size()) {
            return out;
        }
        long from = Math.max(now, earliest);
        List<List<FreeInterval>> free = machine.freeIntervals(now, Long.MAX_VALUE);
        Profile profile = new Profile(free);
        long horizon = profile.horizon();
        double busyArea = (double) machine.size() * Math.max(0, horizon - now) - profile.freeArea(now, horizon);

        // The sweep: an interval lets its node hold the job from its (clipped) start until runTime before its end.
        int count = 0;
        for (List<FreeInterval> node : free) {
            count += node.size();
        }
        long[] from1 = new long[count];
        long[] until = new long[count];
        int k = 0;
        for (List<FreeInterval> node : free) {
            for (FreeInterval f : node) {
                long s = Math.max(f.start(), from);
                if (f.end() - s >= runTime) {
                    from1[k] = s;
                    until[k++] = f.end() == Long.MAX_VALUE ? Long.MAX_VALUE : f.end() - runTime;
                }
            }
        }
        long[] starts = Arrays.copyOf(from1, k);
        long[] lasts = Arrays.copyOf(until, k);
        Arrays.sort(starts);
        Arrays.sort(lasts);
        Set<Candidate> offered = new HashSet<>();
        int windows = 0;
        int active = 0;
        int gone = 0;
        for (int i = 0; i < starts.length && windows < settings.windows(); ) {
            long t = starts[i];
            while (i < starts.length && starts[i] == t) {
                active++;
                i++;
            }
            while (gone < lasts.length && lasts[gone] < t) {
                active--;
                gone++;
            }
            if (t + runTime > latestEnd) {
                break;
            }
            if (active < nodes) {
                continue;
            }
            windows++;
            List<FreeInterval> fit = new ArrayList<>();
            for (List<FreeInterval> node : free) {
                FreeInterval f = containing(node, t);
                if (f != null && f.end() - t >= runTime) {
                    fit.add(f);
                }
            }
            for (List<FreeInterval> set : nodeSets(settings, fit, nodes)) {
                long minEnd = Long.MAX_VALUE;
                for (FreeInterval f : set) {
                    minEnd = Math.min(minEnd, f.end());
                }
                long last = Math.min(minEnd == Long.MAX_VALUE ? Long.MAX_VALUE : minEnd - runTime,
                        latestEnd == Long.MAX_VALUE ? Long.MAX_VALUE : latestEnd - runTime);
                last = Math.min(last, Math.max(t, horizon)); // past the horizon every start is alike but later
                for (long st : OfferGenerator.startTimes(settings.startTimes(), t, last)) {
                    // A later window's set can repeat a start already spread from an earlier one: one offer each.
                    if (offered.add(new Candidate(st, nodeIds(set)))) {
                        out.add(place(set, st, runTime, machine.size(), now, horizon, busyArea, profile));
                    }
                }
            }
        }
        return out;
    }

    /**
     * The node's free interval holding {@code t}, or {@code null}: a node's intervals are disjoint, ascending and never
     * touch (a busy stretch lies between two), so it is the last one starting at or before {@code t}, if it ends after.
     */
    private static FreeInterval containing(List<FreeInterval> node, long t) {
        int lo = 0;
        int hi = node.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (node.get(mid).start() <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo == 0 || node.get(lo - 1).end() <= t ? null : node.get(lo - 1);
    }

    /** A start and a node set, to offer each placement once. */
    private record Candidate(long start, List<Integer> nodes) {
    }

    private static List<Integer> nodeIds(List<FreeInterval> set) {
        Integer[] ids = new Integer[set.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = set.get(i).node();
        }
        Arrays.sort(ids);
        return Arrays.asList(ids);
    }

    /**
     * The free intervals of a window in one of two orders: {@code byStart}: latest free start first, then earliest
     * free end, then node id (the tightest buckets first); otherwise earliest free end first (the smallest gap after
     * the job), then latest start, then node id. Sorted as packed primitive keys (ranks of start and end, and the
     * node), which is what makes the offer search fast; equivalent to sorting by those comparisons.
     */
    private static List<FreeInterval> ordered(List<FreeInterval> fit, Ranks ranks, boolean byStart) {
        int m = fit.size();
        long[] keys = new long[m];
        for (int i = 0; i < m; i++) {
            long startRank = ranks.latestStartFirst[i];
            long endRank = ranks.earliestEndFirst[i];
            long first = byStart ? startRank : endRank;
            long second = byStart ? endRank : startRank;
            keys[i] = (first << 42) | (second << 21) | i;
        }
        Arrays.sort(keys);
        List<FreeInterval> out = new ArrayList<>(m);
        for (long k : keys) {
            out.add(fit.get((int) (k & ((1 << 21) - 1))));
        }
        return out;
    }

    /** Each interval's rank among the window's distinct free starts (latest first) and free ends (earliest first). */
    private static final class Ranks {
        final int[] latestStartFirst;
        final int[] earliestEndFirst;

        Ranks(List<FreeInterval> fit) {
            int m = fit.size();
            long[] starts = new long[m];
            long[] ends = new long[m];
            for (int i = 0; i < m; i++) {
                starts[i] = fit.get(i).start();
                ends[i] = fit.get(i).end();
            }
            long[] s = distinctSorted(starts);
            long[] e = distinctSorted(ends);
            latestStartFirst = new int[m];
            earliestEndFirst = new int[m];
            for (int i = 0; i < m; i++) {
                latestStartFirst[i] = s.length - 1 - Arrays.binarySearch(s, starts[i]);
                earliestEndFirst[i] = Arrays.binarySearch(e, ends[i]);
            }
        }
    }

    private static long[] distinctSorted(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        int k = 0;
        for (int i = 0; i < v.length; i++) {
            if (i == 0 || v[i] != v[i - 1]) {
                v[k++] = v[i];
            }
        }
        return Arrays.copyOf(v, k);
    }

    /** At most C node sets of {@code n} nodes from the nodes free for the window, by the bucket method. */
    private static List<List<FreeInterval>> nodeSets(OfferSettings settings, List<FreeInterval> fit, int n) {
        List<List<FreeInterval>> sets = new ArrayList<>();
        Set<List<Integer>> seen = new HashSet<>();
        Ranks ranks = new Ranks(fit);
        List<FreeInterval> byStart = ordered(fit, ranks, true);
        // Buckets: runs of equal (free start, free end) in this order; one set from each bucket big enough.
        for (int i = 0; i < byStart.size() && sets.size() < settings.nodeSets(); ) {
            int j = i + 1;
            while (j < byStart.size() && byStart.get(j).start() == byStart.get(i).start()
                    && byStart.get(j).end() == byStart.get(i).end()) {
                j++;
            }
            if (j - i >= n) {
                addSet(sets, seen, byStart.subList(i, i + n));
            }
            i = j;
        }
        // Combinations across buckets: the nodes freed latest, those whose gap closes first, the lowest ids (fit is
        // in node order already).
        addSet(sets, seen, byStart.subList(0, n));
        addSet(sets, seen, ordered(fit, ranks, false).subList(0, n));
        addSet(sets, seen, fit.subList(0, n));
        return sets.size() > settings.nodeSets() ? sets.subList(0, settings.nodeSets()) : sets;
    }

    private static void addSet(List<List<FreeInterval>> sets, Set<List<Integer>> seen, List<FreeInterval> set) {
        if (seen.add(nodeIds(set))) {
            sets.add(List.copyOf(set));
        }
    }

    private static Placement place(List<FreeInterval> set, long s, long runTime, int machineNodes, long now,
                                   long horizon, double busyArea, Profile profile) {
        long e = s + runTime;
        long end = Math.max(horizon, e);
        int n = set.size();
        int[] ids = new int[n];
        double under = 0;
        double over = 0;
        for (int i = 0; i < n; i++) {
            FreeInterval f = set.get(i);
            ids[i] = f.node();
            under += s - f.start();
            over += Math.min(f.end(), end) - e;
        }
        Arrays.sort(ids);
        double leftRight = Math.max(0, profile.freeArea(s, e) - (double) n * runTime); // no rounding below 0
        double area = (double) n * runTime;
        double utilization = end > now ? (busyArea + area) / ((double) machineNodes * (end - now)) : 1.0;
        // left_right_rel over the machine's idle area during the run (left_right + the job's area): in [0, 1).
        return new Placement(ids, s, e, new ObjectiveVariables(under, over, leftRight,
                leftRight / (leftRight + area), leftRight / area, utilization));
    }

    private static final class Profile {
        private final long[] time;
        private final long[] free;
        private final double[] areaBefore;
        private final long horizon;

        Profile(List<List<FreeInterval>> intervals) {
            int count = 0;
            for (List<FreeInterval> node : intervals) {
                count += node.size();
            }
            long[] starts = new long[count];
            long[] ends = new long[count];
            int k = 0;
            long h = Long.MIN_VALUE;
            for (List<FreeInterval> node : intervals) {
                for (FreeInterval f : node) {
                    starts[k] = f.start();
                    ends[k++] = f.end();
                    h = Math.max(h, f.start());
                    if (f.end() != Long.MAX_VALUE) {
                        h = Math.max(h, f.end());
                    }
                }
            }
            // Primitive sorts of starts (+1) and ends (-1), merged: the free count steps at each distinct time.
            Arrays.sort(starts);
            Arrays.sort(ends);
            long[] t = new long[2 * count + 1];
            long[] c = new long[2 * count + 1];
            int m = 0;
            long level = 0;
            int a = 0;
            int b = 0;
            while (a < count || b < count) {
                long at = Math.min(a < count ? starts[a] : Long.MAX_VALUE, b < count ? ends[b] : Long.MAX_VALUE);
                if (at == Long.MAX_VALUE) {
                    break; // only open ends are left: the count stays as it is forever
                }
                while (a < count && starts[a] == at) {
                    level++;
                    a++;
                }
                while (b < count && ends[b] == at) {
                    level--;
                    b++;
                }
                t[m] = at;
                c[m] = level;
                m++;
            }
            this.time = Arrays.copyOf(t, m);
            this.free = Arrays.copyOf(c, m);
            this.areaBefore = new double[m];
            for (int i = 1; i < m; i++) {
                areaBefore[i] = areaBefore[i - 1] + (double) free[i - 1] * (time[i] - time[i - 1]);
            }
            this.horizon = h == Long.MIN_VALUE ? 0 : h;
        }

        long horizon() {
            return horizon;
        }

        /** Free node-seconds in {@code [from, to)}. */
        double freeArea(long from, long to) {
            return to <= from ? 0 : areaUpTo(to) - areaUpTo(from);
        }

        private double areaUpTo(long x) {
            if (time.length == 0 || x <= time[0]) {
                return 0;
            }
            int i = Arrays.binarySearch(time, x);
            int seg = i >= 0 ? i : -i - 2;
            return areaBefore[seg] + (double) free[seg] * (x - time[seg]);
        }
    }
}
