package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * What {@link CapacityProfile#fitsBefore} has learned about a job shape (nodes, duration): that no window of that shape
 * (that many nodes free throughout) ends at or before some time. Taking capacity never makes such a window, so the
 * knowledge only wears off where capacity is given back: a window that a give-back made possible overlaps it. The
 * profile logs every give-back, and a check of a shape re-reads only the span that the give-backs since its knowledge
 * could have opened, from the earliest start less a duration to the latest end (give-backs that are over by the
 * origin open nothing). A give-back that leaves fewer than n
 * nodes free anywhere in its span opens no window of n nodes, so the log is kept per width class (1, 2-3, 4-7, ...)
 * and a give-back is logged only in the classes it can reach.
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
    private long clock;

    RoomMemo(int capacity) {
        this.capacity = capacity;
        classes = new GiveBacks[widthClass(Math.max(capacity, 1)) + 1];
        for (int c = 0; c < classes.length; c++) {
            classes[c] = new GiveBacks();
        }
    }

    private int classOf(int nodes) {
        return Math.min(widthClass(Math.max(nodes, 1)), classes.length - 1);
    }

    private static int widthClass(int nodes) {
        return 31 - Integer.numberOfLeadingZeros(nodes);
    }

    /** Capacity was given back over {@code [start, end)}, leaving at most {@code mostFree} nodes free there. */
    void gaveBack(long start, long end, int mostFree) {
        clock++;
        for (int c = classOf(mostFree); c >= 0; c--) {
            classes[c].add(clock, start, end);
        }
    }

    /** The shape of {@code nodes} nodes (1 to the capacity) for {@code duration}, or -1 if it is too long to have one. */
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
     * One width class's give-backs, as two stacks over the log's clock that give the hull of every suffix of the log:
     * of a suffix only its earliest start and latest end matter, so an entry that starts no earlier (ends no later)
     * than a newer one is popped, as every shape learned before it was learned before the newer one too.
     */
    private static final class GiveBacks {
        private long[] startClock = new long[16];
        private long[] start = new long[16];
        private int startTop;
        /** The clock of the newest give-back that started at or before the origin; they all read as the origin. */
        private long fromOriginClock = -1;
        private long[] endClock = new long[16];
        private long[] end = new long[16];
        private int endTop;

        void add(long clock, long from, long until) {
            int t = startTop;
            while (t > 0 && start[t - 1] >= from) {
                t--;
            }
            if (t == start.length) {
                start = Arrays.copyOf(start, t * 2);
                startClock = Arrays.copyOf(startClock, t * 2);
            }
            start[t] = from;
            startClock[t] = clock;
            startTop = t + 1;
            t = endTop;
            while (t > 0 && end[t - 1] <= until) {
                t--;
            }
            if (t == end.length) {
                end = Arrays.copyOf(end, t * 2);
                endClock = Arrays.copyOf(endClock, t * 2);
            }
            end[t] = until;
            endClock[t] = clock;
            endTop = t + 1;
        }

        long earliestStartAfter(long clock, long origin) {
            if (clock < fromOriginClock) {
                return origin;
            }
            if (startTop == 0 || startClock[startTop - 1] <= clock) {
                return Long.MAX_VALUE; // the usual case: nothing given back since
            }
            return start[firstAfter(startClock, startTop, clock)];
        }

        long latestEndAfter(long clock) {
            int i = firstAfter(endClock, endTop, clock);
            return i == endTop ? Long.MIN_VALUE : end[i];
        }

        private static int firstAfter(long[] clocks, int hi, long clock) {
            int lo = 0;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (clocks[mid] > clock) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }

        /**
         * Starts at or before {@code now} all read as the origin, so they fold into one clock; ends at or before it
         * are over (the stack's top holds the earliest ends), so the hull of a suffix holding only those is empty.
         */
        void advanceTo(long now) {
            int b = 0;
            while (b < startTop && start[b] <= now) {
                fromOriginClock = startClock[b++];
            }
            if (b > 0) {
                System.arraycopy(start, b, start, 0, startTop - b);
                System.arraycopy(startClock, b, startClock, 0, startTop - b);
                startTop -= b;
            }
            while (endTop > 0 && end[endTop - 1] <= now) {
                endTop--;
            }
        }
    }
}
