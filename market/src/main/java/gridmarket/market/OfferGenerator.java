package gridmarket.market;

import gridmarket.sim.machine.FreeInterval;
import gridmarket.sim.machine.MachineSchedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds candidate placements for a request on one machine's node-level schedule (SPEC E4, thesis Figs 6.2-6.6).
 *
 * <p>Steps: the free intervals of every node from now on; the (time, node, +1/-1) sweep, as candidate start times the
 * starts of free intervals, ascending, keeping those where at least n nodes are free for the whole run time (a
 * feasible window); for each window, node sets built from the bucket method: nodes grouped by equal free start and
 * end, one set per bucket that holds enough nodes, then sets combined across buckets by tightness (nodes whose gap
 * ends first, nodes free latest, lowest ids), at most C sets; for each set, Z start times spread over the set's common
 * window, the earliest always included. So the earliest feasible start of the machine is always among the candidates
 * and {@code UF = -StartTime} yields an earliest-start schedule.
 *
 * <p>Planning uses estimates: running jobs hold their nodes until their planned ends.
 */
public final class OfferGenerator {
    private final OfferSettings settings;

    public OfferGenerator(OfferSettings settings) {
        this.settings = settings;
    }

    /**
     * Candidate placements, earliest window first.
     *
     * @param nodes    nodes requested
     * @param runTime  planned run time (the estimate), seconds
     * @param earliest earliest start the request allows
     * @param latestEnd latest end the request allows ({@link Long#MAX_VALUE} if open)
     * @param now      the current time
     */
    public List<Placement> candidates(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd,
                                      long now) {
        List<Placement> out = new ArrayList<>();
        if (nodes > machine.size()) {
            return out;
        }
        if (machine.running().isEmpty() && machine.reservations().isEmpty()) {
            return idleMachine(machine.size(), nodes, runTime, Math.max(now, earliest), latestEnd, now);
        }
        return search(machine, nodes, runTime, earliest, latestEnd, now);
    }

    /** The search itself, over the machine's free intervals; {@link #candidates} without its idle-machine shortcut. */
    List<Placement> search(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd, long now) {
        List<Placement> out = new ArrayList<>();
        if (nodes > machine.size()) {
            return out;
        }
        long from = Math.max(now, earliest);
        List<List<FreeInterval>> free = machine.freeIntervals(now, Long.MAX_VALUE);
        FreeProfile profile = new FreeProfile(free);
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
            for (List<FreeInterval> set : nodeSets(fit, nodes)) {
                long minEnd = Long.MAX_VALUE;
                for (FreeInterval f : set) {
                    minEnd = Math.min(minEnd, f.end());
                }
                long last = Math.min(minEnd == Long.MAX_VALUE ? Long.MAX_VALUE : minEnd - runTime,
                        latestEnd == Long.MAX_VALUE ? Long.MAX_VALUE : latestEnd - runTime);
                last = Math.min(last, Math.max(t, horizon)); // past the horizon every start is alike but later
                for (long st : startTimes(t, last)) {
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
     * What the search finds on a machine with nothing running and nothing reserved, without building its free
     * intervals (most machines of a large, lightly loaded grid are idle when a request comes): every node is free
     * from now on, so the one window starts at {@code from}, the bucket method and both tightness orders all give the
     * lowest node ids, and the horizon is now, so the window has one start.
     */
    private static List<Placement> idleMachine(int size, int nodes, long runTime, long from, long latestEnd,
                                               long now) {
        if (from + runTime > latestEnd) {
            return new ArrayList<>();
        }
        List<FreeInterval> set = new ArrayList<>(nodes);
        for (int node = 0; node < nodes; node++) {
            set.add(new FreeInterval(node, now, Long.MAX_VALUE));
        }
        List<Placement> out = new ArrayList<>(1);
        out.add(place(set, from, runTime, size, now, now, 0, FreeProfile.idle(size, now)));
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
    private List<List<FreeInterval>> nodeSets(List<FreeInterval> fit, int n) {
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

    /** Z start times from {@code first} to {@code last}, evenly spread, {@code first} always included. */
    private long[] startTimes(long first, long last) {
        int z = settings.startTimes();
        if (z == 1 || last <= first) {
            return new long[] {first};
        }
        long[] s = new long[z];
        int m = 0;
        for (int k = 0; k < z; k++) {
            long t = first + (long) ((double) (last - first) * k / (z - 1));
            if (m == 0 || t != s[m - 1]) { // ascending, so equal starts are neighbours
                s[m++] = t;
            }
        }
        return m == z ? s : Arrays.copyOf(s, m);
    }

    private static Placement place(List<FreeInterval> set, long s, long runTime, int machineNodes, long now,
                                   long horizon, double busyArea, FreeProfile profile) {
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
}
