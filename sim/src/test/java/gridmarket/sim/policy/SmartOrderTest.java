package gridmarket.sim.policy;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * SMART orders computed by hand from thesis 2.5's definitions, on a 10-node machine with gamma 2.
 *
 * <p>Jobs (id: nodes x estimate, bin): 1: 4x3 (2), 2: 6x4 (2), 3: 5x2 (1), 4: 2x8 (3), 5: 7x1 (0), 6: 3x4 (2),
 * 7: 8x3 (2).
 */
class SmartOrderTest {
    private static final List<Job> JOBS = List.of(job(1, 4, 3), job(2, 6, 4), job(3, 5, 2), job(4, 2, 8),
            job(5, 7, 1), job(6, 3, 4), job(7, 8, 3));

    static Job job(long id, int nodes, long estimate) {
        return new Job(id, (int) id - 1, 0, estimate, estimate, nodes, 1, 1, estimate);
    }

    static List<Long> ids(List<Job> jobs) {
        return jobs.stream().map(Job::id).toList();
    }

    @Test
    void binsAreGeometricWithUpperBoundsIncluded() {
        assertEquals(0, SmartOrder.bin(1, 2));
        assertEquals(1, SmartOrder.bin(2, 2));
        assertEquals(2, SmartOrder.bin(3, 2));
        assertEquals(2, SmartOrder.bin(4, 2));
        assertEquals(3, SmartOrder.bin(5, 2));
        assertEquals(16, SmartOrder.bin(64800, 2)); // 2^15 < 64800 <= 2^16
        assertEquals(16, SmartOrder.bin(65536, 2));
        assertEquals(17, SmartOrder.bin(65537, 2));
    }

    @Test
    void ffiaUnweighted() {
        // bin 2 by area: 1 (12), 6 (12), 2 (24), 7 (24); first fit: {1,6} (7 nodes), {2}, {7}
        // ratios (jobs / longest): {5} 1, {3} 1/2, {1,6} 2/4, {7} 1/3, {2} 1/4, {4} 1/8
        List<Job> order = new SmartOrder(SmartOrder.Variant.FFIA, OrderParameters.DEFAULTS).order(JOBS, 10);
        assertEquals(List.of(5L, 3L, 1L, 6L, 7L, 2L, 4L), ids(order));
    }

    @Test
    void nfiwUnweighted() {
        // bin 2 by width: 6 (3), 1 (4), 2 (6), 7 (8); next fit: {6,1}, {2}, {7}
        List<Job> order = new SmartOrder(SmartOrder.Variant.NFIW, OrderParameters.DEFAULTS).order(JOBS, 10);
        assertEquals(List.of(5L, 3L, 6L, 1L, 7L, 2L, 4L), ids(order));
    }

    @Test
    void ffiaWeightedByArea() {
        // weights = areas; ratios: {7} 24/3 = 8, {5} 7, {1,6} 24/4 = 6, {2} 24/4 = 6 (later shelf), {3} 5, {4} 2
        OrderParameters weighted = new OrderParameters(true, 2, 2.0 / 3);
        List<Job> order = new SmartOrder(SmartOrder.Variant.FFIA, weighted).order(JOBS, 10);
        assertEquals(List.of(7L, 5L, 1L, 6L, 2L, 3L, 4L), ids(order));
    }

    @Test
    void nfiwWeightedByAreaPutsLongJobsFirstInABin() {
        // width / weight = 1 / estimate: bin 2 sorted 2 (4), 6 (4), 1 (3), 7 (3): next fit {2,6}, {1}, {7}
        // ratios: {7} 8, {5} 7, {2,6} 36/4 = 9, {1} 12/3 = 4, {3} 5, {4} 2
        OrderParameters weighted = new OrderParameters(true, 2, 2.0 / 3);
        List<Job> order = new SmartOrder(SmartOrder.Variant.NFIW, weighted).order(JOBS, 10);
        assertEquals(List.of(2L, 6L, 7L, 5L, 3L, 1L, 4L), ids(order));
    }

    @Test
    void gammaChangesTheBins() {
        // gamma 4: bins ]1,4] holds 1, 2, 3, 6, 7 together; ]4,16] holds 4
        OrderParameters g4 = new OrderParameters(false, 4, 2.0 / 3);
        List<Job> order = new SmartOrder(SmartOrder.Variant.FFIA, g4).order(JOBS, 10);
        // bin 1 by area: 3 (10), 1 (12), 6 (12), 2 (24), 7 (24): {3,1} 9 nodes, {6,2} 9, {7}
        // ratios: {5} 1, {3,1} 2/3, {6,2} 2/4, {7} 1/3, {4} 1/8
        assertEquals(List.of(5L, 3L, 1L, 6L, 2L, 7L, 4L), ids(order));
    }
}
