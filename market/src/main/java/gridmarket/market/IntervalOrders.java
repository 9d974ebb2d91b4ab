package gridmarket.market;

import gridmarket.sim.machine.FreeTable;

import java.util.Arrays;

/**
 * A machine's free intervals in the orders the offer search reads them, sorted once per search: every window's node
 * sets, the sweep over start times and the free-node profile take what they need from here by filtering, because a
 * subset of a sorted sequence is still sorted. A search that looks at one window only sorts that window's intervals,
 * and one that goes on those that can hold its run from its first window on ({@link #of}: a subset). Ties between
 * equal start and end go to the lower node, which in the table is the lower interval index. Where the times span
 * few enough seconds, each order is one sort of keys holding the times; otherwise of keys holding their ranks.
 */
final class IntervalOrders {
    /** Sort keys hold a rank above an interval index; both are below 2^31, as array sizes are. */
    private static final int SHIFT = 31;
    private static final long INDEX = (1L << SHIFT) - 1;
    /** Up to this many intervals, two ranks and a position fit one key of three 21-bit fields. */
    private static final int PACKED_BITS = 21;
    private static final int PACKED = (1 << PACKED_BITS) - 1;

    /** The intervals' starts and ends, sorted when first asked for ({@link #timesSorted}). */
    private final long[] starts;
    private final long[] ends;
    private boolean timesSorted;
    private boolean timesPacked;
    private final int[] byStart;
    private final int[] byEnd;

    /** The orders of all the table's intervals. */
    IntervalOrders(FreeTable free) {
        this(free, null, free.size());
    }

