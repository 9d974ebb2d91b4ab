package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * What a {@link CapacityProfile}'s searches ({@code earliestBefore}, and {@code earliest} from the origin) have learned
 * about a job shape (nodes, duration): that no window of that shape (that many nodes free throughout) ends at or before
 * some time. Taking capacity never makes such a window, so the knowledge only wears off where capacity is given back:
 * a window that a give-back made possible overlaps it. The profile logs every give-back, and a search for a shape
 * re-reads only the span that the give-backs since its knowledge could have opened, from the earliest start less a
 * duration to the latest end (give-backs that are over by the origin open nothing). A window of n nodes that a
 * give-back made possible has an instant that had fewer than n nodes free and now has n or more, and the give-back
 * that last raised it there had, in its span, fewer than n free before it somewhere and at least n after it
 * somewhere. So a give-back opens no window of n nodes unless n is above its least count before and at most its
 * greatest count after; the log is kept per width class (1, 2-3, 4-7, ...) and a give-back is logged only in the
 * classes that this range of widths reaches. (A give-back over a span that had room for n nodes throughout, as
 * a reservation's tail moving out of a quiet stretch often has, opens nothing for n: shapes of n nodes do not re-read
 * it, unless a wider width of their class can gain.)
 *
 * <p>A re-compression of a long queue checks thousands of reservations, many of the same shape, on profiles that
 * change at a few places between checks: with this, a check reads the profile only where it changed.
 */
final class RoomMemo {
    private final int capacity;
    /** Shapes by key, open addressing: a check costs one probe where a boxed map cost as much as the walk saved. */
    private long[] keys = new long[256];
    private int[] ids = new int[256];
    private int shapes;
    /** Per shape: no window ends at or before {@code until}, known since the log's clock stood at {@code learnedAt}. */
    private long[] until = new long[64];
    private long[] learnedAt = new long[64];
    private final GiveBacks[] classes;
    /** The width class of each node count: the C1 compiler that runs a single run calls the bit count out of line. */
    private final byte[] classByWidth;
    private long clock;

    RoomMemo(int capacity) {
        this.capacity = capacity;
        classes = new GiveBacks[widthClass(Math.max(capacity, 1)) + 1];
        for (int c = 0; c < classes.length; c++) {
            classes[c] = new GiveBacks();
        }
        classByWidth = new byte[Math.max(capacity, 1) + 1];
        for (int n = 1; n < classByWidth.length; n++) {
            classByWidth[n] = (byte) widthClass(n);
        }
    }

    /** Forgets every shape and give-back, as a new memo of the same capacity knows nothing. */
    void clear() {
        if (shapes > 0) {
            Arrays.fill(keys, 0);
            shapes = 0;
        }
        clock = 0;
        for (GiveBacks g : classes) {
            g.clear();
        }
    }

    private int classOf(int nodes) {
        return classByWidth[Math.min(Math.max(nodes, 1), capacity)];
    }

    private static int widthClass(int nodes) {
        return 31 - Integer.numberOfLeadingZeros(nodes);
    }

    /**
     * Capacity was given back over {@code [start, end)}, where at least {@code leastBefore} nodes were free before and
     * at most {@code mostFree} are free now: only windows of more than {@code leastBefore} and at most
     * {@code mostFree} nodes can have opened.
     */
    void gaveBack(long start, long end, int leastBefore, int mostFree) {
        clock++;
        for (int c = classOf(mostFree), least = classOf(leastBefore + 1); c >= least; c--) {
            classes[c].add(clock, start, end);
        }
    }

