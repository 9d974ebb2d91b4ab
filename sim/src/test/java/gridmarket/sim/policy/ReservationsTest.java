package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reservation book that conservative backfilling and conservative job-sharing share. */
class ReservationsTest {
    private static Job job(int id) {
        return new Job(id, id - 1, 0, 10, 20, 1, 1, 1, 20);
    }

    @Test
    void dueJobsStartInQueueOrderAndTheRestKeepTheirs() {
        Reservations r = new Reservations();
        for (int id = 1; id <= 5; id++) {
            r.add(job(id), id % 2 == 0 ? 100 : 40 + id, id % 3);
        }
        r.moveUp(3, 41, 2); // job 4 moves up to the same start as job 1
        List<String> started = new ArrayList<>();
        r.startDue(41, (j, m) -> started.add(j.id() + "@m" + m));
        assertEquals(List.of("1@m1", "4@m2"), started);
        assertEquals(3, r.size());
        assertEquals(List.of(2L, 3L, 5L), List.of(r.job(0).id(), r.job(1).id(), r.job(2).id()));
        assertEquals(List.of(100L, 43L, 45L), List.of(r.start(0), r.start(1), r.start(2)));
        assertEquals(List.of(2, 0, 2), List.of(r.machine(0), r.machine(1), r.machine(2)));
        assertEquals(43, r.wakeUpToAsk(), "the next pass: the earliest start left");

        started.clear();
        r.startDue(42, (j, m) -> started.add("" + j.id()));
        assertTrue(started.isEmpty(), "nothing starts at 42");
        assertThrows(IllegalStateException.class, () -> r.startDue(44, (j, m) -> { }), "43 was missed");
    }

    @Test
    void shapesAndPlacesStayWithTheirReservationsAsOthersStart() {
        Reservations r = new Reservations();
        for (int id = 1; id <= 70; id++) { // past the first growth of the arrays
            r.add(job(id), id % 4 == 0 ? 30 : 100 + id, 0, 1000 + id);
            r.setPlace(id - 1, 2000 + id);
        }
        r.startDue(30, (j, m) -> { });
        assertEquals(53, r.size());
        for (int k = 0; k < r.size(); k++) {
            long id = r.job(k).id();
            assertEquals(1000 + id, r.shape(k), "shape of job " + id);
            assertEquals(2000 + id, r.place(k), "place of job " + id);
        }
        r.add(job(71), 200, 0, 7);
        assertEquals(-1, r.place(r.size() - 1), "a new reservation has no place yet");
        r.add(job(72), 200, 0);
        assertEquals(-1, r.shape(r.size() - 1), "nor a shape, unless given one");
    }

    @Test
    void aPassIsAskedForOncePerEarliestStart() {
        Reservations r = new Reservations();
        assertEquals(Long.MIN_VALUE, r.wakeUpToAsk(), "no reservation, no pass");
        r.add(job(1), 50, 0);
        assertEquals(50, r.wakeUpToAsk());
        assertEquals(Long.MIN_VALUE, r.wakeUpToAsk(), "asked already");
        r.add(job(2), 70, 0);
        assertEquals(Long.MIN_VALUE, r.wakeUpToAsk(), "a later reservation needs no pass of its own");
        r.moveUp(1, 30, 0);
        assertEquals(30, r.wakeUpToAsk(), "a move ahead of the asked pass needs one");
        r.clear();
        assertEquals(0, r.size());
        r.add(job(3), 30, 0);
        assertEquals(30, r.wakeUpToAsk(), "after clear the new reservations need their own pass");
    }

    @Test
    void aRecompressionIsDueOnlyAfterAnEndThatCouldMoveSomething() {
        Reservations r = new Reservations();
        r.add(job(1), 50, 0);
        assertFalse(r.recompressionDue(), "no end");
        r.jobEnded(false);
        assertFalse(r.recompressionDue(), "an end at its estimate gives nothing back");
        r.jobEnded(true);
        assertTrue(r.recompressionDue(), "an early end");
        assertFalse(r.recompressionDue(), "asking consumes it");
        r.jobEnded(true);
        assertTrue(r.recompressionDue());
        r.moveUp(0, 40, 0); // a move in that pass may open room for another at the next end
        r.jobEnded(false);
        assertTrue(r.recompressionDue(), "the last pass moved something");
        r.jobEnded(false);
        assertFalse(r.recompressionDue(), "the last pass moved nothing");
        r.jobEnded(true);
        r.clear();
        r.jobEnded(false);
        assertFalse(r.recompressionDue(), "clear forgets an early end");
    }

    @Test
    void theReservationsMustStayTheHeadOfTheQueue() {
        Reservations r = new Reservations();
        JobQueue q = new JobQueue();
        Job a = job(1);
        Job b = job(2);
        q.add(a);
        q.add(b);
        r.add(a, 10, 0);
        r.add(b, 20, 0);
        r.checkHeadOf(q, "test");
        JobQueue other = new JobQueue();
        other.add(a);
        other.add(job(2));
        assertEquals("the queue changed behind test's back",
                assertThrows(IllegalStateException.class, () -> r.checkHeadOf(other, "test")).getMessage());
        JobQueue shorter = new JobQueue();
        shorter.add(a);
        assertThrows(IllegalStateException.class, () -> r.checkHeadOf(shorter, "test"));
    }
}
