package gridmarket.market;

import gridmarket.sim.grid.MultiSiteRules;

import java.util.Arrays;

/**
 * Combines machines' free node-count windows into a co-allocation (SPEC E6): the earliest common start at which the
 * machines together hold the job, and how many nodes each gives. Parts are taken from the machines with the most
 * free nodes first, so the job spans as few machines as possible, within MinMulti-Site (smallest part) and
 * MaxMulti-Site (most machines).
 */
public final class CoAllocationPlanner {
    private CoAllocationPlanner() {
    }

    /**
     * A common start and the nodes per machine.
     *
     * @param start seconds
     * @param parts nodes per machine, in the order of the windows given; 0 where a machine takes no part
     */
    public record Plan(long start, int[] parts) {
        /** Number of machines used. */
        public int machines() {
            return (int) Arrays.stream(parts).filter(p -> p > 0).count();
        }
    }

    /**
     * The earliest start at or after {@code from} at which the job can be split over at least two machines, or
     * {@code null} if none exists or a single machine can hold the whole job at least as early (its own offer is
     * then at least as good in start time).
     */
    public static Plan plan(int nodes, FreeNodeWindows[] windows, long from, MultiSiteRules rules) {
        int[] available = new int[windows.length];
        for (long t : candidateStarts(windows, from, Long.MAX_VALUE)) {
            int total = 0;
            int widest = 0;
            for (int m = 0; m < windows.length; m++) {
                available[m] = windows[m].countAt(t);
                total += available[m];
                widest = Math.max(widest, available[m]);
            }
            if (widest >= nodes) {
                return null;
            }
            if (total < nodes) {
                continue;
            }
            int[] parts = rules.split(nodes, available);
            if (parts != null) {
                return new Plan(t, parts);
            }
        }
        return null;
    }

    /**
     * The earliest start in {@code [from, before)} at which every machine {@code i} has {@code nodes[i]} nodes free
     * (a co-allocated job keeping its parts, moved up as a whole), or {@code before} if there is none.
     */
    public static long earliestCommonStart(FreeNodeWindows[] windows, int[] nodes, long from, long before) {
        for (long t : candidateStarts(windows, from, before)) {
            boolean fits = true;
            for (int i = 0; i < windows.length && fits; i++) {
                fits = windows[i].countAt(t) >= nodes[i];
            }
            if (fits) {
                return t;
            }
        }
        return before;
    }

    /** {@code from} and every rising time of the windows in {@code [from, before)}, ascending, each once. */
    private static long[] candidateStarts(FreeNodeWindows[] windows, long from, long before) {
        long[] times = {from};
        for (FreeNodeWindows w : windows) {
            long[] r = w.risingTimes();
            long[] merged = Arrays.copyOf(times, times.length + r.length);
            System.arraycopy(r, 0, merged, times.length, r.length);
            times = merged;
        }
        Arrays.sort(times);
        int k = 0;
        for (int i = 0; i < times.length; i++) {
            if (times[i] >= from && times[i] < before && (k == 0 || times[k - 1] != times[i])) {
                times[k++] = times[i];
            }
        }
        return Arrays.copyOf(times, k);
    }
}
