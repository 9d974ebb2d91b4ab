package gridmarket.oracle;

import java.util.Arrays;

/**
 * Count-based processor availability profile (like pyss' CPU snapshot): a step function "free processors from
 * time {@code at[i]} until {@code at[i + 1]}"; the last step extends to infinity. No node identities.
 *
 * <p>Kept in two parallel sorted arrays (binary search to find a step, a linear walk to scan, array copies to insert
 * or remove a breakpoint): the same step function a {@code TreeMap<Long, Integer>} would hold, but scans, which
 * dominate conservative backfilling, are several times faster.
 */
final class OracleProfile {
    private final int nodes;
    /** Breakpoints, strictly increasing; at[0] <= any query time. */
    private long[] at = new long[64];
    /** free[i]: free processors in [at[i], at[i + 1]). */
    private int[] free = new int[64];
    private int size;

    OracleProfile(int nodes) {
        this.nodes = nodes;
        at[0] = Long.MIN_VALUE;
        free[0] = nodes;
        size = 1;
    }

    int nodes() {
        return nodes;
    }

    /** Free processors at instant t. */
    int freeAt(long t) {
        return free[step(t)];
    }

    /** Takes {@code procs} processors in [from, to). Fails if that would go below zero. */
    void allocate(long from, long to, int procs) {
        change(from, to, -procs);
    }

    /** Gives back {@code procs} processors in [from, to). Fails if that would exceed the machine. */
    void release(long from, long to, int procs) {
        change(from, to, procs);
    }

    /** True iff at least {@code procs} processors are free throughout [from, to). */
    boolean fits(long from, long to, int procs) {
        if (procs > nodes) {
            return false;
        }
        for (int i = step(from); i < size && at[i] < to; i++) {
            if (free[i] < procs) {
                return false;
            }
        }
        return true;
    }

    /** True iff at some instant of [from, to) at least {@code procs} processors are free. */
    boolean anyFits(long from, long to, int procs) {
        for (int i = step(from); i < size && at[i] < to; i++) {
            if (free[i] >= procs) {
                return true;
            }
        }
        return false;
    }

    /** Earliest s >= from such that {@code procs} processors are free throughout [s, s + duration). */
    long earliestStart(long from, long duration, int procs) {
        if (procs > nodes || duration <= 0) {
            throw new IllegalArgumentException("procs=" + procs + " duration=" + duration);
        }
        long candidate = from;
        for (int i = step(from); i < size; i++) {
            boolean last = i + 1 == size;
            if (free[i] < procs) {
                if (last) {
                    throw new IllegalStateException("profile never frees " + procs + " processors");
                }
                candidate = at[i + 1];
            } else if (last || at[i + 1] - candidate >= duration) {
                return candidate;
            }
        }
        throw new AssertionError("unreachable");
    }

    /** Forgets breakpoints before {@code now} (they can no longer matter). */
    void forgetBefore(long now) {
        int i = step(now);
        at[i] = Math.max(at[i], now);
        if (i > 0) {
            System.arraycopy(at, i, at, 0, size - i);
            System.arraycopy(free, i, free, 0, size - i);
            size -= i;
        }
    }

    /** Number of breakpoints (for tests). */
    int breakpoints() {
        return size;
    }

    /** Index of the step containing t: the largest i with at[i] <= t. */
    private int step(long t) {
        int i = Arrays.binarySearch(at, 0, size, t);
        return i >= 0 ? i : -i - 2;
    }

    private void change(long from, long to, int delta) {
        if (from >= to) {
            throw new IllegalArgumentException("empty interval [" + from + ", " + to + ")");
        }
        if (from < at[0]) {
            throw new IllegalArgumentException("interval starts at " + from + ", before the profile (" + at[0] + ")");
        }
        int first = split(from);
        int end = split(to);
        for (int i = first; i < end; i++) {
            int v = free[i] + delta;
            if (v < 0 || v > nodes) {
                throw new IllegalStateException("profile out of range at " + at[i] + ": " + v + " free of " + nodes
                        + " (change " + delta + " over [" + from + ", " + to + "))");
            }
            free[i] = v;
        }
        mergeAt(end);
        mergeAt(first);
    }

    /** Makes t a breakpoint (same step function) and returns its index. */
    private int split(long t) {
        int i = step(t);
        if (at[i] == t) {
            return i;
        }
        if (size == at.length) {
            at = Arrays.copyOf(at, size * 2);
            free = Arrays.copyOf(free, size * 2);
        }
        System.arraycopy(at, i + 1, at, i + 2, size - i - 1);
        System.arraycopy(free, i + 1, free, i + 2, size - i - 1);
        at[i + 1] = t;
        free[i + 1] = free[i];
        size++;
        return i + 1;
    }

    /** Removes breakpoint i if it does not change the value. */
    private void mergeAt(int i) {
        if (i > 0 && i < size && free[i] == free[i - 1]) {
            System.arraycopy(at, i + 1, at, i, size - i - 1);
            System.arraycopy(free, i + 1, free, i, size - i - 1);
            size--;
        }
    }
}
