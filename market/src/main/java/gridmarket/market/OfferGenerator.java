package gridmarket.market;

import gridmarket.sim.machine.FreeTable;
import gridmarket.sim.machine.MachineSchedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
    /**
     * The earliest search's start and end lists, kept between searches: a market makes one search per owner asked
     * per request, and these arrays were a third of what it allocated. A generator serves the owners of one model,
     * which runs on one thread, and a search asks nothing that searches again while it uses them.
     */
    private long[] sweepStarts = new long[0];
    private long[] sweepLasts = new long[0];
    /** The intervals a search past its first window orders ({@link #eligibleFrom}), kept like the sweep's lists. */
    private int[] eligible = new int[0];
    /** The horizon and busy node-seconds of the table {@link #sweep} last read. */
    private long sweepHorizon;
    private double sweepBusyArea;

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
        return candidates(machine, nodes, runTime, earliest, latestEnd, now, ALL_STARTS);
    }

    /**
     * {@link #candidates(MachineSchedule, int, long, long, long, long)} without what the caller no longer wants:
     * before each window after the first, and before each of a node set's starts later than its window's,
     * {@code wanted} gets that start with the candidates found so far in the list it is handed. False ends the search
     * at a window (every later candidate starts at or after it) and a set's starts at a start (they ascend). A caller
     * that refuses a start must refuse that start and every later one with as many candidates found or more, so that
     * what it is not asked about is what it would have refused.
     */
    public List<Placement> candidates(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd,
                                      long now, LaterStarts wanted) {
        List<Placement> out = new ArrayList<>();
        if (nodes > machine.size() || tooLate(runTime, earliest, latestEnd, now)) {
            return out;
        }
        if (machine.running().isEmpty() && machine.reservations().isEmpty()) {
            return idleMachine(machine.size(), nodes, runTime, Math.max(now, earliest), latestEnd, now);
        }
        return search(machine, nodes, runTime, earliest, latestEnd, now, wanted);
    }

    /** Whether a search still wants candidates starting at {@code start}, given the candidates found before. */
    @FunctionalInterface
    public interface LaterStarts {
        boolean wanted(long start, List<Placement> found);
    }

    private static final LaterStarts ALL_STARTS = (start, found) -> true;

    /**
     * For a caller that wants every candidate but searches as one that may stop: the search reads its first window as
     * {@link #earliestSearch} does where there is no other, and else orders the intervals of all its windows once.
     */
    public static final LaterStarts EVERY_START = (start, found) -> true;

    /**
     * The candidates that start earliest, in the order {@link #candidates} gives them: the first feasible window's
     * node sets, each at the window's start. Every other candidate starts later, so where a later start is never
     * worth more to the user ({@link UtilityFunction#neverRisesWithStart}), the best offers are among these; the
     * search then costs one window instead of up to {@link OfferSettings#windows}, and no order of the whole
     * machine's free intervals.
     */
    public List<Placement> earliestCandidates(MachineSchedule machine, int nodes, long runTime, long earliest,
                                              long latestEnd, long now) {
        if (nodes > machine.size() || tooLate(runTime, earliest, latestEnd, now)) {
            return new ArrayList<>();
        }
        if (machine.running().isEmpty() && machine.reservations().isEmpty()) {
            return idleMachine(machine.size(), nodes, runTime, Math.max(now, earliest), latestEnd, now);
        }
        return earliestSearch(machine, nodes, runTime, earliest, latestEnd, now);
    }

    /** Whether no start from now on lets the run end by the request's latest end (a deadline already missed). */
    private static boolean tooLate(long runTime, long earliest, long latestEnd, long now) {
        return latestEnd != Long.MAX_VALUE && Math.max(now, earliest) > latestEnd - runTime;
    }

    /** The search itself, over the machine's free intervals; {@link #candidates} without its idle-machine shortcut. */
    List<Placement> search(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd, long now) {
        return search(machine, nodes, runTime, earliest, latestEnd, now, ALL_STARTS);
    }

    private List<Placement> search(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd,
                                   long now, LaterStarts wanted) {
        if (runTime < 1) {
            // the sweep would count a node whose interval ends at a window's start, which the window cannot hold;
            // every planned run time is a second at least
            throw new IllegalArgumentException("offer search: a run time of at least 1 s, got " + runTime);
        }
        // room for every candidate the settings allow (96 by default), so that the list is not copied as it grows
        List<Placement> out = new ArrayList<>((int) Math.min(256L,
                (long) settings.windows() * settings.nodeSets() * settings.startTimes()));
        if (nodes > machine.size()) {
            return out;
        }
        if (wanted != ALL_STARTS && firstWindowAlone(machine, nodes, runTime, earliest, latestEnd, now, wanted, out)) {
            return out;
        }
        long from = Math.max(now, earliest);
        FreeTable free = machine.sharedFreeTable(now, Long.MAX_VALUE);
        IntervalOrders orders = new IntervalOrders(free);
        FreeProfile profile = new FreeProfile(orders.starts(), orders.ends());
        long horizon = profile.horizon();
        double busyArea = (double) machine.size() * Math.max(0, horizon - now) - profile.freeArea(now, horizon);

        // The sweep: an interval lets its node hold the job from its (clipped) start until runTime before its end.
        // Both lists come out ascending from the orders: clipping and shifting keep the order.
        int count = free.size();
        long[] starts = new long[count];
        long[] lasts = new long[count];
        int k = 0;
        int[] byStart = orders.byStart();
        for (int q = count - 1; q >= 0; q--) {
            long s = Math.max(free.start(byStart[q]), from);
            if (free.end(byStart[q]) - s >= runTime) {
                starts[k++] = s;
            }
        }
        int l = 0;
        for (int f : orders.byEnd()) {
            long e = free.end(f);
            if (e - Math.max(free.start(f), from) >= runTime) {
                lasts[l++] = e == Long.MAX_VALUE ? Long.MAX_VALUE : e - runTime;
            }
        }
        FeasibleWindow window = new FeasibleWindow(free, orders, null, 0);
        Sweep sweep = new Sweep(starts, lasts, k, nodes, runTime, latestEnd);
        for (int windows = 0; windows < settings.windows(); windows++) {
            long t = sweep.next();
            if (t == Long.MIN_VALUE || windows > 0 && !wanted.wanted(t, out)) {
                break;
            }
            addWindow(free, window, t, nodes, runTime, latestEnd, machine.size(), now, horizon, busyArea, profile,
                    out, wanted, false);
        }
        return out;
    }

    /**
     * {@link #search} for a caller that may stop after the first window: that window is read as {@link #earliestSearch}
     * reads it (the sweep's lists sorted directly, the window ordering its own intervals, free areas summed over the
     * intervals), its node sets at every start spread over them, so that a search the caller stops there orders no
     * more than the window and builds no free-node profile. Later windows take their orders from those of the
     * intervals that can hold the run from the first window on and start by the last ({@link #eligibleFrom}; every
     * later window's are among them) and their free areas from the profile of the intervals that end after the first
     * window's start. The same whole numbers while the machine's node-seconds up to the first window's latest end stay
     * below 2^53.
     *
     * @return false, with nothing added, where that bound does not hold
     */
    private boolean firstWindowAlone(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd,
                                     long now, LaterStarts wanted, List<Placement> out) {
        FreeTable free = machine.sharedFreeTable(now, Long.MAX_VALUE);
        Sweep sweep = sweep(free, nodes, runTime, Math.max(now, earliest), latestEnd, now);
        long t = sweep.next();
        if (t == Long.MIN_VALUE) {
            return true;
        }
        // every start of the first window is at most the later of t and the horizon
        if (!((double) machine.size() * (Math.max(sweepHorizon, t) + runTime - now) < EXACT)) {
            return false;
        }
        long first = t;
        // the later windows' starts, ahead: no interval that starts after the last of them is in any of them
        long[] later = new long[settings.windows() - 1];
        int windows = 0;
        while (windows < later.length && (t = sweep.next()) != Long.MIN_VALUE) {
            later[windows++] = t;
        }
        FeasibleWindow window = null;
        FreeProfile profile = null;
        for (int w = -1; w < windows; w++) {
            if (w >= 0 && !wanted.wanted(later[w], out)) {
                break;
            }
            if (window == null && (w >= 0 || wanted == EVERY_START && windows > 0)) {
                // the first window of a search that goes on reads these too, instead of ordering its own intervals
                int count = eligibleFrom(free, first, later[windows - 1], runTime);
                window = new FeasibleWindow(free, IntervalOrders.of(free, eligible, count), eligible, count);
                profile = FreeProfile.of(free, first);
            }
            addWindow(free, window == null ? new FeasibleWindow(free, null, null, 0) : window,
                    w < 0 ? first : later[w], nodes, runTime, latestEnd, machine.size(), now, sweepHorizon,
                    sweepBusyArea, profile, out, wanted, true);
        }
        return true;
    }

    /**
     * One window's candidates: its node sets, each at the starts spread over the set's common window, each start and
     * set once ({@link #offered}); free areas from {@code profile}, or summed over the table's intervals if it is null.
     * Where {@code exact} (the machine's node-seconds from now to every start's end stay below 2^53), a set's under-
     * and over-utilization at each start come from its sums ({@link SetSums}), the same whole numbers as summed
     * interval by interval.
     */
    private void addWindow(FreeTable free, FeasibleWindow window, long t, int nodes, long runTime, long latestEnd,
                           int machineNodes, long now, long horizon, double busyArea, FreeProfile profile,
                           List<Placement> out, LaterStarts wanted, boolean exact) {
        window.fill(t, runTime);
        int before = out.size(); // a set and start of this window is not one of an earlier window's (one offer each)
        for (FeasibleWindow.NodeSet set : window.nodeSets(nodes, settings.nodeSets())) {
            SetSums sums = new SetSums(free, set.intervals(), now);
            long last = Math.min(sums.minEnd == Long.MAX_VALUE ? Long.MAX_VALUE : sums.minEnd - runTime,
                    latestEnd == Long.MAX_VALUE ? Long.MAX_VALUE : latestEnd - runTime);
            last = Math.min(last, Math.max(t, horizon)); // past the horizon every start is alike but later
            for (long st : startTimes(settings.startTimes(), t, last)) {
                if (st > t && !wanted.wanted(st, out)) {
                    break; // the set's later starts start later still
                }
                // A later window's set can repeat a start already spread from an earlier one: one offer each.
                if (!offered(out, before, st, set.nodes())) {
                    double freeDuringRun = profile == null ? freeArea(free, st, st + runTime)
                            : profile.freeArea(st, st + runTime);
                    long end = Math.max(horizon, st + runTime);
                    out.add(exact && sums.maxClosedEnd <= end
                            ? place(set.nodes(), st, runTime, machineNodes, now, horizon, busyArea, freeDuringRun,
                                    sums.under(st, now), sums.over(st + runTime, end, now))
                            : place(free, set, st, runTime, machineNodes, now, horizon, busyArea, freeDuringRun));
                }
            }
        }
    }

    /**
     * A node set's free intervals summed once for all its starts: under-utilization at a start s is
     * {@code n (s - now) - sum(start - now)}, and over-utilization for a run ending at e, up to {@code end >= e}, is
     * {@code sum(min(end_i, end)) - n e}, where a closed interval ends by {@code end} (every closed end of a machine's
     * table is at most its horizon: each node's last interval is open) and an open one is cut at {@code end}. Whole
     * numbers in longs, as offsets from now.
     */
    private static final class SetSums {
        final long minEnd;
        final long maxClosedEnd;
        private final int n;
        private final int open;
        private final long starts;
        private final long closedEnds;

        SetSums(FreeTable free, int[] intervals, long now) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            long sumStarts = 0;
            long sumEnds = 0;
            int opens = 0;
            for (int f : intervals) {
                long e = free.end(f);
                min = Math.min(min, e);
                sumStarts += free.start(f) - now;
                if (e == Long.MAX_VALUE) {
                    opens++;
                } else {
                    sumEnds += e - now;
                    max = Math.max(max, e);
                }
            }
            this.minEnd = min;
            this.maxClosedEnd = max;
            this.n = intervals.length;
            this.open = opens;
            this.starts = sumStarts;
            this.closedEnds = sumEnds;
        }

        double under(long s, long now) {
            return (double) ((long) n * (s - now) - starts);
        }

        double over(long e, long end, long now) {
            return (double) (closedEnds + (long) open * (end - now) - (long) n * (e - now));
        }
    }

    /**
     * {@link #search}'s first window alone, each node set at the window's start ({@link #earliestCandidates} without
     * its idle-machine shortcut). The sweep's start and end lists are sorted directly, the window orders its own
     * intervals, and the free areas the objective variables need are summed over the intervals instead of read from
     * a free-node profile: the same whole numbers while the machine's node-seconds up to the later of the horizon and
     * the run's end stay below 2^53, where a double holds every whole number and every sum is exact; beyond that the
     * full search's profile is used.
     */
    List<Placement> earliestSearch(MachineSchedule machine, int nodes, long runTime, long earliest, long latestEnd,
                                   long now) {
        if (runTime < 1) {
            throw new IllegalArgumentException("offer search: a run time of at least 1 s, got " + runTime);
        }
        List<Placement> out = new ArrayList<>();
        if (nodes > machine.size()) {
            return out;
        }
        FreeTable free = machine.sharedFreeTable(now, Long.MAX_VALUE);
        long t = sweep(free, nodes, runTime, Math.max(now, earliest), latestEnd, now).next();
        if (t == Long.MIN_VALUE) {
            return out;
        }
        long horizon = sweepHorizon;
        double span = (double) machine.size() * (Math.max(horizon, t + runTime) - now);
        if (!(span < EXACT)) {
            for (Placement p : search(machine, nodes, runTime, earliest, latestEnd, now)) {
                if (p.start() == t) {
                    out.add(p);
                }
            }
            return out;
        }
        double busyArea = sweepBusyArea; // whole node-seconds below 2^53 (the span above): exact
        double freeDuringRun = freeArea(free, t, t + runTime);
        FeasibleWindow window = new FeasibleWindow(free, null, null, 0);
        window.fill(t, runTime);
        for (FeasibleWindow.NodeSet set : window.nodeSets(nodes, settings.nodeSets())) {
            out.add(place(free, set, t, runTime, machine.size(), now, horizon, busyArea, freeDuringRun));
        }
        return out;
    }

    /**
     * The sweep over the table's intervals, its lists sorted directly into the kept arrays; sets the table's horizon
     * (the latest interval start: the end of the machine's schedule, as the profile has it) and its busy node-seconds
     * from now to the horizon, read in the same pass: each node's last interval is open (it starts at the horizon or
     * before), every other one closes before the node's last start, so a node is busy from now to its last start less
     * its closed intervals.
     */
    private Sweep sweep(FreeTable free, int nodes, long runTime, long from, long latestEnd, long now) {
        int count = free.size();
        if (sweepStarts.length < count) {
            sweepStarts = new long[Math.max(count, 2 * sweepStarts.length)];
            sweepLasts = new long[sweepStarts.length];
        }
        long[] starts = sweepStarts;
        long[] lasts = sweepLasts;
        int k = 0;
        long horizon = 0;
        long lastStarts = 0;
        long closed = 0;
        for (int f = 0; f < count; f++) {
            horizon = f == 0 ? free.start(f) : Math.max(horizon, free.start(f));
            long s = Math.max(free.start(f), from);
            long e = free.end(f);
            if (e == Long.MAX_VALUE) {
                lastStarts += free.start(f) - now;
            } else {
                closed += e - free.start(f);
            }
            if (e - s >= runTime) {
                starts[k] = s;
                lasts[k] = e == Long.MAX_VALUE ? Long.MAX_VALUE : e - runTime;
                k++;
            }
        }
        Arrays.sort(starts, 0, k);
        Arrays.sort(lasts, 0, k);
        sweepHorizon = horizon;
        sweepBusyArea = lastStarts - closed;
        return new Sweep(starts, lasts, k, nodes, runTime, latestEnd);
    }

    /**
     * The intervals that can be in a window starting from {@code from} to {@code to}, into the kept {@link #eligible}
     * (ascending): those that start by {@code to} and can hold the run from {@code from} on. A window's orders are
     * theirs filtered to it as they are the whole table's.
     *
     * @return how many there are
     */
    private int eligibleFrom(FreeTable free, long from, long to, long runTime) {
        if (eligible.length < free.size()) {
            eligible = new int[Math.max(free.size(), 2 * eligible.length)];
        }
        int m = 0;
        for (int f = 0; f < free.size(); f++) {
            if (free.start(f) <= to && free.end(f) - Math.max(free.start(f), from) >= runTime) {
                eligible[m++] = f;
            }
        }
        return m;
    }

    /** Below this, a double holds every whole number, so sums of whole node-seconds are exact. */
    private static final double EXACT = 0x1p53;

    /**
     * The sweep over a machine's free intervals: the ascending {@code starts} at which at least {@code nodes}
     * intervals hold the run ({@code lasts}: the latest start each interval allows, ascending), up to the request's
     * latest end. {@link #search} takes its windows from it one by one, {@link #earliestSearch} its first.
     */
    private static final class Sweep {
        private final long[] starts;
        private final long[] lasts;
        private final int k;
        private final int nodes;
        private final long runTime;
        private final long latestEnd;
        private int i;
        private int active;
        private int gone;

        Sweep(long[] starts, long[] lasts, int k, int nodes, long runTime, long latestEnd) {
            this.starts = starts;
            this.lasts = lasts;
            this.k = k;
            this.nodes = nodes;
            this.runTime = runTime;
            this.latestEnd = latestEnd;
        }

        /** The next start of a feasible window, or {@link Long#MIN_VALUE} when there is none before the latest end. */
        long next() {
            while (i < k) {
                long t = starts[i];
                while (i < k && starts[i] == t) {
                    active++;
                    i++;
                }
                while (gone < k && lasts[gone] < t) {
                    active--;
                    gone++;
                }
                if (t + runTime > latestEnd) {
                    i = k; // every later start ends later still
                    return Long.MIN_VALUE;
                }
                if (active >= nodes) {
                    return t;
                }
            }
            return Long.MIN_VALUE;
        }
    }

    /** Free node-seconds of the table in {@code [from, to)}: a whole number, exact while below 2^53. */
    private static double freeArea(FreeTable free, long from, long to) {
        long area = 0;
        for (int f = 0; f < free.size(); f++) {
            long overlap = Math.min(free.end(f), to) - Math.max(free.start(f), from);
            if (overlap > 0) {
                area += overlap;
            }
        }
        return area;
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
        int[] ids = new int[nodes];
        double under = 0;
        for (int node = 0; node < nodes; node++) {
            ids[node] = node;
            under += from - now; // each node's one interval is [now, forever): nothing over after the job
        }
        List<Placement> out = new ArrayList<>(1);
        out.add(place(ids, from, runTime, size, now, now, 0, FreeProfile.idle(size, now).freeArea(from, from + runTime),
                under, 0));
        return out;
    }

    /**
     * Whether a start and node set (ids ascending) is among the search's candidates of earlier windows
     * ({@code found[0, before)}): a later window's set can repeat a start spread from an earlier one, and each
     * placement is offered once. Within a window the sets and a set's starts differ. A search holds a few dozen.
     */
    private static boolean offered(List<Placement> found, int before, long start, int[] nodes) {
        for (int i = 0; i < before; i++) {
            Placement p = found.get(i);
            if (p.start() == start && p.holds(nodes)) {
                return true;
            }
        }
        return false;
    }

    /** Z start times from {@code first} to {@code last}, evenly spread, {@code first} always included. */
    static long[] startTimes(int z, long first, long last) {
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

    /**
     * A placement of the set (free intervals of the table, in the order the set was built) at start {@code s}; its
     * under- and over-utilization are summed in that order, as the objective variables have always been.
     */
    private static Placement place(FreeTable free, FeasibleWindow.NodeSet set, long s, long runTime, int machineNodes,
                                   long now, long horizon, double busyArea, double freeDuringRun) {
        long e = s + runTime;
        long end = Math.max(horizon, e);
        double under = 0;
        double over = 0;
        for (int f : set.intervals()) {
            under += s - free.start(f);
            over += Math.min(free.end(f), end) - e;
        }
        return place(set.nodes(), s, runTime, machineNodes, now, horizon, busyArea, freeDuringRun, under, over);
    }

    /** @param freeDuringRun the machine's free node-seconds during the run, {@code [s, s + runTime)} */
    private static Placement place(int[] ids, long s, long runTime, int machineNodes, long now, long horizon,
                                   double busyArea, double freeDuringRun, double under, double over) {
        long e = s + runTime;
        long end = Math.max(horizon, e);
        int n = ids.length;
        double leftRight = Math.max(0, freeDuringRun - (double) n * runTime); // no rounding below 0
        double area = (double) n * runTime;
        double utilization = end > now ? (busyArea + area) / ((double) machineNodes * (end - now)) : 1.0;
        // left_right_rel over the machine's idle area during the run (left_right + the job's area): in [0, 1).
        return new Placement(ids, s, e, new ObjectiveVariables(under, over, leftRight,
                leftRight / (leftRight + area), leftRight / area, utilization));
    }
}
