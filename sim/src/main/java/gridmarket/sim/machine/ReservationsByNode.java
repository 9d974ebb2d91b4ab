package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * The reservations of a {@link MachineSchedule} filed under each node they hold, per node ordered by start. On one node
 * reservations never overlap (the schedule's invariant), so their starts, and their ends, are increasing: the last one
 * starting before a time is the only one that can still hold the node then.
 */
final class ReservationsByNode {
    private static final Allocation[] NONE = {};

    private final Allocation[][] lists;
    private final int[] counts;

    ReservationsByNode(int nodes) {
        this.lists = new Allocation[nodes][];
        Arrays.fill(lists, NONE);
        this.counts = new int[nodes];
    }

    int count(int node) {
        return counts[node];
    }

    /** The {@code k}-th reservation of the node by start. */
    Allocation get(int node, int k) {
        return lists[node][k];
    }

    void add(Allocation r) {
        for (int node : r.nodeIdsShared()) {
            Allocation[] list = lists[node];
            int n = counts[node];
            if (n == list.length) {
                list = Arrays.copyOf(list, Math.max(4, n * 2));
                lists[node] = list;
            }
            int at = startingBefore(list, n, r.start() + 1); // after any equal start, as a stable sort would
            System.arraycopy(list, at, list, at + 1, n - at);
            list[at] = r;
            counts[node] = n + 1;
        }
    }

    void remove(Allocation r) {
        for (int node : r.nodeIdsShared()) {
            Allocation[] list = lists[node];
            int n = counts[node];
            int at = startingBefore(list, n, r.start());
            while (at < n && list[at] != r) {
                at++;
            }
            if (at == n) {
                throw new IllegalStateException("node " + node + " does not hold " + r);
            }
            System.arraycopy(list, at + 1, list, at, n - at - 1);
            list[n - 1] = null;
            counts[node] = n - 1;
        }
    }

    /** Whether a reservation holds the node at some time in {@code [from, to)}. */
    boolean overlaps(int node, long from, long to) {
        int k = startingBefore(lists[node], counts[node], to) - 1; // the last one starting before to
        return k >= 0 && lists[node][k].plannedEnd() > from;
    }

    /** The index of the node's first reservation that ends after {@code t} (ends increase with starts). */
    int firstEndingAfter(int node, long t) {
        Allocation[] list = lists[node];
        int lo = 0;
        int hi = counts[node];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (list[mid].plannedEnd() <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** How many of the first {@code n} reservations start before {@code t}. */
    private static int startingBefore(Allocation[] list, int n, long t) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (list[mid].start() < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
