package gridmarket.market;

import gridmarket.sim.machine.FreeTable;
import gridmarket.sim.machine.MachineSchedule;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A free-node profile's free areas against the free intervals summed one by one, asked in runs of nearby windows (as
 * a search asks) and at random; a profile of the intervals that end after a time against the whole table's from then.
 */
class FreeProfileTest {
    @Test
    void freeAreasAreTheIntervalsSummed() {
        SplittableRandom random = new SplittableRandom(73);
        int questions = 0;
        int near = 0;
        for (int round = 0; round < 400; round++) {
            int size = 1 + random.nextInt(round % 10 == 0 ? 200 : 30);
            long now = random.nextLong(0, 10_000);
            MachineSchedule machine = EarliestCandidatesTest.randomSchedule(random, size, now, 1);
            FreeTable free = machine.sharedFreeTable(now, Long.MAX_VALUE);
            long horizon = now;
            for (int f = 0; f < free.size(); f++) {
                horizon = Math.max(horizon, free.start(f));
            }
            long cut = now + random.nextLong(0, horizon - now + 2);
            FreeProfile whole = FreeProfile.of(free, Long.MIN_VALUE);
            FreeProfile later = FreeProfile.of(free, cut);
            long from = now;
            for (int q = 0; q < 60; q++) {
                boolean nearby = random.nextInt(3) > 0;
                from = nearby ? Math.max(now, from + random.nextLong(-50, 200))
                        : now + random.nextLong(0, 2 * (horizon - now) + 10);
                long to = from + random.nextLong(0, 3_000);
                double want = summed(free, from, to);
                assertEquals(want, whole.freeArea(from, to), "round " + round + ", [" + from + ", " + to + ")");
                if (from >= cut) {
                    assertEquals(want, later.freeArea(from, to), "round " + round + ", from " + cut);
                }
                questions++;
                near += nearby ? 1 : 0;
            }
        }
        assertTrue(questions == 24_000 && near > 10_000, questions + " questions, " + near + " near the last");
    }

    private static double summed(FreeTable free, long from, long to) {
        long area = 0;
        for (int f = 0; f < free.size(); f++) {
            area += Math.max(0, Math.min(free.end(f), to) - Math.max(free.start(f), from));
        }
        return area;
    }
}
