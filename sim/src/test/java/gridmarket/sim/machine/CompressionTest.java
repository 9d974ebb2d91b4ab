package gridmarket.sim.machine;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Owner-side rescheduling (SPEC E10): reservations move earlier where the schedule allows, never later. */
class CompressionTest {

    private static Job job(int order, long estimate, long runTime, int nodes) {
        return new Job(order, order, 0, runTime, estimate, nodes, 1, 1, estimate);
    }

    @Test
    void aJobEndingEarlyLetsTheNextReservationMoveUp() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        Allocation a = m.start(job(0, 100, 40, 4), 0);          // planned to 100, really ends at 40
        Allocation b = m.reserve(job(1, 50, 50, 2), new int[] {2, 3}, 100, 50, 0);
        Allocation c = m.reserve(job(2, 30, 30, 4), new int[] {0, 1, 2, 3}, 150, 30, 0);
        m.finish(a, 40);
        List<Allocation[]> moves = m.compress(40, x -> true);
        assertEquals(2, moves.size());
        Allocation b2 = moves.get(0)[1];
        assertEquals(b.job(), b2.job());
        assertEquals(40, b2.start(), "b starts when a really ended");
        assertArrayEquals(new int[] {2, 3}, b2.nodeIds(), "its own nodes are preferred");
        Allocation c2 = moves.get(1)[1];
        assertEquals(90, c2.start(), "c follows b's planned end, 60 s earlier than promised");
        assertEquals(c.plannedEnd() - c.start(), c2.plannedEnd() - c2.start(), "the planned length is kept");
        assertEquals(2, m.reservations().size());
    }

    @Test
    void noReservationEverMovesLaterOrOntoAnotherPromise() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        Allocation a = m.start(job(0, 100, 100, 2), 0);         // nodes 0-1, ends as planned
        Allocation b = m.reserve(job(1, 100, 100, 2), new int[] {2, 3}, 100, 100, 0);
        Allocation c = m.reserve(job(2, 50, 50, 4), new int[] {0, 1, 2, 3}, 200, 50, 0);
        m.finish(a, 100);
        // Nothing ended early: b (due now) holds nodes 2-3 until 200, so c cannot start before 200.
        assertTrue(m.compress(100, x -> true).isEmpty());
        assertEquals(List.of(b, c), m.reservations());
    }

    @Test
    void aPinnedReservationStaysWhereItIs() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 2));
        Allocation a = m.start(job(0, 100, 10, 2), 0);
        Allocation b = m.reserve(job(1, 10, 10, 1), new int[] {0}, 100, 10, 0);
        m.finish(a, 10);
        assertTrue(m.compress(10, x -> x != b).isEmpty(), "a co-allocated part is not moved alone");
        assertEquals(100, m.reservations().get(0).start());
    }

    @Test
    void movesPreferEarlierStartsOverOwnNodes() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        Allocation a = m.start(job(0, 100, 100, 2), 0);          // nodes 0-1 until 100
        Allocation idle = m.start(job(1, 50, 5, 2), 0);          // nodes 2-3, ends at 5 instead of 50
        Allocation b = m.reserve(job(2, 20, 20, 2), new int[] {0, 1}, 100, 20, 0);
        m.finish(idle, 5);
        List<Allocation[]> moves = m.compress(5, x -> true);
        assertEquals(1, moves.size());
        assertEquals(5, moves.get(0)[1].start());
        assertArrayEquals(new int[] {2, 3}, moves.get(0)[1].nodeIds(), "other nodes are allowed");
        assertTrue(a.plannedEnd() > 5 && b.start() == 100);
    }
}
