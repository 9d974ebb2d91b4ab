package gridmarket.market;

import gridmarket.sim.grid.MultiSiteRules;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Partial offers and their combination at a common start (SPEC E6), on a hand-drawn pair of schedules. */
class CoAllocationTest {

    private static Job job(int order, long estimate, int nodes) {
        return new Job(order, order, 0, estimate, estimate, nodes, 1, 1, estimate);
    }

    /**
     * m1 (4 nodes): nodes 0-2 busy until 100, node 3 reserved during [50, 80).
     * m2 (4 nodes): nodes 0-1 busy until 30, nodes 2-3 reserved during [60, 200).
     */
    private static MachineSchedule[] drawn() {
        MachineSchedule m1 = new MachineSchedule(new Machine("m1", 0, 4));
        m1.start(job(0, 100, 3), 0);
        m1.reserve(job(1, 30, 1), new int[] {3}, 50, 30, 0);
        MachineSchedule m2 = new MachineSchedule(new Machine("m2", 1, 4));
        m2.start(job(2, 30, 2), 0);
        m2.reserve(job(3, 140, 2), new int[] {2, 3}, 60, 140, 0);
        return new MachineSchedule[] {m1, m2};
    }

    @Test
    void freeNodeWindowsCountTheNodesFreeForTheWholeRun() {
        MachineSchedule[] m = drawn();
        FreeNodeWindows w1 = FreeNodeWindows.of(m[0], 40, 0, 0);
        // node 3 is free in [0, 50) and from 80: starts 0..10 fit, then from 80; nodes 0-2 from 100
        assertEquals(1, w1.countAt(0));
        assertEquals(1, w1.countAt(10));
        assertEquals(0, w1.countAt(11));
        assertEquals(1, w1.countAt(80));
        assertEquals(4, w1.countAt(100));
        assertArrayEquals(new long[] {0, 80, 100}, w1.risingTimes());
        FreeNodeWindows w2 = FreeNodeWindows.of(m[1], 40, 0, 0);
        // nodes 2-3 are free in [0, 60) and from 200; nodes 0-1 from 30
        assertEquals(2, w2.countAt(20));
        assertEquals(0, w2.countAt(21));
        assertEquals(2, w2.countAt(30));
        assertEquals(4, w2.countAt(200));
    }

    @Test
    void aGapExactlyAsLongAsTheRunCounts() {
        MachineSchedule m1 = drawn()[0];
        // node 3's gap before its reservation is [0, 50): a run of 50 fits from 0 alone, a run of 51 nowhere before 80
        assertEquals(1, FreeNodeWindows.of(m1, 50, 0, 0).countAt(0));
        assertEquals(0, FreeNodeWindows.of(m1, 50, 0, 0).countAt(1));
        assertEquals(0, FreeNodeWindows.of(m1, 51, 0, 0).countAt(0));
        assertArrayEquals(new long[] {80, 100}, FreeNodeWindows.of(m1, 51, 0, 0).risingTimes());
    }

    @Test
    void sixNodesStartTogetherOnBothMachines() {
        MachineSchedule[] m = drawn();
        FreeNodeWindows[] w = {FreeNodeWindows.of(m[0], 40, 0, 0), FreeNodeWindows.of(m[1], 40, 0, 0)};
        CoAllocationPlanner.Plan plan = CoAllocationPlanner.plan(6, w, 0, new MultiSiteRules(0, 1, 0));
        // 6 of 8 nodes for 40 s: m2 gives 2 (nodes 0-1 from 30) and m1 4 only from 100.
        assertEquals(100, plan.start());
        assertArrayEquals(new int[] {4, 2}, plan.parts());
        OfferGenerator g = new OfferGenerator(new OfferSettings(4, 3, 8, 1));
        Placement p1 = g.candidates(m[0], 4, 40, 100, 140, 0).get(0);
        Placement p2 = g.candidates(m[1], 2, 40, 100, 140, 0).get(0);
        assertEquals(100, p1.start());
        assertEquals(100, p2.start());
        assertArrayEquals(new int[] {0, 1, 2, 3}, p1.nodes());
        assertArrayEquals(new int[] {0, 1}, p2.nodes());
    }

    @Test
    void aSingleMachineThatFitsAtLeastAsEarlyMakesCoAllocationPointless() {
        MachineSchedule[] m = drawn();
        FreeNodeWindows[] w = {FreeNodeWindows.of(m[0], 40, 0, 0), FreeNodeWindows.of(m[1], 40, 0, 0)};
        assertNull(CoAllocationPlanner.plan(2, w, 0, new MultiSiteRules(0, 1, 0)));
    }

    @Test
    void minMultiSiteForbidsSmallParts() {
        MachineSchedule[] m = drawn();
        FreeNodeWindows[] w = {FreeNodeWindows.of(m[0], 40, 0, 0), FreeNodeWindows.of(m[1], 40, 0, 0)};
        // parts of at least 3 nodes: m2 never has 3 free for 40 s before 200, m1 has 4 from 100
        CoAllocationPlanner.Plan plan = CoAllocationPlanner.plan(7, w, 0, new MultiSiteRules(0, 3, 0));
        assertEquals(200, plan.start());
        assertArrayEquals(new int[] {4, 3}, plan.parts());
    }
}
