package gridmarket.sim.machine;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MachineScheduleTest {
    private static int order;

    private static Job job(int nodes, long run, long estimate) {
        order++;
        return new Job(order, order, 0, run, estimate, nodes, 1, 1, estimate);
    }

    @Test
    void startTakesLowestFreeNodesAndFinishFreesThem() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 8));
        Allocation a = m.start(job(3, 10, 20), 0);
        Allocation b = m.start(job(2, 10, 20), 0);
        assertArrayEquals(new int[] {0, 1, 2}, a.nodeIds());
        assertArrayEquals(new int[] {3, 4}, b.nodeIds());
        m.finish(a);
        assertEquals(6, m.freeNodes());
        Allocation c = m.start(job(4, 5, 5), 10);
        assertArrayEquals(new int[] {0, 1, 2, 5}, c.nodeIds());
        assertEquals(30, m.busyNodeSeconds());
        assertThrows(IllegalStateException.class, () -> m.start(job(3, 1, 1), 10));
    }

    @Test
    void earliestStartUsesPlannedEnds() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 10));
        m.start(job(4, 50, 100), 0);  // planned end 100
        m.start(job(4, 10, 40), 0);   // planned end 40
        assertEquals(0, m.earliestStart(2, 1000, 0));
        assertEquals(40, m.earliestStart(5, 10, 0));
        assertEquals(100, m.earliestStart(9, 10, 0));
        assertEquals(Long.MAX_VALUE, m.earliestStart(11, 10, 0));
    }

    @Test
    void reservationsShapeFreeIntervalsAndEarliestStart() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        m.start(job(2, 100, 100), 0);                         // nodes 0,1 busy [0,100)
        Allocation r = m.reserve(job(2, 50, 50), new int[] {2, 3}, 20, 50, 0); // nodes 2,3 reserved [20,70)
        List<List<FreeInterval>> f = m.freeIntervals(0, 200);
        assertEquals(List.of(new FreeInterval(0, 100, 200)), f.get(0));
        assertEquals(List.of(new FreeInterval(2, 0, 20), new FreeInterval(2, 70, 200)), f.get(2));
        assertEquals(0, m.earliestStart(2, 20, 0), "fits before the reservation");
        assertEquals(70, m.earliestStart(2, 30, 0), "too long for the gap before the reservation");
        assertEquals(100, m.earliestStart(3, 10, 0));
        // A job started now must avoid the reserved nodes if it would overlap the reservation.
        assertThrows(IllegalStateException.class, () -> m.start(job(1, 30, 30), 0));
        Allocation shortJob = m.start(job(2, 20, 20), 0);
        assertArrayEquals(new int[] {2, 3}, shortJob.nodeIds());
        assertThrows(IllegalStateException.class, () -> m.reserve(job(1, 5, 5), new int[] {0}, 50, 5, 0));
        m.finish(shortJob);
        Allocation started = m.startReserved(r, 20);
        assertArrayEquals(new int[] {2, 3}, started.nodeIds());
        assertEquals(0, m.reservations().size());
    }
}
