package gridmarket.market;

import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The objective variables on a schedule drawn by hand (in the manner of thesis Fig. 6.7), now = 0, 4 nodes:
 * <pre>
 *   node 3 |CCCCCCCCCCCCCCCCCCCCCCCCCCCCCC|                 C runs until 30
 *   node 2 |                    BBBBBBBBBBBBBBBBBBBB|      B reserved [20, 40)
 *   node 1 |                                               free
 *   node 0 |AAAAAAAAAA|                                    A runs until 10
 *          0         10        20        30        40
 * </pre>
 * A request for 2 nodes and 10 s fits at 0 on nodes {1, 2}; the end of the schedule is 40.
 */
class ObjectiveVariablesTest {
    private static int order;

    private static Job job(int nodes, long run) {
        order++;
        return new Job(order, order, 0, run, run, nodes, 1, 1, run);
    }

    private static MachineSchedule drawn() {
        order = 0;
        MachineSchedule m = new MachineSchedule(new Machine("m", 0, 4));
        m.reserve(job(1, 20), new int[] {2}, 20, 20, 0);
        m.start(job(1, 10), 0);                   // A on node 0
        Allocation filler = m.start(job(1, 5), 0); // keeps node 1 taken while C is placed
        m.start(job(1, 30), 0);                   // C: node 2 is reserved during [20, 30), so node 3
        m.finish(filler, 0);
        return m;
    }

    private static Placement at(List<Placement> ps, long start) {
        return ps.stream().filter(p -> p.start() == start).findFirst().orElseThrow();
    }

    @Test
    void areasOfTheEarliestPlacement() {
        MachineSchedule m = drawn();
        assertEquals(4, m.runningOn(3).job().id(), "C (the fourth job made) runs on node 3");
        List<Placement> ps = new OfferGenerator(new OfferSettings(4, 3, 8, 1)).candidates(m, 2, 10, 0,
                Long.MAX_VALUE, 0);
        Placement p = ps.get(0);
        assertEquals(0, p.start(), "the earliest feasible start comes first");
        assertArrayEquals(new int[] {1, 2}, p.nodes());
        ObjectiveVariables v = p.variables();
        assertEquals(0, v.under(), 1e-9, "both nodes are idle from now");
        assertEquals((20 - 10) + (40 - 10), v.over(), 1e-9, "node 2 until B, node 1 until the end of schedule");
        assertEquals(0, v.leftRight(), 1e-9, "nodes 0 and 3 are busy during [0, 10)");
        assertEquals(0, v.leftRightRel(), 1e-9);
        // allocated from now to 40: A 10 + B 20 + C 30 = 60, plus the job's 20, of 4 * 40
        assertEquals(80.0 / 160.0, v.utilization(), 1e-9);
    }

    @Test
    void laterStartsInTheSameWindowTradeOverForUnder() {
        List<Placement> ps = new OfferGenerator(new OfferSettings(4, 3, 8, 1)).candidates(drawn(), 2, 10, 0,
                Long.MAX_VALUE, 0);
        // Z = 3 start times over the window of nodes {1, 2} [0, 20 - 10]: 0, 5, 10.
        Placement late = at(ps, 10);
        assertArrayEquals(new int[] {1, 2}, late.nodes());
        ObjectiveVariables v = late.variables();
        assertEquals(10 + 10, v.under(), 1e-9);
        assertEquals((20 - 20) + (40 - 20), v.over(), 1e-9);
        assertEquals(10, v.leftRight(), 1e-9, "node 0 is idle during [10, 20)");
        assertEquals(10.0 / (10 + 20), v.leftRightRel(), 1e-9, "idle beside the job over the idle area of its run");
        assertEquals(10.0 / 20.0, v.leftRightRatio(), 1e-9, "the literal reading: over the job's area");
        assertTrue(ps.stream().anyMatch(p -> p.start() == 5));
    }

    @Test
    void machineFunctionsPriceTheVariables() {
        ObjectiveVariables v = new ObjectiveVariables(20, 20, 10, 0.5, 0.5, 0.5);
        // MF1 = (n*r + over + under + left_right) * (1 - left_right_rel) = (20 + 20 + 20 + 10) * 0.5
        assertEquals(35, new MachineFunction("MF1").price(2, 10, 10, v), 1e-9);
        assertEquals(70, new MachineFunction("MF2").price(2, 10, 10, v), 1e-9);
        assertEquals(30, new MachineFunction("MF3").price(2, 10, 10, v), 1e-9);
        assertEquals(15, new MachineFunction("MF4").price(2, 10, 10, v), 1e-9);
        assertEquals(25, new MachineFunction("MF5").price(2, 10, 10, v), 1e-9);
        assertEquals(25, new MachineFunction("MF6").price(2, 10, 10, v), 1e-9);
        assertEquals(-(100 + 2 * 7.5), new UtilityFunction("UF4").value(100, 110, 7.5, 2, 10, 0), 1e-9);
        assertEquals(-(2 * 100 + 7.5), new UtilityFunction("UF5").value(100, 110, 7.5, 2, 10, 0), 1e-9);
        assertEquals(-(100 + 7.5), new UtilityFunction("UF3").value(100, 110, 7.5, 2, 10, 0), 1e-9);
        assertEquals(-7.5, new UtilityFunction("UF2").value(100, 110, 7.5, 2, 10, 0), 1e-9);
        assertEquals(-100, new UtilityFunction("UF1").value(100, 110, 7.5, 2, 10, 0), 1e-9);
        assertEquals(42, new UtilityFunction("sqrt(JobCost) * 2 + NumberOfProcessors * 20 - 5 * 0 - RunTime + 10")
                .value(0, 0, 1, 2, 10, 0), 1e-9);
    }
}
