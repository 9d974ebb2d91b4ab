package gridmarket.market;

import gridmarket.sim.machine.FreeInterval;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A domain's announced free capacity is a lower bound on the start of every placement its machines can offer, of any
 * run time, exact for a run of one second from the moment it was made, and stays a lower bound while the schedules
 * only fill up: what lets a MetaManager leave out domains that cannot start a job earlier than the best offer in hand.
 */
class FreeCapacityTest {
    @Test
    void aLowerBoundOnEveryMachinesEarliestStartAndExactForOneSecond() {
        SplittableRandom random = new SplittableRandom(33);
        int checked = 0;
        int later = 0;
        int filled = 0;
        for (int round = 0; round < 800; round++) {
            long now = random.nextLong(0, 10_000);
            List<MachineSchedule> machines = new ArrayList<>();
            int widest = 0;
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                int size = 1 + random.nextInt(round % 10 == 0 ? 300 : 40);
                // now and then times 2^30 s apart, beyond the staircase's packed sort (2^41 s from now)
                machines.add(EarliestCandidatesTest.randomSchedule(random, size, now, round % 7 == 3 ? 1L << 30 : 1));
                widest = Math.max(widest, size);
            }
            FreeCapacity capacity = FreeCapacity.of(machines, now);
            for (int ask = 0; ask < 6; ask++) {
                int nodes = 1 + random.nextInt(widest + 1);
                long from = random.nextBoolean() ? now : now + random.nextLong(0, 20_000);
                long bound = capacity.earliestFree(nodes, from);
                String where = "round " + round + ", ask " + ask + ": " + capacity;
                if (from == now) { // later, the width may have been free once and be taken again by then
                    assertEquals(earliest(machines, nodes, 1, from), bound, where + ", one second");
                }
                long runTime = random.nextLong(1, 8_000);
                long start = earliest(machines, nodes, runTime, from);
                assertTrue(bound <= start, where + ": " + bound + " > " + start);
                later += bound < start ? 1 : 0;
                checked++;
            }
            // the schedules fill up (a reservation more): the capacity announced before is still a lower bound
            MachineSchedule m = machines.get(random.nextInt(machines.size()));
            if (reserveSomewhere(random, m, now)) {
                filled++;
                for (int ask = 0; ask < 3; ask++) {
                    int nodes = 1 + random.nextInt(widest);
                    long runTime = random.nextLong(1, 8_000);
                    assertTrue(capacity.earliestFree(nodes, now) <= earliest(machines, nodes, runTime, now),
                            "round " + round + " after a reservation");
                    checked++;
                }
            }
        }
        assertTrue(later > checked / 10 && filled > 200, "bounds below the start, rounds filled: " + later + ", "
                + filled + " of " + checked);
    }

    private static long earliest(List<MachineSchedule> machines, int nodes, long runTime, long from) {
        return machines.stream().mapToLong(m -> m.earliestStart(nodes, runTime, from)).min().orElseThrow();
    }

    private static boolean reserveSomewhere(SplittableRandom random, MachineSchedule m, long now) {
        long estimate = random.nextLong(1, 5_000);
        long from = now + random.nextLong(1, 20_000);
        List<FreeInterval> room = new ArrayList<>();
        for (List<FreeInterval> node : m.freeIntervals(from, from + estimate)) {
            if (!node.isEmpty() && node.get(0).start() == from && node.get(0).end() == from + estimate) {
                room.add(node.get(0));
            }
        }
        if (room.isEmpty()) {
            return false;
        }
        int width = 1 + random.nextInt(room.size());
        Job job = new Job(100_000, 100_000, 0, estimate, estimate, width, 1, 1, now);
        m.reserve(job, room.stream().limit(width).mapToInt(FreeInterval::node).toArray(), from, estimate, now);
        return true;
    }
}
