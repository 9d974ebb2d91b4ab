package gridmarket.market;

import gridmarket.sim.machine.FreeTable;
import gridmarket.sim.machine.MachineSchedule;

import java.util.Arrays;

/**
 * A machine's answer to a partial request (SPEC E6): for a run of {@code duration} seconds, how many of its nodes are
 * free for the whole of {@code [t, t + duration)}, as a step function of the start time t. The MetaManager adds such
 * answers of several machines to find a common start for a co-allocated job.
 *
 * <p>Planning uses estimates, like every offer. The count can rise only at {@link #risingTimes()}, so the earliest
 * start at which a sum of such functions reaches a value is one of their rising times.
 */
public final class FreeNodeWindows {
    private final long[] time;
    private final int[] count;
    private final long[] rising;

    private FreeNodeWindows(long[] time, int[] count, long[] rising) {
        this.time = time;
        this.count = count;
        this.rising = rising;
    }

    /**
     * The free node counts of {@code machine} for runs of {@code duration} seconds starting at {@code from} or later,
     * planned at {@code now}.
     */
    public static FreeNodeWindows of(MachineSchedule machine, long duration, long from, long now) {
        return before(machine, duration, from, Long.MAX_VALUE, now);
    }

    /**
     * The same counts for starts in {@code [from, before)} only (later starts count 0 or less than they are): what a
     * co-allocated job that starts at {@code before} asks when it looks for an earlier start. Nothing of the schedule
     * after {@code before + duration} is read.
     */
    public static FreeNodeWindows before(MachineSchedule machine, long duration, long from, long before, long now) {
        return before(machine.sharedFreeTable(now, horizon(duration, before)), duration, from, before);
    }

    /** How far a table must reach for {@link #before}: the last start's run ends there. */
    public static long horizon(long duration, long before) {
        return before == Long.MAX_VALUE || duration > Long.MAX_VALUE - before ? Long.MAX_VALUE : before + duration;
    }

    /**
     * The counts read from a table of free intervals that reaches at least {@link #horizon} (a machine's, or one as if
     * a reservation were withdrawn: {@link MachineSchedule#sharedFreeTableWithout}).
     */
    public static FreeNodeWindows before(FreeTable free, long duration, long from, long before) {
        int n = free.size();
        int fits = 0; // counted first: most of a table's intervals lie past the horizon's reach or are too short
        for (int i = 0; i < n; i++) {
            long s = Math.max(free.start(i), from);
            if (s < before && free.end(i) - s >= duration) {
                fits++;
            }
        }
        long[] up = new long[fits];
        long[] down = new long[fits];
        int k = 0;
        for (int i = 0; i < n; i++) {
            long s = Math.max(free.start(i), from);
            long e = free.end(i);
            // an interval clipped at the horizon still holds every run that starts before `before`
            if (s < before && e - s >= duration) {
                up[k] = s;
                // The node stops counting one second after the last start that still fits.
                down[k++] = e == Long.MAX_VALUE ? Long.MAX_VALUE : e - duration + 1;
            }
        }
        Arrays.sort(up, 0, k);
        Arrays.sort(down, 0, k);
        long[] t = new long[2 * k];
        int[] c = new int[2 * k];
        long[] r = new long[k];
        int m = 0;
        int risings = 0;
        int level = 0;
        int a = 0;
        int b = 0;
        while (a < k || (b < k && down[b] != Long.MAX_VALUE)) {
            long at = Math.min(a < k ? up[a] : Long.MAX_VALUE, down[b]);
            int previous = level;
            while (a < k && up[a] == at) {
                level++;
                a++;
            }
            while (b < k && down[b] == at) {
                level--;
                b++;
            }
            t[m] = at;
            c[m++] = level;
            if (level > previous) {
                r[risings++] = at;
            }
        }
        return new FreeNodeWindows(Arrays.copyOf(t, m), Arrays.copyOf(c, m), Arrays.copyOf(r, risings));
    }

    /** Nodes free for the whole run if it starts at {@code t}. */
    public int countAt(long t) {
        int i = Arrays.binarySearch(time, t);
        int seg = i >= 0 ? i : -i - 2;
        return seg < 0 ? 0 : count[seg];
    }

    /** Whether {@code nodes} nodes are free for a whole run at some start in {@code [from, before)}. */
    public boolean reaches(int nodes, long from, long before) {
        if (countAt(from) >= nodes) {
            return true;
        }
        for (int i = 0; i < time.length; i++) {
            if (time[i] > from && time[i] < before && count[i] >= nodes) {
                return true;
            }
        }
        return false;
    }

    /** The start times at which the count rises, ascending. */
    public long[] risingTimes() {
        return rising.clone();
    }
}
