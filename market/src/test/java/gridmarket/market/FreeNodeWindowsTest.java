package gridmarket.market;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The windows a co-allocated job's compression asks for, which read the schedule only up to the job's start plus its
 * run, against the windows of the whole schedule: the same count at every start before that start, on random
 * schedules; and whether a part fits somewhere before it, against a second-by-second count.
 */
class FreeNodeWindowsTest {
    @Test
    void windowsBeforeAStartCountAsTheWholeSchedulesDo() {
        int compared = 0;
        int reached = 0;
        for (int seed = 0; seed < 300; seed++) {
            Random rnd = new Random(seed);
            MachineSchedule m = new MachineSchedule(new Machine("m", 0, 1 + rnd.nextInt(12)));
            long now = rnd.nextInt(20);
            for (int j = 0; j < 30; j++) {
                int n = 1 + rnd.nextInt(m.size());
                long estimate = 1 + rnd.nextInt(40);
                long run = 1 + rnd.nextInt((int) estimate);
                Job job = new Job(j + 1, j + 1, 0, run, estimate, n, 1, 1, estimate);
                if (rnd.nextInt(3) == 0 && m.earliestStart(n, estimate, 0) == 0) {
                    Allocation a = m.start(job, 0);
                    assertEquals(0, a.start());
                } else {
                    long start = now + 1 + rnd.nextInt(120);
                    int[] ids = rnd.ints(0, m.size()).distinct().limit(n).sorted().toArray();
                    if (m.canReserve(ids, start, estimate, now)) {
                        m.reserve(job, ids, start, estimate, now);
                    }
                }
            }
            long duration = 1 + rnd.nextInt(30);
            long before = now + 1 + rnd.nextInt(150);
            FreeNodeWindows whole = FreeNodeWindows.of(m, duration, now, now);
            FreeNodeWindows part = FreeNodeWindows.before(m, duration, now, before, now);
            int most = 0;
            for (long t = now; t < before; t++) {
                assertEquals(whole.countAt(t), part.countAt(t), "seed " + seed + " at " + t);
                most = Math.max(most, whole.countAt(t));
                compared++;
            }
            for (int nodes = 1; nodes <= m.size(); nodes++) {
                assertEquals(nodes <= most, part.reaches(nodes, now, before), "seed " + seed + ", " + nodes + " nodes");
                reached += nodes <= most ? 1 : 0;
            }
            for (long r : part.risingTimes()) {
                assertTrue(r < before, "seed " + seed + ": a rising time at " + r + ", not before " + before);
            }
        }
        assertTrue(compared > 10_000 && reached > 100, compared + " starts, " + reached + " reached");
    }
}
