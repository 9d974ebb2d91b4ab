package gridmarket.market;

import gridmarket.sim.machine.MachineSchedule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offer search asked window by window ({@link OfferGenerator.LaterWindows}) gives the full search's candidates:
 * all of them, in order, where the caller wants every window (its first window read alone, the later ones from the
 * machine's profile); where the caller stops, a prefix of them, after which every candidate of the full search starts
 * at or after the window refused, and each window is offered with exactly the candidates before it.
 */
class LaterWindowsTest {
    @Test
    void aSearchAskedWindowByWindowGivesThePrefixOfTheFullSearch() {
        SplittableRandom random = new SplittableRandom(47);
        int compared = 0;
        int stopped = 0;
        int asked = 0;
        for (int round = 0; round < 500; round++) {
            int size = 1 + random.nextInt(round % 10 == 0 ? 300 : 40);
            long now = random.nextLong(0, 10_000);
            MachineSchedule machine = EarliestCandidatesTest.randomSchedule(random, size, now, 1);
            OfferGenerator generator = new OfferGenerator(new OfferSettings(1 + random.nextInt(6),
                    1 + random.nextInt(6), 1 + random.nextInt(12), 1));
            for (int ask = 0; ask < 4; ask++) {
                int nodes = 1 + random.nextInt(size + 1);
                long runTime = random.nextLong(1, 8_000);
                long earliest = random.nextBoolean() ? now : now + random.nextLong(0, 10_000);
                long latestEnd = random.nextInt(3) == 0 ? earliest + runTime + random.nextLong(0, 20_000)
                        : Long.MAX_VALUE;
                String where = "round " + round + ", ask " + ask;
                List<Placement> full = generator.candidates(machine, nodes, runTime, earliest, latestEnd, now);
                List<Long> starts = new ArrayList<>();
                List<Placement> all = generator.candidates(machine, nodes, runTime, earliest, latestEnd, now,
                        (start, found) -> {
                            assertEquals(full.subList(0, found.size()), found, where);
                            starts.add(start);
                            return true;
                        });
                assertEquals(full, all, where);
                int keep = random.nextInt(4);
                long[] refused = {Long.MIN_VALUE};
                List<Placement> part = generator.candidates(machine, nodes, runTime, earliest, latestEnd, now,
                        (start, found) -> {
                            if (found.size() > 0 && start < found.get(0).start()) {
                                throw new AssertionError(where + ": window " + start + " before a found start");
                            }
                            if (starts.indexOf(start) >= keep) {
                                refused[0] = start;
                                return false;
                            }
                            return true;
                        });
                assertEquals(full.subList(0, part.size()), part, where);
                if (refused[0] != Long.MIN_VALUE) {
                    stopped++;
                    for (Placement p : full.subList(part.size(), full.size())) {
                        assertTrue(p.start() >= refused[0], where + ": " + p + " before the window refused");
                    }
                }
                for (int i = 1; i < starts.size(); i++) {
                    assertTrue(starts.get(i) > starts.get(i - 1), where + ": window starts " + starts);
                }
                asked += starts.isEmpty() ? 0 : 1;
                compared++;
            }
        }
        assertTrue(asked > compared / 4 && stopped > compared / 8,
                "asked for later windows, stopped: " + asked + ", " + stopped + " of " + compared);
    }
}