    /** The shape of {@code nodes} nodes (1 to the capacity) for {@code duration}, or -1 if it has no key. */
    int shape(int nodes, long duration) {
        if (nodes < 1 || nodes > capacity || duration < 0
                || duration > (Long.MAX_VALUE - capacity) / (capacity + 1L) - 1) {
            return -1; // outside the keys' range, where two shapes could share one
        }
        long key = duration * (capacity + 1L) + nodes + 1; // 0 marks a free slot
        int mask = keys.length - 1;
        int slot = slot(key, mask);
        while (keys[slot] != 0) {
            if (keys[slot] == key) {
                return ids[slot];
            }
            slot = (slot + 1) & mask;
        }
        int id = shapes++;
        keys[slot] = key;
        ids[slot] = id;
        if (id == until.length) {
            until = Arrays.copyOf(until, id * 2);
            learnedAt = Arrays.copyOf(learnedAt, id * 2);
        }
        until[id] = Long.MIN_VALUE;
        if (shapes * 2 > keys.length) {
            rehash();
        }
        return id;
    }

    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    }

    private void rehash() {
        long[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new long[oldKeys.length * 2];
        ids = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int k = 0; k < oldKeys.length; k++) {
            if (oldKeys[k] != 0) {
                int slot = slot(oldKeys[k], mask);
                while (keys[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[k];
                ids[slot] = oldIds[k];
            }
        }
    }

    /**
     * The time by which, before the give-backs since, no window of {@code shape} ended; {@link Long#MIN_VALUE} when
     * nothing is known.
     */
    long knownUntil(int shape) {
        return until[shape];
    }

    /**
     * The earliest start of the give-backs since {@code shape}'s knowledge that reach its width ({@code nodes}) and
     * end after {@code origin}, {@code origin} for those that started there or before; MAX_VALUE if there are none.
     */
    long changedFrom(int shape, int nodes, long origin) {
        return classes[classOf(nodes)].earliestStartAfter(learnedAt[shape], origin);
    }

    /** The latest end of the give-backs since {@code shape}'s knowledge that reach its width. */
    long changedUntil(int shape, int nodes) {
        return classes[classOf(nodes)].latestEndAfter(learnedAt[shape]);
    }

    /** No window of {@code shape} ends at or before {@code by}. */
    void learned(int shape, long by) {
        until[shape] = by;
        learnedAt[shape] = clock;
    }

    /** Forgets the give-backs that are over by {@code now}: no window from {@code now} on overlaps them. */
    void advanceTo(long now) {
        for (GiveBacks g : classes) {
            g.advanceTo(now);
        }
    }

    /**
     * One width class's give-backs, as the hull of every suffix of the log: its earliest start and its latest end.
     * Give-backs that start at or before the origin all read as the origin, so they fold into one clock; those that
     * end by it are over, so a suffix holding only those has an empty hull.
     */
    private static final class GiveBacks {
        private final Extremes starts = new Extremes(true);
        private final Extremes ends = new Extremes(false);
        /** The clock of the newest give-back that started at or before the origin. */
        private long fromOriginClock = -1;

        void clear() {
            starts.top = 0;
            ends.top = 0;
            fromOriginClock = -1;
        }

        void add(long clock, long from, long until) {
            starts.add(clock, from);
            ends.add(clock, until);
        }

        long earliestStartAfter(long clock, long origin) {
            return clock < fromOriginClock ? origin : starts.after(clock, Long.MAX_VALUE);
        }

        long latestEndAfter(long clock) {
            return ends.after(clock, Long.MIN_VALUE);
        }

        void advanceTo(long now) {
            fromOriginClock = Math.max(fromOriginClock, starts.dropOldestUpTo(now));
            ends.dropNewestUpTo(now);
        }
    }

    /**
     * A log of (clock, value) that answers, for any suffix (entries newer than a clock), its least (or greatest)
     * value in O(log n): an entry whose value is no better than a newer one's is popped, since every suffix that holds
     * it holds the newer one too. What is left is a stack whose values grow (fall) from its bottom to its top.
     */
    private static final class Extremes {
        /** 1 for a least-value log, -1 for a greatest-value one, whose values are kept negated: one comparison. */
        private final long sign;
        private long[] clocks = new long[16];
        private long[] values = new long[16];
        private int top;

        Extremes(boolean least) {
            this.sign = least ? 1 : -1;
        }

        void add(long clock, long value) {
            long v = value * sign;
            int t = top;
            while (t > 0 && values[t - 1] >= v) {
                t--;
            }
            if (t == values.length) {
                values = Arrays.copyOf(values, t * 2);
                clocks = Arrays.copyOf(clocks, t * 2);
            }
            values[t] = v;
            clocks[t] = clock;
            top = t + 1;
        }

        /** The extreme value among the entries newer than {@code clock}, or {@code none}. */
        long after(long clock, long none) {
            if (top == 0 || clocks[top - 1] <= clock) {
                return none; // nothing since
            }
            // the first entry newer than clock: searched down from the top, where the clocks of the shapes asked
            // about most often are, a few entries below it; a search from the middle took every halving step
            int hi = top - 1;
            int step = 1;
            int lo = hi - 1;
            while (lo >= 0 && clocks[lo] > clock) {
                hi = lo;
                step <<= 1;
                lo = hi - step;
            }
            lo = Math.max(lo + 1, 0);
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (clocks[mid] > clock) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return values[lo] * sign;
        }

        /** Drops the bottom entries with values up to {@code v} (a least-value log); the newest one's clock, or -1. */
        long dropOldestUpTo(long v) {
            int b = 0;
            while (b < top && values[b] <= v) {
                b++;
            }
            if (b == 0) {
                return -1;
            }
            long clock = clocks[b - 1];
            System.arraycopy(values, b, values, 0, top - b);
            System.arraycopy(clocks, b, clocks, 0, top - b);
            top -= b;
            return clock;
        }

        /** Drops the top entries with values up to {@code v} (a greatest-value log). */
        void dropNewestUpTo(long v) {
            while (top > 0 && -values[top - 1] <= v) {
                top--;
            }
        }
    }
}
