package gridmarket.market;

import gridmarket.sim.machine.FreeTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The nodes of a machine that are free for a whole run from one start time (a feasible window of the offer search),
 * and the node sets the bucket method builds from them (SPEC E4, thesis Figs 6.4-6.6). One search refills it for each
 * of its windows. A window's orders are the search's {@link IntervalOrders} restricted to the window's intervals, so
 * no window sorts anything: the search runs for every machine on every request. A search that looks at one window
 * only gives it no orders, and the window sorts its own intervals (the same orders, at the cost of the window alone).
 */
final class FeasibleWindow {
    private final FreeTable free;
    /** The table's orders, or null: the window orders its own intervals. */
    private final IntervalOrders orders;
    /**
     * Whether an interval of the table is in the window: its node's interval holding the start, long enough; only
     * with the table's orders, which the window filters by it (null otherwise).
     */
    private final boolean[] member;
    /** The intervals a window may hold, ascending ({@code [0, count)}), or null: any of the table's. */
    private final int[] candidates;
    private final int count;
    /** The window's intervals in node order. */
    private final int[] fit;
    private int size;

    /**
     * @param orders     the table's orders, or those of {@code candidates}; null: each window orders its own
     * @param candidates the only intervals any window asked of it may hold, ascending ({@code [0, count)}), or null
     */
    FeasibleWindow(FreeTable free, IntervalOrders orders, int[] candidates, int count) {
        this.free = free;
        this.orders = orders;
        this.member = orders == null ? null : new boolean[free.size()];
        this.candidates = candidates;
        this.count = candidates == null ? free.size() : count;
        this.fit = new int[free.nodes()];
    }

    /** A node set: its free intervals in the order the set was chosen, and its node ids, ascending. */
    record NodeSet(int[] intervals, int[] nodes) {
    }

    /** Takes the nodes free for all of {@code [t, t + runTime)}: each node whose interval holding t is long enough. */
    void fill(long t, long runTime) {
        if (member != null) {
            for (int i = 0; i < size; i++) {
                member[fit[i]] = false;
            }
        }
        size = 0;
        // A node's intervals are disjoint, so at most one of them holds the run; intervals ascend by node.
        for (int q = 0; q < count; q++) {
            int f = candidates == null ? q : candidates[q];
            if (free.start(f) <= t && free.end(f) - t >= runTime) {
                fit[size++] = f;
            }
        }
        if (member != null) {
            for (int i = 0; i < size; i++) {
                member[fit[i]] = true;
            }
        }
    }

    /**
     * At most {@code limit} node sets of {@code n} nodes by the bucket method: nodes grouped by equal free start and
     * end, tightest buckets first (latest free start, then earliest free end, then node id), one set from each bucket
     * that holds enough; then three sets across buckets: the nodes freed latest, those whose gap closes first, and the
     * lowest ids. A set found twice is kept once.
     */
    List<NodeSet> nodeSets(int n, int limit) {
        IntervalOrders own = orders == null ? IntervalOrders.of(free, fit, size) : null;
        int[] byStart = own != null ? own.byStart() : inWindow(orders.byStart(), size);
        List<NodeSet> sets = new ArrayList<>();
        List<long[]> seen = new ArrayList<>();
        for (int i = 0; i < size && sets.size() < limit; ) {
            int j = i + 1;
            while (j < size && free.start(byStart[j]) == free.start(byStart[i])
                    && free.end(byStart[j]) == free.end(byStart[i])) {
                j++;
            }
            if (j - i >= n) {
                add(sets, seen, byStart, i, n);
            }
            i = j;
        }
        add(sets, seen, byStart, 0, n);
        add(sets, seen, own != null ? own.byEnd() : inWindow(orders.byEnd(), n), 0, n);
        add(sets, seen, fit, 0, n);
        return sets.size() > limit ? sets.subList(0, limit) : sets;
    }

    /** The first {@code k} of the window's intervals in the given order of the machine's. */
    private int[] inWindow(int[] order, int k) {
        int[] out = new int[k];
        int c = 0;
        for (int q = 0; q < order.length && c < k; q++) {
            if (member[order[q]]) {
                out[c++] = order[q];
            }
        }
        return out;
    }

    /** Adds the set {@code order[from, from + n)} unless the same nodes were chosen before. */
    private void add(List<NodeSet> sets, List<long[]> seen, int[] order, int from, int n) {
        long[] members = new long[(free.nodes() + 63) >>> 6];
        for (int i = from; i < from + n; i++) {
            int node = free.node(order[i]);
            members[node >>> 6] |= 1L << node;
        }
        for (long[] other : seen) {
            if (Arrays.equals(members, other)) {
                return;
            }
        }
        seen.add(members);
        int[] ids = new int[n];
        int k = 0;
        for (int w = 0; w < members.length; w++) {
            for (long bits = members[w]; bits != 0; bits &= bits - 1) {
                ids[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        sets.add(new NodeSet(Arrays.copyOfRange(order, from, from + n), ids));
    }
}
