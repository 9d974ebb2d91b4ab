package gridmarket.market;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offer search's shortcut for a machine with nothing running and nothing reserved gives exactly what the full
 * search over its free intervals gives: same placements, nodes, starts and objective variables.
 */
class IdleMachineOfferTest {
    @Test
    void theShortcutEqualsTheFullSearchOnIdleMachines() {
        SplittableRandom random = new SplittableRandom(7);
        int compared = 0;
        int empty = 0;
        for (int round = 0; round < 500; round++) {
            int size = 1 + random.nextInt(160);
            MachineSchedule machine = new MachineSchedule(new Machine("m", 0, size));
            long now = random.nextInt(3) == 0 ? 0 : random.nextLong(1, 1_000_000);
            if (now > 0 && random.nextBoolean()) { // a machine that ran jobs before is idle again
                Job earlier = new Job(1, 0, 0, now / 2 + 1, now / 2 + 1, 1 + random.nextInt(size), 1, 1, now);
                Allocation a = machine.start(earlier, 0);
                machine.finish(a, now / 2 + 1);
            }
            OfferGenerator generator = new OfferGenerator(new OfferSettings(1 + random.nextInt(6),
                    1 + random.nextInt(5), 1 + random.nextInt(10), 1));
            int nodes = 1 + random.nextInt(size + 2); // now and then wider than the machine
            long runTime = random.nextLong(1, 100_000);
            long earliest = random.nextBoolean() ? now : now + random.nextLong(0, 50_000);
            long latestEnd = switch (random.nextInt(3)) {
                case 0 -> Long.MAX_VALUE;
                case 1 -> earliest + runTime + random.nextLong(0, 1000); // just room
                default -> earliest + random.nextLong(0, runTime); // too short
            };
            List<Placement> fast = generator.candidates(machine, nodes, runTime, earliest, latestEnd, now);
            List<Placement> full = generator.search(machine, nodes, runTime, earliest, latestEnd, now);
            assertEquals(full, fast, "round " + round);
            compared++;
            empty += full.isEmpty() ? 1 : 0;
        }
        assertTrue(empty > 50 && empty < compared - 50, "both found and empty searches compared: " + empty);
    }
}
