package gridmarket.sim.machine;

import java.util.Arrays;

/**
 * The free intervals of every node of a machine in a window, node by node and in time order, in flat arrays: the
 * slot searches of {@link MachineSchedule} read thousands of them per call, and objects per interval cost more than
 * the search. A schedule keeps one and refills it for every search.
 */
final class FreeTable {
    private long[] start;
    private long[] end;
    private final int[] first;
    private int size;
    private int node;

    FreeTable(int nodes, int capacity) {
        this.start = new long[Math.max(capacity, 4)];
        this.end = new long[start.length];
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
        }
        start[size] = s;
        end[size] = e;
        size++;
    }

    /** Closes the current node's intervals; the next {@link #add} belongs to the next node. */
    void endNode() {
        first[++node] = size;
    }

    int size() {
        return size;
    }

    int first(int n) {
        return first[n];
    }

    int count(int n) {
        return first[n + 1] - first[n];
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
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
