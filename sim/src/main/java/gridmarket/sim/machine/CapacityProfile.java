package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * A step function of free node counts over time, for planners that only need "how many nodes are free when"
 * (conservative backfilling keeps every queued job's reservation here, as pyss' CPU snapshot does).
 *
 * <p>Segment {@code i} covers {@code [time[i], time[i+1])} with {@code free[i]} free nodes; the last segment extends
 * forever. Invariants: times strictly increase; {@code 0 <= free[i] <= capacity}.
 */
public final class CapacityProfile {
    private final int capacity;
    private long[] time = new long[16];
    private int[] free = new int[16];
    private int size;
    /** prefixMax[i] = max(free[0..i]); valid for {@code i < prefixValid}, since a change leaves earlier segments be. */
    private int[] prefixMax = new int[16];
    private int prefixValid;

    /** A profile with all {@code capacity} nodes free from {@code origin} on. */
    public CapacityProfile(int capacity, long origin) {
        this.capacity = capacity;
        time[0] = origin;
        free[0] = capacity;
        size = 1;
    }

    public int capacity() {
        return capacity;
    }

    /** Free nodes at time {@code t} (not before the profile's origin). */
    public int freeAt(long t) {
        return free[segmentAt(t)];
    }

    /** Number of segments; a measure of the profile's size. */
    public int segments() {
        return size;
    }

    /** Takes {@code nodes} nodes over {@code [start, end)}. */
    public void take(int nodes, long start, long end) {
        change(-nodes, start, end);
    }

    /** Gives back {@code nodes} nodes over {@code [start, end)}. */
    public void give(int nodes, long start, long end) {
        change(nodes, start, end);
    }

    private void change(int delta, long start, long end) {
        if (start >= end) {
            return;
        }
        int i = split(start);
        int j = end == Long.MAX_VALUE ? size : split(end);
        prefixValid = Math.min(prefixValid, i); // segments before i kept their index and count
        for (int k = i; k < j; k++) {
            int v = free[k] + delta;
            if (v < 0 || v > capacity) {
                throw new IllegalStateException("capacity profile out of range: " + v + " free of " + capacity
                        + " at " + time[k]);
            }
            free[k] = v;
        }
        merge(Math.max(i - 1, 0), Math.min(j + 1, size));
    }

    /**
     * The earliest {@code t >= from} with at least {@code nodes} free during all of {@code [t, t + duration)}, or
     * {@link Long#MAX_VALUE} if {@code nodes > capacity}.
     */
    public long earliest(int nodes, long duration, long from) {
        if (nodes > capacity) {
            return Long.MAX_VALUE;
        }
        int i = segmentAt(from);
        long candidate = from;
        while (true) {
            while (free[i] < nodes) {
                if (i + 1 == size) {
                    return Long.MAX_VALUE; // only an open-ended take leaves the last segment short
                }
                i++;
                candidate = time[i];
            }
            long end = candidate + duration;
            int j = i + 1;
            while (j < size && time[j] < end && free[j] >= nodes) {
                j++;
            }
            if (j == size || time[j] >= end) {
                return candidate;
            }
            i = j;
            candidate = time[j];
        }
    }

    /**
     * The largest free count at any time in {@code [origin, t)}; 0 if {@code t} is at or before the origin. Cheap while
     * the profile does not change (a cached prefix maximum), so a planner can rule out moves before trying them.
     */
    public int maxFreeBefore(long t) {
        if (t <= time[0]) {
            return 0;
        }
        int i = Arrays.binarySearch(time, 0, size, t);
        int last = i >= 0 ? i - 1 : -i - 2; // the last segment starting before t
        if (last >= prefixValid) {
            if (prefixMax.length < time.length) {
                prefixMax = Arrays.copyOf(prefixMax, time.length);
            }
            int m = prefixValid == 0 ? 0 : prefixMax[prefixValid - 1];
            for (int k = prefixValid; k <= last; k++) {
                m = Math.max(m, free[k]);
                prefixMax[k] = m;
            }
            prefixValid = last + 1;
        }
        return prefixMax[last];
    }

    /**
     * Whether some {@code t} before {@code limit} (and not before the origin) has at least {@code nodes} free during
     * all of {@code [t, min(t + duration, limit))}. A planner asks this of a reservation that starts at {@code limit}:
     * with the reservation's own nodes given back, such a {@code t} is exactly an earlier start for it, since from
     * {@code limit} on its own nodes are free for its whole duration. Read-only, so a reservation that cannot move
     * up costs no change to the profile.
     */
    public boolean fitsBefore(int nodes, long duration, long limit) {
        if (limit <= time[0]) {
            return false;
        }
        int i = Arrays.binarySearch(time, 0, size, limit);
        int last = i >= 0 ? i - 1 : -i - 2; // the segment holding limit - 1
        if (free[last] >= nodes) {
            return true; // start inside that segment; the window is cut at limit
        }
        if (maxFreeBefore(limit) < nodes) {
            return false;
        }
        // the first segment with room: the prefix maximum first reaches nodes there
        int lo = 0;
        int hi = last;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (prefixMax[mid] >= nodes) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // a run of segments with room, ending before the segment holding limit - 1, at least duration long; a run
        // starting after latest would end too late
        long latest = time[last] - duration;
        long runStart = -1;
        for (int k = lo; k < last; k++) {
            if (free[k] >= nodes) {
                if (runStart < 0) {
                    if (time[k] > latest) {
                        return false;
                    }
                    runStart = time[k];
                }
                if (time[k + 1] - runStart >= duration) {
                    return true;
                }
            } else {
                runStart = -1;
            }
        }
        return false;
    }

    /** Forgets everything before {@code now}; the segment containing {@code now} then starts at {@code now}. */
    public void advanceTo(long now) {
        prefixValid = 0;
        int i = segmentAt(now);
        if (i > 0) {
            System.arraycopy(time, i, time, 0, size - i);
            System.arraycopy(free, i, free, 0, size - i);
            size -= i;
        }
        if (time[0] < now) {
            time[0] = now;
        }
    }

    private int segmentAt(long t) {
        int i = Arrays.binarySearch(time, 0, size, t);
        if (i >= 0) {
            return i;
        }
        int ins = -i - 1;
        if (ins == 0) {
            throw new IllegalArgumentException("time " + t + " before the profile origin " + time[0]);
        }
        return ins - 1;
    }

    /** Ensures a segment starts at {@code t}; returns its index. */
    private int split(long t) {
        int i = Arrays.binarySearch(time, 0, size, t);
        if (i >= 0) {
            return i;
        }
        int ins = -i - 1;
        if (ins == 0) {
            throw new IllegalArgumentException("time " + t + " before the profile origin " + time[0]);
        }
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            free = Arrays.copyOf(free, size * 2);
        }
        System.arraycopy(time, ins, time, ins + 1, size - ins);
        System.arraycopy(free, ins, free, ins + 1, size - ins);
        time[ins] = t;
        free[ins] = free[ins - 1];
        size++;
        return ins;
    }

    /**
     * Joins neighbouring segments with equal counts in {@code [from, to)}, keeping the profile small. Only that range
     * is compacted; the tail moves in one block copy, so a change costs a memory move, not a walk of the profile.
     */
    private void merge(int from, int to) {
        int w = from + 1;
        int r = from + 1;
        for (; r < to; r++) {
            if (free[r] == free[w - 1]) {
                continue;
            }
            time[w] = time[r];
            free[w] = free[r];
            w++;
        }
        if (w < r) {
            System.arraycopy(time, r, time, w, size - r);
            System.arraycopy(free, r, free, w, size - r);
            size -= r - w;
        }
    }
}
