package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;

import static gridmarket.sim.policy.SmartOrderTest.ids;
import static gridmarket.sim.policy.SmartOrderTest.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** PSRS orders computed by hand from thesis 2.5's definitions, on a 10-node machine (wide: more than 5 nodes). */
class PsrsOrderTest {

    @Test
    void smithOrderPreemptiveScheduleAndBins() {
        // a 2x5 (ratio 1/10), b 6x2 (1/12, wide), c 5x4 (1/20), d 4x3 (1/12), e 8x1 (1/8, wide)
        List<Job> jobs = List.of(job(1, 2, 5), job(2, 6, 2), job(3, 5, 4), job(4, 4, 3), job(5, 8, 1));
        // Smith order e, a, b, d (tie with b: queue order), c. Preemptive schedule: e [0,1), a [0,5), b [1,3)
        // (5 nodes free at 1, then 8 fit), d [3,7)... d needs 4: free 8 at 3 -> [3,6), c needs 5: at 5 -> [5,9)
        List<Job> smith = List.of(jobs.get(4), jobs.get(0), jobs.get(1), jobs.get(3), jobs.get(2));
        assertArrayEquals(new long[] {1, 5, 3, 6, 9}, PsrsOrder.preemptiveCompletions(smith, 10));
        // bins: e wide C=1 <= sqrt2 (wide 0); b wide 3 <= 4 sqrt2 (wide 2); a 5 and d 6 <= 8 (small 3); c 9 (small 4)
        // order: wide 0, wide 2, small 3, small 4
        assertEquals(List.of(5L, 2L, 1L, 4L, 3L), ids(new PsrsOrder(OrderParameters.DEFAULTS).order(jobs, 10)));
    }

    @Test
    void aWideJobPreemptsAfterWaitingItsOwnEstimate() {
        // weighted by area: every Smith ratio is 1, so the list is the queue order g 4x10, h 8x3 (wide), k 2x1
        List<Job> jobs = List.of(job(1, 4, 10), job(2, 8, 3), job(3, 2, 1));
        // g [0,10); h finds 6 free at 0 but needs 8: waits 3, then runs alone [3,6) while g is preempted;
        // k starts at 6 and ends at 7; g resumes and ends at 13
        assertArrayEquals(new long[] {13, 6, 7}, PsrsOrder.preemptiveCompletions(jobs, 10));
        // bins: k 7 <= 8 (small 3), h 6 <= 8 sqrt2 (wide 3), g 13 <= 16 (small 4)
        OrderParameters weighted = new OrderParameters(true, 2, 2.0 / 3);
        assertEquals(List.of(3L, 2L, 1L), ids(new PsrsOrder(weighted).order(jobs, 10)));
    }

    @Test
    void aWideJobThatFitsInTimeRunsBesideTheOthers() {
        // g 4x2, h 8x3 (wide), k 2x1, weighted (queue order): h waits for g's end at 2 (within its 3), runs [2,5)
        List<Job> jobs = List.of(job(1, 4, 2), job(2, 8, 3), job(3, 2, 1));
        assertArrayEquals(new long[] {2, 5, 3}, PsrsOrder.preemptiveCompletions(jobs, 10));
    }

    @Test
    void binBoundsAreIncluded() {
        assertEquals(0, PsrsOrder.bin(1, 1));
        assertEquals(1, PsrsOrder.bin(2, 1));
        assertEquals(2, PsrsOrder.bin(3, 1));
        assertEquals(0, PsrsOrder.bin(1, Math.sqrt(2)));
        assertEquals(1, PsrsOrder.bin(2, Math.sqrt(2)));
        assertEquals(2, PsrsOrder.bin(3, Math.sqrt(2)));
    }
}
