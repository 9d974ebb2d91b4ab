package gridmarket.market;

import gridmarket.sim.machine.FreeInterval;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The search that stops at the earliest start gives exactly the full search's placements at its earliest start, in
 * its order (nodes, starts and every objective variable), and every other placement of the full search starts later:
 * so where a later start is never worth more, the best offers are among them.
 */
class EarliestCandidatesTest {
    @Test
    void theEarliestPlacementsAreTheFullSearchsFirstOnRandomSchedules() {
        SplittableRandom random = new SplittableRandom(23);
        int compared = 0;
        int found = 0;
        int later = 0;
        int severalSets = 0;
        for (int round = 0; round < 600; round++) {
            int size = 1 + random.nextInt(round % 10 == 0 ? 300 : 40);
            long now = random.nextLong(0, 10_000);
            MachineSchedule machine = randomSchedule(random, size, now, 1);
            OfferGenerator generator = new OfferGenerator(new OfferSettings(1 + random.nextInt(6),
                    1 + random.nextInt(5), 1 + random.nextInt(10), 1));
            for (int ask = 0; ask < 4; ask++) {
                int nodes = 1 + random.nextInt(size + 1);
                long runTime = random.nextLong(1, 8_000);
                long earliest = random.nextBoolean() ? now : now + random.nextLong(0, 10_000);
                long latestEnd = random.nextInt(3) == 0 ? earliest + runTime + random.nextLong(0, 20_000)
                        : Long.MAX_VALUE;
                List<Placement> full = generator.candidates(machine, nodes, runTime, earliest, latestEnd, now);
                List<Placement> first = generator.earliestCandidates(machine, nodes, runTime, earliest, latestEnd,
                        now);
                String where = "round " + round + ", ask " + ask;
                assertEquals(firstStart(full), first, where);
                for (Placement p : full) {
                    assertTrue(p.start() >= first.get(0).start(), where + ": " + p);
                }
                compared++;
                found += first.isEmpty() ? 0 : 1;
                later += full.size() > first.size() ? 1 : 0;
                severalSets += first.size() > 1 ? 1 : 0;
            }
        }
        assertTrue(found > compared / 2 && later > compared / 4 && severalSets > compared / 10,
                "found, with later placements, with several sets: " + found + ", " + later + ", " + severalSets
                        + " of " + compared);
    }

    @Test
    void schedulesTooLongForExactSumsAreSearchedAsBefore() {
        // a reservation 2^50 s ahead on 64 nodes: the node-seconds to the horizon pass 2^53, where the window's free
        // areas are read from the full search's profile
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 40; round++) {
            long now = 1L << 50;
            MachineSchedule machine = randomSchedule(random, 64, now, 1L << 40);
            OfferGenerator generator = new OfferGenerator(new OfferSettings(4, 3, 8, 1));
            int nodes = 1 + random.nextInt(64);
            long runTime = random.nextLong(1, 1L << 42);
            List<Placement> full = generator.candidates(machine, nodes, runTime, now, Long.MAX_VALUE, now);
            assertEquals(firstStart(full), generator.earliestCandidates(machine, nodes, runTime, now,
                    Long.MAX_VALUE, now), "round " + round);
        }
    }

    /** The placements of a search at its first placement's start (the first window's), in its order. */
    private static List<Placement> firstStart(List<Placement> search) {
        List<Placement> out = new ArrayList<>();
        for (Placement p : search) {
            if (p.start() == search.get(0).start()) {
                out.add(p);
            }
        }
        return out;
    }

    /** Running jobs and reservations placed at random, times in units of {@code unit} seconds. */
    static MachineSchedule randomSchedule(SplittableRandom random, int size, long now, long unit) {
        MachineSchedule machine = new MachineSchedule(new Machine("m", 0, size));
        int jobs = random.nextInt(3 * size + 2);
        for (int j = 0; j < jobs; j++) {
            int width = 1 + random.nextInt(Math.max(1, size / (1 + random.nextInt(4))));
            long estimate = (random.nextLong(1, 5_000) / (random.nextInt(3) == 0 ? 100 : 1) + 1) * unit;
            Job job = new Job(j + 1, j, 0, estimate, estimate, width, 1, 1, now); // orders differ, as in a run
            long from = now + (random.nextInt(3) == 0 ? 0 : random.nextLong(0, 20_000) * unit);
            if (random.nextBoolean()) { // a round lattice now and then, so that starts and ends coincide across nodes
                from = now + (from - now) / (1000 * unit) * (1000 * unit);
            }
            List<FreeInterval> room = new ArrayList<>();
            for (List<FreeInterval> node : machine.freeIntervals(from, from + estimate)) {
                if (!node.isEmpty() && node.get(0).start() == from && node.get(0).end() == from + estimate) {
                    room.add(node.get(0));
                }
            }
            if (room.size() < width) {
                continue;
            }
            int[] ids = room.stream().limit(width).mapToInt(FreeInterval::node).toArray();
            if (from == now) {
                machine.startOn(job, ids, estimate, estimate, now);
            } else {
                machine.reserve(job, ids, from, estimate, now);
            }
        }
        return machine;
    }
}
