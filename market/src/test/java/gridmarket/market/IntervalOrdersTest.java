package gridmarket.market;

import gridmarket.sim.machine.FreeTable;
import gridmarket.sim.machine.MachineSchedule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The orders of a machine's free intervals, of all of them and of a subset, against a plain sort by their
 * definitions, on random schedules of seconds (ordered by their times) and on schedules spread over more than 2^42
 * seconds (by their ranks).
 */
class IntervalOrdersTest {
    @Test
    void theOrdersAreTheirDefinitionsWhereverTheTimesLie() {
        SplittableRandom random = new SplittableRandom(61);
        int packed = 0;
        int wide = 0;
        for (int round = 0; round < 600; round++) {
            int size = 1 + random.nextInt(round % 10 == 0 ? 200 : 30);
            long unit = round % 2 == 0 ? 1 : 1L << 30; // up to 20,000 units of 2^30 s
            long now = random.nextLong(0, 10_000) * unit;
            MachineSchedule machine = EarliestCandidatesTest.randomSchedule(random, size, now, unit);
            FreeTable free = machine.sharedFreeTable(now, Long.MAX_VALUE);
            int[] all = new int[free.size()];
            Arrays.setAll(all, i -> i);
            int[] subset = Arrays.stream(all).filter(i -> random.nextInt(3) > 0).toArray();
            IntervalOrders orders = new IntervalOrders(free);
            check(free, all, orders, "round " + round);
            check(free, subset, IntervalOrders.of(free, subset, subset.length), "round " + round + ", a subset");
            if (orders.timesPacked()) {
                packed++;
            } else {
                wide++;
            }
        }
        // seconds are sorted as times, 2^30 s units (two times take more than 63 bits) by their ranks
        assertTrue(packed > 200 && wide > 100, "orders of times, of ranks: " + packed + ", " + wide);
    }

    private static void check(FreeTable free, int[] intervals, IntervalOrders orders, String where) {
        List<Integer> byStart = new ArrayList<>();
        for (int f : intervals) {
            byStart.add(f);
        }
        List<Integer> byEnd = new ArrayList<>(byStart);
        Comparator<Integer> latestStart = Comparator.comparingLong((Integer f) -> -free.start(f));
        Comparator<Integer> earliestEnd = Comparator.comparingLong(free::end);
        byStart.sort(latestStart.thenComparing(earliestEnd).thenComparing(f -> f));
        byEnd.sort(earliestEnd.thenComparing(latestStart).thenComparing(f -> f));
        assertArrayEquals(byStart.stream().mapToInt(f -> f).toArray(), orders.byStart(), where + ": by start");
        assertArrayEquals(byEnd.stream().mapToInt(f -> f).toArray(), orders.byEnd(), where + ": by end");
        assertArrayEquals(Arrays.stream(intervals).mapToLong(free::start).sorted().toArray(), orders.starts(), where);
        assertArrayEquals(Arrays.stream(intervals).mapToLong(free::end).sorted().toArray(), orders.ends(), where);
    }
}
