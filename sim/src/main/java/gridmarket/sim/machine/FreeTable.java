package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * The free intervals of every node of a machine in a window, node by node and in time order, in flat arrays: the
 * slot searches of {@link MachineSchedule} and the market's offer search read thousands of them per call, and objects
 * per interval cost more than the search. A schedule keeps one and refills it for each search, its own and the
 * market's ({@link MachineSchedule#sharedFreeTable}), so a table is read before the schedule is asked again.
 * Interval {@code i} of node {@code n} is at {@code first(n) + i}; a node's intervals are disjoint, ascending, and
 * never touch.
 */
public final class FreeTable {
    private long[] start;
    private long[] end;
    /** The node of each interval: searches that gather intervals across nodes ask it for every one they keep. */
    private int[] nodeOf;
    private final int[] first;
    private int size;
    private int node;

    /** The number of nodes. */
    public int nodes() {
        return first.length - 1;
    }

    FreeTable(int nodes, int capacity) {
        this.start = new long[Math.max(capacity, 4)];
        this.end = new long[start.length];
        this.nodeOf = new int[start.length];
        this.first = new int[nodes + 1];
    }

    /** Empties the table for a new window. */
    void clear() {
        size = 0;
        node = 0;
    }

    void add(long s, long e) {
        if (size == start.length) {
            start = Arrays.copyOf(start, size * 2);
            end = Arrays.copyOf(end, size * 2);
            nodeOf = Arrays.copyOf(nodeOf, size * 2);
        }
        start[size] = s;
        end[size] = e;
        nodeOf[size] = node;
        size++;
    }

    /** Closes the current node's intervals; the next {@link #add} belongs to the next node. */
    void endNode() {
        first[++node] = size;
    }

    /** Intervals of all nodes. */
    public int size() {
        return size;
    }

    /** Index of node {@code n}'s first interval; {@code first(nodes)} is {@link #size}. */
    public int first(int n) {
        return first[n];
    }

    public int count(int n) {
        return first[n + 1] - first[n];
    }

    public long start(int i) {
        return start[i];
    }

    public long end(int i) {
        return end[i];
    }

    /** The node whose interval {@code i} is. */
    public int node(int i) {
        return nodeOf[i];
    }

    /** Whether one of the node's intervals covers all of {@code [from, to)}. */
    boolean freeFor(int n, long from, long to) {
        for (int i = first[n]; i < first[n + 1]; i++) {
            if (start[i] <= from && end[i] >= to) {
                return true;
            }
            if (start[i] > from) {
                return false;
            }
        }
        return false;
    }
}
