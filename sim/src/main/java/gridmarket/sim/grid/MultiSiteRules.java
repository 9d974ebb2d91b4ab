package gridmarket.sim.grid;

import java.util.Arrays;

/**
 * How a job may be co-allocated over several machines (SPEC C10).
 *
 * @param overhead    p: a multi-site job runs {@code (1 + p)} times its run time (and plans with {@code (1 + p)} times
 *                    its estimate), rounded to whole seconds
 * @param minPartSize smallest part in nodes, at least 1
 * @param maxParts    most machines one job may span; 0 means any number
 */
public record MultiSiteRules(double overhead, int minPartSize, int maxParts) {

    public MultiSiteRules {
        if (!(overhead >= 0) || minPartSize < 1 || maxParts < 0 || maxParts == 1) {
            throw new IllegalArgumentException("overhead " + overhead + ", minPartSize " + minPartSize + ", maxParts "
                    + maxParts);
        }
    }

    /** {@code seconds} stretched by the overhead; rounding, not ceiling, so that p = 0 changes nothing. */
    public long stretch(long seconds) {
        return Math.max(seconds, Math.round((1 + overhead) * seconds));
    }

    /**
     * Splits {@code nodes} over machines with {@code available[m]} usable nodes each, taking machines in decreasing
     * order of available nodes (ties: lower index), so the job spans as few machines as possible.
     *
     * @return nodes per machine (0 for machines not used), or {@code null} if the machines cannot hold the job
     */
    public int[] split(int nodes, int[] available) {
        Integer[] order = new Integer[available.length];
        for (int m = 0; m < order.length; m++) {
            order[m] = m;
        }
        Arrays.sort(order, (a, b) -> available[a] != available[b] ? Integer.compare(available[b],
                available[a]) : Integer.compare(a, b));
        int limit = maxParts == 0 ? available.length : Math.min(maxParts, available.length);
        int[] parts = new int[available.length];
        int[] used = new int[limit];
        int count = 0;
        int remaining = nodes;
        for (int k = 0; k < limit && remaining > 0; k++) {
            int m = order[k];
            if (available[m] < minPartSize) {
                break; // sorted: no later machine has room for a part
            }
            int take = Math.min(available[m], remaining);
            parts[m] = take;
            used[count++] = m;
            remaining -= take;
        }
        if (remaining > 0) {
            return null;
        }
        int last = used[count - 1];
        int need = minPartSize - parts[last];
        for (int k = count - 2; k >= 0 && need > 0; k--) {
            int give = Math.min(Math.min(need, parts[used[k]] - minPartSize), available[last] - parts[last]);
            parts[used[k]] -= give;
            parts[last] += give;
            need -= give;
        }
        return need > 0 ? null : parts;
    }
}
