package gridmarket.sim.policy;

/**
 * First fit over shelves of equal capacity in {@code O(log n)} per item: a tournament tree of the shelves' free
 * capacities finds the first shelf with room, so SMART-FFIA stays fast on a backlog of thousands of jobs.
 * Unused shelves count as empty, so the first one with room is never beyond the shelves in use.
 */
final class FirstFitShelves {
    private final int leaves;
    private final int[] maxFree;

    /**
     * @param items    the most shelves that can be needed (one per item)
     * @param capacity the nodes of each shelf
     */
    FirstFitShelves(int items, int capacity) {
        int n = 1;
        while (n < Math.max(items, 1)) {
            n <<= 1;
        }
        leaves = n;
        maxFree = new int[2 * n];
        java.util.Arrays.fill(maxFree, capacity);
    }

    /** Places {@code width} nodes into the first shelf with room; returns its index (one past the shelves in use if none had room). */
    int place(int width) {
        if (maxFree[1] < width) {
            throw new IllegalArgumentException("width " + width + " exceeds the shelf capacity " + maxFree[1]);
        }
        int i = 1;
        while (i < leaves) {
            i = maxFree[2 * i] >= width ? 2 * i : 2 * i + 1;
        }
        int shelf = i - leaves;
        maxFree[i] -= width;
        for (i >>= 1; i >= 1; i >>= 1) {
            maxFree[i] = Math.max(maxFree[2 * i], maxFree[2 * i + 1]);
        }
        return shelf;
    }
}
