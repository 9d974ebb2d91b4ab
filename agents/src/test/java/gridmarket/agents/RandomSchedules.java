package gridmarket.agents;

import gridmarket.sim.machine.FreeInterval;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random machine schedules for the offer desk's tests. */
final class RandomSchedules {
    private RandomSchedules() {
    }

    /** Running jobs and reservations placed at random. */
    static MachineSchedule random(SplittableRandom random, int size, long now) {
        MachineSchedule machine = new MachineSchedule(new Machine("m", 0, size));
        int jobs = random.nextInt(3 * size + 2);
        for (int j = 0; j < jobs; j++) {
            int width = 1 + random.nextInt(Math.max(1, size / (1 + random.nextInt(4))));
            long estimate = random.nextLong(1, 5_000) + 1;
            Job job = new Job(j + 1, 0, 0, estimate, estimate, width, 1, 1, now);
            long from = now + (random.nextInt(3) == 0 ? 0 : random.nextLong(0, 20_000) / 500 * 500);
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
