package gridmarket.sim.ibts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** IBTS and IBTS-parallel on a hand-made job set, and the paper's Theorem 1 on generated ones. */
class IbtsSchedulerTest {
    private static final IbtsParameters SMALL = new IbtsParameters(8, 2, 1, 1, 100, 200, 0, 0);

    /**
     * Three jobs of 4 threads on 8 processors, 2 slices of work each, all ready at slice 0, no communication. IBTS
     * runs them one per slice: A, B, C, A, B, C: 6 slices, half the machine idle throughout (24 processor-slices).
     * IBTS-parallel packs A and B into one slot and C into another: (A, B), C, (A, B) ends A and B, then C alone:
     * 4 slices, idle only beside C (8 processor-slices).
     */
    @Test
    void firstFitPacksTwoHalfJobsIntoOneSlice() {
        List<IbtsJob> ibts = List.of(new IbtsJob(1, 4, 0, 200, 1), new IbtsJob(2, 4, 0, 200, 2),
                new IbtsJob(3, 4, 0, 200, 3));
        IbtsResult r = IbtsScheduler.run(ibts, SMALL, false);
        assertEquals(6, r.slices());
        assertEquals(24, r.idleProcessorSlices(), 1e-9);
        assertEquals(List.of(4L, 5L, 6L), ibts.stream().map(IbtsJob::end).toList());
        List<IbtsJob> par = List.of(new IbtsJob(1, 4, 0, 200, 1), new IbtsJob(2, 4, 0, 200, 2),
                new IbtsJob(3, 4, 0, 200, 3));
        IbtsResult q = IbtsScheduler.run(par, SMALL, true);
        assertEquals(4, q.slices());
        assertEquals(8, q.idleProcessorSlices(), 1e-9);
        assertEquals(List.of(3L, 3L, 4L), par.stream().map(IbtsJob::end).toList());
    }

    @Test
    void aCommunicationCostsItsLatencyOutOfTheSlice() {
        // one thread of 100 instructions, every instruction a communication of latency 9: 10 per slice
        IbtsParameters p = new IbtsParameters(1, 1, 1, 1, 100, 100, 0.999999, 9);
        IbtsJob job = new IbtsJob(1, 1, 0, 100, 5);
        IbtsResult r = IbtsScheduler.run(List.of(job), p, false);
        assertEquals(10, r.slices());
        assertEquals(10 - 1.0, r.idleProcessorSlices(), 1e-9);
    }

    /**
     * Theorem 1 (eta_max of IBTS-parallel <= eta_max of IBTS) and its argument: on the same jobs, with the same
     * communications, every job's running time Gamma under IBTS-parallel is no longer than under IBTS, and so the
     * total running time and the largest inefficiency are no larger.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void ibtsParallelIsNeverWorseThanIbts(long seed) {
        IbtsParameters p = new IbtsParameters(256, 10, 10, 2, 100, 1000, 0.001, 50);
        List<IbtsJob> a = IbtsWorkload.generate(p, seed);
        List<IbtsJob> b = IbtsWorkload.generate(p, seed);
        IbtsResult ibts = IbtsScheduler.run(a, p, false);
        IbtsResult par = IbtsScheduler.run(b, p, true);
        assertTrue(par.slices() < ibts.slices(), par.slices() + " < " + ibts.slices());
        assertTrue(par.maxInefficiency() <= ibts.maxInefficiency());
        assertEquals(ibts.executed(), par.executed(), "the same work");
        int longer = 0;
        for (int i = 0; i < a.size(); i++) {
            if (b.get(i).end() - b.get(i).arrival() > a.get(i).end() - a.get(i).arrival()) {
                longer++;
            }
        }
        assertEquals(0, longer, "jobs that ran longer under IBTS-parallel");
    }
}
