package gridmarket.market;

import gridmarket.sim.machine.MachineSchedule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offer search asked start by start ({@link OfferGenerator.LaterStarts}) gives the full search's candidates: all of
 * them, in order, where the caller wants every start (its first window read alone, the later ones from the machine's
 * profile), and where it says so ahead ({@link OfferGenerator#EVERY_START}); where the caller refuses every start
 * from some time on, exactly the full search's candidates that start before it (and the first window's own start,
 * which is never asked), in the same order; each question comes with a prefix of them and a start later than the
 * first window's.
 */
class LaterStartsTest {
    @Test
    void aSearchAskedStartByStartGivesTheFullSearchLessWhatWasRefused() {
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
                            assertTrue(!found.isEmpty() && start > found.get(0).start(), where + ": asked " + start);
                            starts.add(start);
                            return true;
                        });
                assertEquals(full, all, where);
                assertEquals(full, generator.candidates(machine, nodes, runTime, earliest, latestEnd, now,
                        OfferGenerator.EVERY_START), where + ": every start, windows ordered once");
                if (starts.isEmpty()) {
                    continue;
                }
                asked++;
                // refuse from one of the starts asked about on: a rule that only grows stricter, as an answer's is
                long from = starts.get(random.nextInt(starts.size()));
                long first = full.get(0).start();
                List<Placement> part = generator.candidates(machine, nodes, runTime, earliest, latestEnd, now,
                        (start, found) -> start < from);
                List<Placement> expected = new ArrayList<>();
                for (Placement p : full) {
                    if (p.start() < from || p.start() == first) {
                        expected.add(p);
                    }
                }
                assertEquals(expected, part, where);
                stopped += part.size() < full.size() ? 1 : 0;
                compared++;
            }
        }
        assertTrue(asked > 200 && stopped > asked / 2, "asked about later starts, stopped: " + asked + ", " + stopped
                + " of " + compared);
    }
}
