package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * A step function of free node counts over time, for planners that only need "how many nodes are free when"
 * (conservative backfilling keeps every queued job's reservation here, as pyss' CPU snapshot does).
 *
 * <p>Segment {@code i} covers {@code [time[i], time[i+1])} with {@code free[i]} free nodes; the last segment extends
 * forever. Invariants: times strictly increase; {@code 0 <= free[i] <= capacity}; past the last segment,
 * {@code time[size]} and {@code free[size]} hold an end mark (see {@link #endMark}).
 */
public final class CapacityProfile {
    private static final int HINT_BITS = 10;
    private final int capacity;
    private long[] time = new long[16];
    private int[] free = new int[16];
    private int size;
    /** prefixMax[i] = max(free[0..i]); valid for {@code i < prefixValid}, since a change leaves earlier segments be. */
    private int[] prefixMax = new int[16];
    private int prefixValid;
    private final RoomMemo memo;
    /** Where the last search or change ended: where a search starts if its time is not remembered. */
    private int near;
    /** Recently asked times, by a hash of the time, and the segment each was found in; see {@link #lastAtOrBefore}. */
    private final long[] askedTimes = new long[1 << HINT_BITS];
    private final int[] foundAt = new int[1 << HINT_BITS];
    /** The segment where the last earliestBefore found its limit. */
    private int lastPlace = -1;

    /** A profile with all {@code capacity} nodes free from {@code origin} on. */
    public CapacityProfile(int capacity, long origin) {
        this.capacity = capacity;
        time[0] = origin;
        free[0] = capacity;
        size = 1;
        endMark();
        memo = new RoomMemo(capacity);
    }

    /**
     * Makes this the profile a new one of the same capacity from {@code origin} would be, keeping its arrays: a
     * planner that builds a profile at every pass (a compression, a re-plan) allocated more in the profile's hints and
     * memo than in its segments. The hints it keeps only say where a search starts (never what it finds).
     */
    public void reset(long origin) {
        time[0] = origin;
        free[0] = capacity;
        size = 1;
        endMark();
        prefixValid = 0;
        near = 0;
        lastPlace = -1;
        memo.clear();
    }

    /** What the searches learned; for tests of what a change makes them re-read. */
    RoomMemo memo() {
        return memo;
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

    /**
     * Moves a reservation of {@code nodes} nodes for {@code duration} from {@code from} to the earlier {@code to}: only
     * where the two spans do not overlap does the profile change.
     */
    public void move(int nodes, long duration, long from, long to) {
        if (to > from) {
            throw new IllegalArgumentException("a reservation moves up, not from " + from + " to " + to);
        }
        change(-nodes, to, Math.min(from, to + duration));
        change(nodes, Math.max(from, to + duration), from + duration);
    }

    /**
     * Adds {@code delta} to the free count over {@code [start, end)}. Inside the span every count moves by the same
     * delta, so neighbours stay apart and segments can only appear or join at its two ends: a segment starts at
     * {@code start} or {@code end} if none did, and one there goes if its count now equals its neighbour's. The rest of
     * the profile then moves once, by the net number of segments, and not at all when one end gains a segment and the
     * other loses one.
     */
    private void change(int delta, long start, long end) {
        if (start >= end || delta == 0) {
            return;
        }
        int i = segmentAt(start);
        prefixValid = Math.min(prefixValid, i); // segments before i keep their index and count
        int headFree = free[i];
        int mostFree = 0;
        int leastFree = capacity;
        int j = i; // segments [i, j) overlap the span: walked, not searched, as each of them changes anyway
        do {
            int v = free[j] + delta;
            if (v < 0 || v > capacity) {
                throw new IllegalStateException("capacity profile out of range: " + v + " free of " + capacity
                        + " at " + Math.max(time[j], start));
            }
            free[j] = v;
            mostFree = Math.max(mostFree, v);
            leastFree = Math.min(leastFree, v);
            j++;
        } while (j < size && time[j] < end);
        int tailFree = free[j - 1] - delta;
        if (delta > 0) {
            memo.gaveBack(start, end, leastFree - delta, mostFree);
        }
        boolean splitHead = time[i] < start; // segment i keeps its old count before start
        boolean joinHead = !splitHead && i > 0 && free[i - 1] == free[i];
        boolean splitTail = end != Long.MAX_VALUE && (j == size || time[j] != end); // the old count resumes at end
        boolean joinTail = !splitTail && j < size && free[j] == free[j - 1];
        int blockFrom = joinHead ? i + 1 : i; // the changed segments that stay, [blockFrom, j)
        int newBlockFrom = splitHead ? i + 1 : i;
        int tailAt = newBlockFrom + (j - blockFrom);
        int restFrom = joinTail ? j + 1 : j;
        int newRestFrom = splitTail ? tailAt + 1 : tailAt;
        int newSize = newRestFrom + (size - restFrom);
        if (newSize >= time.length) { // one more for the end mark
            time = Arrays.copyOf(time, Math.max(newSize + 1, size * 2));
            free = Arrays.copyOf(free, time.length);
        }
        // the changed block moves by one at most: when it moves left it goes first, when right the rest does
        if (newBlockFrom < blockFrom) {
            shift(blockFrom, newBlockFrom, j - blockFrom);
        }
        shift(restFrom, newRestFrom, size - restFrom);
        if (newBlockFrom > blockFrom) {
            shift(blockFrom, newBlockFrom, j - blockFrom);
            free[i] = headFree;
            time[newBlockFrom] = start;
        }
        if (splitTail) {
            time[tailAt] = end;
            free[tailAt] = tailFree;
        }
        size = newSize;
        endMark();
        near = Math.min(tailAt, newSize - 1); // a move's second change starts at or after this one's end
    }

    /**
     * Marks the end past the last segment: a time after every time, and room for any width, so the window search
     * stops there without testing its index at every step.
     */
    private void endMark() {
        time[size] = Long.MAX_VALUE;
        free[size] = Integer.MAX_VALUE;
    }

    private void shift(int from, int to, int length) {
        if (from != to && length > 0) {
            System.arraycopy(time, from, time, to, length);
            System.arraycopy(free, from, free, to, length);
        }
    }

    /**
     * The earliest {@code t >= from} with at least {@code nodes} free during all of {@code [t, t + duration)}, or
     * {@link Long#MAX_VALUE} if {@code nodes > capacity}.
     */
    public long earliest(int nodes, long duration, long from) {
        if (nodes > capacity) {
            return Long.MAX_VALUE;
        }
        // from the origin, what earlier searches learned applies: reservations of one shape go in one after another
        return from == time[0] ? firstWindowEndingBy(shapeOf(nodes, duration), nodes, duration, Long.MAX_VALUE)
                : firstWindow(nodes, duration, from, Long.MAX_VALUE - duration);
    }

    /**
     * The largest free count at any time in {@code [origin, t)}; 0 if {@code t} is at or before the origin. Cheap while
     * the profile does not change (a cached prefix maximum), so a planner can rule out moves before trying them.
     */
    public int maxFreeBefore(long t) {
        if (t <= time[0]) {
            return 0;
        }
        int last = lastAtOrBefore(t - 1); // the last segment starting before t
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
     * all of {@code [t, min(t + duration, limit))}: whether a reservation at {@code limit} could start earlier, see
     * {@link #earliestBefore}.
     */
    public boolean fitsBefore(int nodes, long duration, long limit) {
        return earliestBefore(nodes, duration, limit) < limit;
    }

    /**
     * The earliest start of a reservation of {@code nodes} nodes for {@code duration} that now starts at {@code limit},
     * were it taken out: the earliest {@code t} before {@code limit} (and not before the origin) with at least
     * {@code nodes} free during all of {@code [t, min(t + duration, limit))}, or {@code limit} if there is none. From
     * {@code limit} on its own nodes would be free for its whole duration, so the window may be cut there. Read-only,
     * so a reservation that cannot move up costs no change to the profile; and a shape asked about again is read only
     * where capacity came back since ({@link RoomMemo}).
     */
    public long earliestBefore(int nodes, long duration, long limit) {
        return earliestBefore(shapeOf(nodes, duration), nodes, duration, limit, -1);
    }

    /**
     * The id under which this profile keeps what it learned about reservations of {@code nodes} nodes for
     * {@code duration} (-1 for none), for {@link #earliestBefore(int, int, long, long, int)}.
     */
    public int shapeOf(int nodes, long duration) {
        return memo.shape(nodes, Math.max(duration, 1));
    }

    /**
     * As {@link #earliestBefore(int, long, long)}, for a planner that asks about the same reservations pass after pass
     * (conservative backfilling) and keeps, per reservation, its {@link #shapeOf} and its {@code place}: the segment
     * where its start was found the last time ({@link #lastPlace()} after the call; -1 at first). The search for the
     * start begins there, a few segments off at most after the changes in between. A stale place costs a longer
     * search, never a different answer; the shape must be this profile's {@code shapeOf(nodes, duration)}, since the
     * answer rests on what was learned under it.
     */
    public long earliestBefore(int shape, int nodes, long duration, long limit, int place) {
        assert shape == shapeOf(nodes, duration) : "shape " + shape + " is not this profile's for " + nodes + " x "
                + duration;
        if (limit <= time[0]) {
            return limit;
        }
        int last = place < 0 ? lastAtOrBefore(limit - 1) : lastAtOrBefore(limit - 1, place); // holds limit - 1
        lastPlace = last;
        int gap = last; // the last segment before limit without room
        while (gap >= 0 && free[gap] >= nodes) {
            gap--;
        }
        if (gap < 0) {
            return time[0];
        }
        // any start in the run of room up to limit is a (cut) window; one before the gap must be a whole window
        long windowBefore = firstWindowEndingBy(shape, nodes, duration, time[gap]);
        return windowBefore != Long.MAX_VALUE ? windowBefore : gap == last ? limit : time[gap + 1];
    }

    /** The earliest start of a whole window of {@code nodes} for {@code duration} ending by {@code by}, or MAX. */
    private long firstWindowEndingBy(int shape, int nodes, long duration, long by) {
        duration = Math.max(duration, 1); // a window of no time still needs room at its start, as one of a second
        long known = shape < 0 ? Long.MIN_VALUE : memo.knownUntil(shape);
        if (known <= time[0]) {
            known = time[0]; // no window ends at the origin
        } else {
            long from = memo.changedFrom(shape, nodes, time[0]);
            if (known >= by && from >= by) {
                // what came back opens only windows that end after by: the answer stands, and the knowledge is
                // left as it was, to be re-read by a question that reaches there
                return Long.MAX_VALUE;
            }
            long until = from < known ? memo.changedUntil(shape, nodes) : Long.MIN_VALUE;
            if (until > time[0]) { // windows ending by known can only be those that overlap what came back
                long opened = firstWindow(nodes, duration, Math.max(time[0], from - duration + 1),
                        Math.min(until - 1, known - duration));
                if (opened != Long.MAX_VALUE) {
                    memo.learned(shape, opened + duration - 1); // the earliest window of all
                    return opened + duration <= by ? opened : Long.MAX_VALUE;
                }
            }
            if (known >= by) {
                memo.learned(shape, known);
                return Long.MAX_VALUE;
            }
        }
        long t = firstWindow(nodes, duration, Math.max(time[0], known - duration + 1), by - duration);
        if (shape >= 0) {
            memo.learned(shape, t == Long.MAX_VALUE ? by : t + duration - 1);
        }
        return t;
    }

    /**
     * The earliest {@code t} in {@code [from, latest]} with at least {@code nodes} free during all of
     * {@code [t, t + duration)}, or {@link Long#MAX_VALUE}; {@code from} is not before the origin.
     */
    private long firstWindow(int nodes, long duration, long from, long latest) {
        if (from > latest) {
            return Long.MAX_VALUE;
        }
        // A window is tried from its far end backwards: the last segment without room in it rules out every start
        // up to that segment at once, so the short runs of room before it are never read. With long queues the
        // profile alternates between room and none every few segments, and this scan is most of a conservative run.
        long[] t = time;
        int[] f = free;
        int n = size;
        int k = from == t[0] ? 0 : segmentAt(from);
        long start = from;
        int verified = k; // segments [k, verified) are known to have room
        int last = k;
        while (true) {
            if (start > latest) {
                return Long.MAX_VALUE;
            }
            // the last segment the window reaches into; later windows reach further, so search on from the last one
            last = Math.max(last, k);
            long reach = start + duration - 1;
            while (t[last + 1] <= reach) { // the end mark stops it: reach is below MAX_VALUE
                last++;
            }
            int lack = -1;
            for (int q = last; q >= verified; q--) {
                if (f[q] < nodes) {
                    lack = q;
                    break;
                }
            }
            if (lack < 0) {
                return start;
            }
            verified = Math.max(verified, last + 1);
            k = lack + 1;
            while (f[k] < nodes) { // the end mark stops it
                if (t[k] > latest) {
                    return Long.MAX_VALUE;
                }
                k++;
            }
            if (k == n) {
                return Long.MAX_VALUE;
            }
            verified = Math.max(verified, k);
            start = t[k];
        }
    }

    /** Forgets everything before {@code now}; the segment containing {@code now} then starts at {@code now}. */
    public void advanceTo(long now) {
        prefixValid = 0;
        memo.advanceTo(now);
        int i = segmentAt(now);
        if (i > 0) {
            System.arraycopy(time, i, time, 0, size - i);
            System.arraycopy(free, i, free, 0, size - i);
            size -= i;
            endMark();
        }
        if (time[0] < now) {
            time[0] = now;
        }
    }

    private int segmentAt(long t) {
        int i = lastAtOrBefore(t);
        if (i < 0) {
            throw new IllegalArgumentException("time " + t + " before the profile origin " + time[0]);
        }
        return i;
    }

    /**
     * The last segment starting at or before {@code t}, or -1, searched outwards from where {@code t} was found last
     * time, else from the previous answer. A re-compression asks about every reservation's start in queue order, which
     * is not time order, and asks again at the next pass, when the profile has shifted by a few segments at most: more
     * than half the searches of a conservative run on a long queue end at or next to where they start, where a search
     * from the middle would take every halving step. What is remembered is only where to start, so a stale or overwritten
     * entry costs a longer search, never a wrong answer.
     */
    private int lastAtOrBefore(long t) {
        int slot = (int) ((t * 0x9E3779B97F4A7C15L) >>> (64 - HINT_BITS));
        int found = lastAtOrBefore(t, askedTimes[slot] == t ? foundAt[slot] : near);
        if (found >= 0) {
            askedTimes[slot] = t;
            foundAt[slot] = found;
        }
        return found;
    }

    /** The last segment starting at or before {@code t}, or -1, searched outwards from segment {@code start}. */
    private int lastAtOrBefore(long t, int start) {
        int lo = Math.min(start, size - 1);
        int hi;
        if (time[lo] <= t) { // gallop up: the answer is in [lo, hi)
            int step = 1;
            hi = lo + 1;
            while (hi < size && time[hi] <= t) {
                lo = hi;
                step <<= 1;
                hi = lo + step;
            }
            hi = Math.min(hi, size);
        } else { // gallop down
            int step = 1;
            hi = lo;
            lo = hi - 1;
            while (lo >= 0 && time[lo] > t) {
                hi = lo;
                step <<= 1;
                lo = hi - step;
            }
            if (lo < 0) {
                if (time[0] > t) {
                    return -1;
                }
                lo = 0;
            }
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (time[mid] <= t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        near = lo;
        return lo;
    }

    /** Where the last {@link #earliestBefore(int, int, long, long, int)} found its limit, to pass as its place. */
    public int lastPlace() {
        return lastPlace;
    }
}
