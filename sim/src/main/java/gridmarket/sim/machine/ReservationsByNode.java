package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * The reservations of a {@link MachineSchedule} filed under each node they hold, per node ordered by start. On one node
 * reservations never overlap (the schedule's invariant), so their starts, and their ends, are increasing: the last one
 * starting before a time is the only one that can still hold the node then.
 */
final class ReservationsByNode {
    private static final Allocation[] NONE = {};

    private static final long[] NO_TIMES = {};

    private final Allocation[][] lists;
    /**
     * Each listed reservation's start and planned end, beside it: the free-interval table reads every node's times on
     * every offer search, and reading them here saves a pointer to each reservation.
     */
    private final long[][] starts;
    private final long[][] ends;
    private final int[] counts;

    ReservationsByNode(int nodes) {
        this.lists = new Allocation[nodes][];
        Arrays.fill(lists, NONE);
        this.starts = new long[nodes][];
        Arrays.fill(starts, NO_TIMES);
        this.ends = new long[nodes][];
        Arrays.fill(ends, NO_TIMES);
        this.counts = new int[nodes];
    }

    int count(int node) {
        return counts[node];
    }

    /** The {@code k}-th reservation of the node by start. */
    Allocation at(int node, int k) {
        return lists[node][k];
    }

    /** The start of the {@code k}-th reservation of the node. */
    long start(int node, int k) {
        return starts[node][k];
    }

    /** The planned end of the {@code k}-th reservation of the node. */
    long end(int node, int k) {
        return ends[node][k];
    }

    void add(Allocation r) {
        for (int node : r.nodeIdsShared()) {
            Allocation[] list = lists[node];
            long[] s = starts[node];
            long[] e = ends[node];
            int n = counts[node];
            if (n == list.length) {
                int grown = Math.max(4, n * 2);
                list = Arrays.copyOf(list, grown);
                lists[node] = list;
                s = Arrays.copyOf(s, grown);
                starts[node] = s;
                e = Arrays.copyOf(e, grown);
                ends[node] = e;
            }
            int at = startingBefore(s, n, r.start() + 1); // after any equal start, as a stable sort would
            System.arraycopy(list, at, list, at + 1, n - at);
            System.arraycopy(s, at, s, at + 1, n - at);
            System.arraycopy(e, at, e, at + 1, n - at);
            list[at] = r;
            s[at] = r.start();
            e[at] = r.plannedEnd();
            counts[node] = n + 1;
        }
    }

    void remove(Allocation r) {
        for (int node : r.nodeIdsShared()) {
            Allocation[] list = lists[node];
            long[] s = starts[node];
            long[] e = ends[node];
            int n = counts[node];
            int at = startingBefore(s, n, r.start());
            while (at < n && list[at] != r) {
                at++;
            }
            if (at == n) {
                throw new IllegalStateException("node " + node + " does not hold " + r);
            }
            System.arraycopy(list, at + 1, list, at, n - at - 1);
            System.arraycopy(s, at + 1, s, at, n - at - 1);
            System.arraycopy(e, at + 1, e, at, n - at - 1);
            list[n - 1] = null;
            counts[node] = n - 1;
        }
    }

    /** Whether a reservation holds the node at some time in {@code [from, to)}. */
    boolean overlaps(int node, long from, long to) {
        int k = startingBefore(starts[node], counts[node], to) - 1; // the last one starting before to
        return k >= 0 && ends[node][k] > from;
    }

    /** The index of the node's first reservation that ends after {@code t} (ends increase with starts). */
    int firstEndingAfter(int node, long t) {
        long[] e = ends[node];
        int lo = 0;
        int hi = counts[node];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (e[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** How many of the first {@code n} reservations start before {@code t}. */
    private static int startingBefore(long[] s, int n, long t) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (s[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
