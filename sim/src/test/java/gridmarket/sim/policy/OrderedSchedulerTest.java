package gridmarket.sim.policy;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static gridmarket.sim.policy.SmartOrderTest.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The on-line use of an order (thesis 2.5): when it is recomputed, and that the list policy sees it. */
class OrderedSchedulerTest {
    /** An order that is easy to recognise: the queue reversed. */
    private static final JobOrder REVERSED = (waiting, nodes) -> {
        List<Job> r = new ArrayList<>(waiting);
        java.util.Collections.reverse(r);
        return r;
    };

    private static Job job(long id, long submit, int nodes, long estimate) {
        return new Job(id, (int) id, submit, estimate, estimate, nodes, 1, 1, estimate);
    }

    /** A list policy that starts nothing and remembers the queue order it was shown. */
    private static final class Watcher implements Scheduler {
        List<Long> seen;

        @Override
        public void schedule(long now, JobQueue queue, MachineSchedule machine, Dispatcher dispatch) {
            seen = ids(queue.jobs());
        }
    }

    private static final Dispatcher NOTHING = new Dispatcher() {
        @Override
        public void start(Job job) {
            throw new AssertionError("nothing fits");
        }

        @Override
        public void wakeUpAt(long time) {
        }
    };

    @Test
    void theOrderIsRecomputedOnlyWhenTheOrderedShareFallsBelowTheRatio() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        m.start(job(0, 0, 4, 1000), 0); // the machine is full: every job waits
        Watcher list = new Watcher();
        OrderedScheduler s = new OrderedScheduler(REVERSED, 2.0 / 3, list);
        JobQueue q = new JobQueue();
        q.add(job(1, 1, 1, 10));
        s.schedule(1, q, m, NOTHING); // 0 of 1 ordered: compute
        assertEquals(List.of(1L), list.seen);
        q.add(job(2, 2, 1, 10));
        s.schedule(2, q, m, NOTHING); // 1 of 2 < 2/3: compute
        assertEquals(List.of(2L, 1L), list.seen);
        q.add(job(3, 3, 1, 10));
        s.schedule(3, q, m, NOTHING); // 2 of 3 is not below 2/3: job 3 joins the end
        assertEquals(List.of(2L, 1L, 3L), list.seen);
        s.schedule(4, q, m, NOTHING); // no arrival: the order stands
        assertEquals(List.of(2L, 1L, 3L), list.seen);
        q.add(job(4, 5, 1, 10));
        s.schedule(5, q, m, NOTHING); // 2 of 4 < 2/3 (job 3 was appended, not ordered): compute
        assertEquals(List.of(4L, 3L, 2L, 1L), list.seen);
        assertEquals(3, s.recomputations());
    }

    @Test
    void ratioOneRecomputesAtEveryArrival() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        m.start(job(0, 0, 4, 1000), 0);
        Watcher list = new Watcher();
        OrderedScheduler s = new OrderedScheduler(REVERSED, 1, list);
        JobQueue q = new JobQueue();
        for (int i = 1; i <= 4; i++) {
            q.add(job(i, i, 1, 10));
            s.schedule(i, q, m, NOTHING);
        }
        assertEquals(List.of(4L, 3L, 2L, 1L), list.seen);
        assertEquals(4, s.recomputations());
    }

    @Test
    void conservativeReservesAfreshInTheNewOrder() {
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 10));
        Allocation blocker = m.start(job(0, 0, 10, 100), 0);
        OrderedScheduler s = new OrderedScheduler(REVERSED, 1, new ConservativeBackfillScheduler());
        JobQueue q = new JobQueue();
        List<Long> started = new ArrayList<>();
        List<Long> wakeUps = new ArrayList<>();
        Dispatcher d = new Dispatcher() {
            @Override
            public void start(Job job) {
                started.add(job.id());
                m.start(job, 100);
            }

            @Override
            public void wakeUpAt(long time) {
                wakeUps.add(time);
            }
        };
        Job first = job(1, 1, 10, 50);
        Job second = job(2, 2, 10, 10);
        q.add(first);
        s.schedule(1, q, m, d); // job 1 reserved at 100
        q.add(second);
        s.schedule(2, q, m, d); // reordered: job 2 at 100, job 1 after it at 110 (kept, it would have been 150)
        // Conservative backfilling asks for one pass at its earliest reservation; that pass asks for the next.
        assertEquals(List.of(100L, 100L), wakeUps);
        m.finish(blocker);
        s.jobEnded(blocker, 100);
        s.schedule(100, q, m, d);
        assertEquals(List.of(2L), started);
        assertEquals(List.of(100L, 100L, 110L), wakeUps, "job 1 at 110, as re-planned, not at 150");
    }
}
