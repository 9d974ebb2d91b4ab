package gridmarket.market;

import gridmarket.sim.machine.FreeTable;

import java.util.Arrays;

/**
 * The number of free nodes over time, built from per-node free intervals, with a prefix integral so that the free
 * area of any window costs a binary search. The horizon is the last finite interval end: the end of the machine's
 * schedule, after which every node is free.
 */
final class FreeProfile {
    private final long[] time;
    private final long[] free;
    private final double[] areaBefore;
    private final long horizon;
    /** The segments the last free area's ends were found in. */
    private int fromSegment;
    private int toSegment;

    /**
     * The profile of a machine's free intervals from now to forever, given by their starts and ends, each ascending (as
     * {@link IntervalOrders} has them).
     */
    FreeProfile(long[] starts, long[] ends) {
        int count = starts.length;
        // The intervals run to forever: each node's last one is open and starts after the node's finite ends, so the
        // last finite end of the machine's schedule is the latest start.
        long h = count == 0 ? Long.MIN_VALUE : starts[count - 1];
        // Starts (+1) and ends (-1) merged: the free count steps at each distinct time.
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

    /**
     * The profile of the table's intervals that end after {@code from}: the same free areas from {@code from} on as
     * the whole table's (an interval that ends by then has no free time there).
     */
    static FreeProfile of(FreeTable table, long from) {
        long[] starts = new long[table.size()];
        long[] ends = new long[table.size()];
        int count = 0;
        for (int f = 0; f < starts.length; f++) {
            if (table.end(f) > from) {
                starts[count] = table.start(f);
                ends[count] = table.end(f);
                count++;
            }
        }
        starts = Arrays.copyOf(starts, count);
        ends = Arrays.copyOf(ends, count);
        Arrays.sort(starts);
        Arrays.sort(ends);
        return new FreeProfile(starts, ends);
    }

    private FreeProfile(long[] time, long[] free, double[] areaBefore, long horizon) {
        this.time = time;
        this.free = free;
        this.areaBefore = areaBefore;
        this.horizon = horizon;
    }

    /** The profile of an idle machine: {@code nodes} free from {@code now} on, as built from its free intervals. */
    static FreeProfile idle(int nodes, long now) {
        return new FreeProfile(new long[] {now}, new long[] {nodes}, new double[] {0}, now);
    }

    long horizon() {
        return horizon;
    }

    /** Free node-seconds in {@code [from, to)}. */
    double freeArea(long from, long to) {
        if (to <= from) {
            return 0;
        }
        fromSegment = segment(from, fromSegment);
        toSegment = segment(to, toSegment);
        return areaUpTo(to, toSegment) - areaUpTo(from, fromSegment);
    }

    /**
     * The last segment that begins at or before {@code x} (-1 if none), looked for next to {@code near} first: a
     * search asks for the free areas of nearby runs, one after another.
     */
    private int segment(long x, int near) {
        int m = time.length;
        if (near >= 0 && near < m && time[near] <= x) {
            for (int s = near, steps = 0; steps < 4; s++, steps++) {
                if (s + 1 == m || time[s + 1] > x) {
                    return s;
                }
            }
        } else if (near > 0 && near <= m && time[near - 1] <= x) {
            return near - 1;
        }
        int i = Arrays.binarySearch(time, x);
        return i >= 0 ? i : -i - 2;
    }

    private double areaUpTo(long x, int seg) {
        return seg < 0 ? 0 : areaBefore[seg] + (double) free[seg] * (x - time[seg]);
    }
}
