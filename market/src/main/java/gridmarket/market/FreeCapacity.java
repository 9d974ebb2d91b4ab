package gridmarket.market;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a domain tells the MetaManagers that ask it of its machines' free capacity (thesis 7.2.1: "information on the
 * location of specific resource types can be cached for later requests"): for every width, the earliest instant at
 * or after the moment it was made at which some machine of the domain has that many nodes free, planning with the
 * estimates. No request of that width can start there earlier, whatever its run time: a lower bound on the start of
 * any offer the domain can make, which stays one while its schedules only fill up (new reservations, jobs starting).
 * It stops being one when capacity is freed (a job ends before its estimate, a reservation is released or moved
 * earlier); the domain then tells whoever holds it.
 *
 * <p>Kept as a staircase: {@code widths} rise strictly, {@code times} rise strictly, and width {@code w} is first
 * free at {@code times[k]} for the first {@code k} with {@code widths[k] >= w}.
 */
public final class FreeCapacity {
    private final long madeAt;
    private final long[] times;
    private final int[] widths;

    private FreeCapacity(long madeAt, long[] times, int[] widths) {
        this.madeAt = madeAt;
        this.times = times;
        this.widths = widths;
    }

    /** The capacity of the given machines' schedules as planned at {@code now}. */
    public static FreeCapacity of(List<MachineSchedule> schedules, long now) {
        List<long[]> steps = new ArrayList<>(); // (time, width) where some machine first reaches a larger free width
        for (MachineSchedule s : schedules) {
            machineSteps(s, now, steps);
        }
        steps.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(b[1], a[1]));
        long[] times = new long[steps.size()];
        int[] widths = new int[steps.size()];
        int n = 0;
        for (long[] step : steps) {
            if (n == 0 || step[1] > widths[n - 1]) {
                times[n] = step[0];
                widths[n] = (int) step[1];
                n++;
            }
        }
        return new FreeCapacity(now, Arrays.copyOf(times, n), Arrays.copyOf(widths, n));
    }

    /** Packed changes: a change of up to 2^20 nodes in the low bits, its time from now (under 2^41 s) above. */
    private static final int COUNT_BITS = 22;
    private static final long COUNT_OFFSET = 1L << (COUNT_BITS - 1);
    private static final long LATEST = (1L << (63 - COUNT_BITS)) - 1;

    /** Adds one machine's staircase: free nodes over time from {@code now}, by planned ends and reservations. */
    private static void machineSteps(MachineSchedule s, long now, List<long[]> into) {
        int c = s.running().size() + 2 * s.reservations().size();
        long[] times = new long[c];
        int[] deltas = new int[c];
        int k = 0;
        for (Allocation a : s.running()) {
            // a job past its estimate may end any moment: its nodes count as free from now, a bound that stays low
            times[k] = Math.max(now, a.plannedEnd());
            deltas[k++] = a.nodeCount();
        }
        for (Allocation r : s.reservations()) {
            times[k] = Math.max(now, r.start());
            deltas[k++] = -r.nodeCount();
            times[k] = Math.max(now, r.plannedEnd());
            deltas[k++] = r.nodeCount();
        }
        byTime(times, deltas, now);
        int free = s.freeNodes();
        int best = 0;
        int i = 0;
        long time = now;
        while (true) {
            while (i < c && times[i] == time) {
                free += deltas[i++];
            }
            if (free > best) {
                best = free;
                into.add(new long[] {time, free});
            }
            if (i == c) {
                return;
            }
            time = times[i];
        }
    }

    /**
     * Sorts the changes by time (the order among equal times does not matter: they are summed before they count). A
     * domain builds a staircase for every call it answers: packed into one long each, they sort as primitives.
     */
    private static void byTime(long[] times, int[] deltas, long now) {
        int c = times.length;
        long[] packed = new long[c];
        for (int k = 0; k < c; k++) {
            long after = times[k] - now;
            if (after > LATEST || Math.abs(deltas[k]) >= COUNT_OFFSET) { // beyond the bits: boxed pairs
                Integer[] order = new Integer[c];
                Arrays.setAll(order, i -> i);
                Arrays.sort(order, (x, y) -> Long.compare(times[x], times[y]));
                long[] t = times.clone();
                int[] d = deltas.clone();
                for (int i = 0; i < c; i++) {
                    times[i] = t[order[i]];
                    deltas[i] = d[order[i]];
                }
                return;
            }
            packed[k] = after << COUNT_BITS | (deltas[k] + COUNT_OFFSET);
        }
        Arrays.sort(packed);
        for (int k = 0; k < c; k++) {
            times[k] = now + (packed[k] >>> COUNT_BITS);
            deltas[k] = (int) ((packed[k] & ((1L << COUNT_BITS) - 1)) - COUNT_OFFSET);
        }
    }

    /**
     * The earliest instant at or after {@code from} at which some machine may have {@code width} nodes free:
     * {@link Long#MAX_VALUE} if none ever has. Meant for {@code from} at or after the moment this was made.
     */
    public long earliestFree(int width, long from) {
        int k = Arrays.binarySearch(widths, width);
        if (k < 0) {
            k = -k - 1;
        }
        if (k == widths.length) {
            return Long.MAX_VALUE;
        }
        return Math.max(from, times[k]);
    }

    /** The moment this was made. */
    public long madeAt() {
        return madeAt;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("FreeCapacity@").append(madeAt).append('[');
        for (int k = 0; k < widths.length; k++) {
            b.append(k == 0 ? "" : ", ").append(widths[k]).append(" at ").append(times[k]);
        }
        return b.append(']').toString();
    }
}