    /**
     * The orders of some of the table's intervals ({@code subset[0, count)}, ascending), or of all ({@code subset}
     * null): a subset's orders are the whole table's filtered to it, since the ranks of its own starts and ends order
     * it as the table's do.
     */
    private IntervalOrders(FreeTable free, int[] subset, int count) {
        starts = new long[count];
        ends = new long[count];
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (int k = 0; k < count; k++) {
            int f = subset == null ? k : subset[k];
            starts[k] = free.start(f);
            ends[k] = free.end(f);
            low = Math.min(low, starts[k]);
            high = Math.max(high, ends[k] == Long.MAX_VALUE ? starts[k] : ends[k]);
        }
        if (alike(starts) && alike(ends)) {
            // One start and one end for all (the idle nodes of a machine with nothing reserved, in a window): every
            // rank is equal, so both orders are the index order, and the times are sorted as they are.
            byStart = subset == null ? identity(count) : Arrays.copyOf(subset, count);
            byEnd = byStart;
            timesSorted = true;
            return;
        }
        // The times as offsets from the earliest, an open end one past the latest: where two of them and a position
        // fit one key, each order is one sort of the times themselves (a window's node sets order their machine's
        // nodes in every offer search); else they are ranked first.
        long span = high - low;
        int timeBits = low >= 0 && span < Long.MAX_VALUE - 1 ? 64 - Long.numberOfLeadingZeros(span + 1) : 64;
        int positionBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, count - 1));
        if (2 * timeBits + positionBits <= 63) {
            long[] latestStartFirst = new long[count];
            long[] earliestEndFirst = new long[count];
            for (int k = 0; k < count; k++) {
                latestStartFirst[k] = span - (starts[k] - low);
                earliestEndFirst[k] = ends[k] == Long.MAX_VALUE ? span + 1 : ends[k] - low;
            }
            byStart = packedOrder(latestStartFirst, earliestEndFirst, timeBits, positionBits, subset);
            byEnd = packedOrder(earliestEndFirst, latestStartFirst, timeBits, positionBits, subset);
            timesPacked = true;
            return;
        }
        sortTimes();
        long[] distinctStarts = distinct(starts);
        long[] distinctEnds = distinct(ends);
        int[] latestStartFirst = new int[count];
        int[] earliestEndFirst = new int[count];
        for (int k = 0; k < count; k++) {
            int f = subset == null ? k : subset[k];
            latestStartFirst[k] = distinctStarts.length - 1 - Arrays.binarySearch(distinctStarts, free.start(f));
            earliestEndFirst[k] = Arrays.binarySearch(distinctEnds, free.end(f));
        }
        byStart = order(latestStartFirst, earliestEndFirst, subset);
        // With one end for all (a machine with nothing reserved: every node free from some time on) or one start for
        // all, the two orders are one.
        byEnd = distinctEnds.length == 1 || distinctStarts.length == 1 ? byStart
                : order(earliestEndFirst, latestStartFirst, subset);
    }

    private void sortTimes() {
        Arrays.sort(starts);
        Arrays.sort(ends);
        timesSorted = true;
    }

    /** The orders of the intervals {@code subset[0, count)} of the table, given in ascending index order. */
    static IntervalOrders of(FreeTable free, int[] subset, int count) {
        return new IntervalOrders(free, subset, count);
    }

    /** Every interval start, ascending (equal starts repeated); of the subset if the orders are a subset's. */
    long[] starts() {
        if (!timesSorted) {
            sortTimes();
        }
        return starts;
    }

    /** Every interval end, ascending (equal ends repeated; open ends are {@link Long#MAX_VALUE}, last). */
    long[] ends() {
        if (!timesSorted) {
            sortTimes();
        }
        return ends;
    }

    /** Interval indices: latest start first, then earliest end, then node (the tightest buckets first). */
    int[] byStart() {
        return byStart;
    }

    /** Interval indices: earliest end first (the smallest gap after a job), then latest start, then node. */
    int[] byEnd() {
        return byEnd;
    }

    private static boolean alike(long[] times) {
        for (long t : times) {
            if (t != times[0]) {
                return false;
            }
        }
        return true;
    }

    private static int[] identity(int count) {
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = k;
        }
        return out;
    }

    private static long[] distinct(long[] sorted) {
        long[] v = new long[sorted.length];
        int k = 0;
        for (long x : sorted) {
            if (k == 0 || x != v[k - 1]) {
                v[k++] = x;
            }
        }
        return Arrays.copyOf(v, k);
    }

    /**
     * Indices by the first time, then the second, then index: one sort of keys that hold both times
     * ({@code timeBits} each) above a position in {@code subset}, or an index if it is null.
     */
    private static int[] packedOrder(long[] first, long[] second, int timeBits, int positionBits, int[] subset) {
        int count = first.length;
        long[] keys = new long[count];
        for (int k = 0; k < count; k++) {
            keys[k] = (first[k] << (timeBits + positionBits)) | (second[k] << positionBits) | k;
        }
        Arrays.sort(keys);
        long position = (1L << positionBits) - 1;
        int[] out = new int[count];
        for (int q = 0; q < count; q++) {
            int k = (int) (keys[q] & position);
            out[q] = subset == null ? k : subset[k];
        }
        return out;
    }

    /** Whether the orders were sorted from the times themselves, not from their ranks (for the tests). */
    boolean timesPacked() {
        return timesPacked;
    }

    /**
     * Indices by the first rank, then the second, then index: one sort of packed keys, then one per tied run. The
     * keys hold positions in {@code subset} (ascending like the indices they stand for), or indices if it is null.
     */
    private static int[] order(int[] first, int[] second, int[] subset) {
        int count = first.length;
        long[] keys = new long[count];
        if (count <= PACKED) {
            // both ranks and the position in one key (each below 2^21): one sort, no tied runs to sort again; a
            // window's node sets order their machine's nodes in every offer search
            for (int k = 0; k < count; k++) {
                keys[k] = ((long) first[k] << (2 * PACKED_BITS)) | ((long) second[k] << PACKED_BITS) | k;
            }
            Arrays.sort(keys);
            int[] out = new int[count];
            for (int q = 0; q < count; q++) {
                int k = (int) (keys[q] & PACKED);
                out[q] = subset == null ? k : subset[k];
            }
            return out;
        }
        for (int k = 0; k < count; k++) {
            keys[k] = ((long) first[k] << SHIFT) | k;
        }
        Arrays.sort(keys);
        for (int i = 0; i < count; ) {
            long rank = keys[i] >>> SHIFT;
            int j = i + 1;
            while (j < count && keys[j] >>> SHIFT == rank) {
                j++;
            }
            if (j - i > 1) {
                boolean ascending = true;
                for (int q = i; q < j; q++) {
                    int k = (int) (keys[q] & INDEX);
                    keys[q] = ((long) second[k] << SHIFT) | k;
                    ascending &= q == i || keys[q] > keys[q - 1];
                }
                if (!ascending) {
                    Arrays.sort(keys, i, j);
                }
            }
            i = j;
        }
        int[] out = new int[count];
        for (int q = 0; q < count; q++) {
            int k = (int) (keys[q] & INDEX);
            out[q] = subset == null ? k : subset[k];
        }
        return out;
    }
}
