package gridmarket.market;

import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A price is what a user pays an owner: finite and never negative under MF1-MF6 (SPEC E5). */
class PriceTest {

    @Test
    void machineFunctionsNeverPriceBelowZeroOnRandomSchedules() {
        SplittableRandom random = new SplittableRandom(7);
        OfferGenerator generator = new OfferGenerator(new OfferSettings(4, 3, 8, 1));
        int checked = 0;
        int literalNegative = 0;
        int belowArea = 0;
        for (int trial = 0; trial < 80; trial++) {
            MachineSchedule m = new MachineSchedule(new Machine("m", 0, 32));
            for (int j = 0; j < 12; j++) {
                int nodes = 1 + random.nextInt(16);
                long start = random.nextInt(2000);
                long length = 1 + random.nextInt(1000);
                Job job = new Job(j, j, 0, length, length, nodes, 1, 1, length);
                long earliest = m.earliestStart(nodes, length, start);
                m.reserve(job, m.freeIntervals(earliest, earliest + length).stream()
                        .filter(f -> !f.isEmpty() && f.get(0).start() == earliest && f.get(0).end() == earliest + length)
                        .limit(nodes).mapToInt(f -> f.get(0).node()).toArray(), earliest, length, 0);
            }
            int n = 1 + random.nextInt(8);
            for (Placement p : generator.candidates(m, n, 300, 0, Long.MAX_VALUE, 0)) {
                ObjectiveVariables v = p.variables();
                assertTrue(v.leftRightRel() >= 0 && v.leftRightRel() < 1, "left_right_rel in [0, 1): " + v);
                for (String mf : List.of("MF1", "MF2", "MF3", "MF4", "MF5", "MF6")) {
                    double price = new MachineFunction(mf).price(n, 300, p.start(), v);
                    assertTrue(price >= 0 && Double.isFinite(price), mf + " gave " + price + " for " + v);
                    double floor = new MachineFunction(mf).floor(n, 300);
                    assertTrue(price >= floor, mf + " priced " + price + " below its floor " + floor + " for " + v);
                    belowArea += price < n * 300.0 ? 1 : 0;
                    checked++;
                }
                if ((n * 300.0 + v.over() + v.under() + v.leftRight()) * (1 - v.leftRightRatio()) < 0) {
                    literalNegative++;
                }
            }
        }
        assertTrue(checked > 400, "enough placements checked: " + checked);
        assertTrue(literalNegative > 0, "the literal reading does go negative on the same placements");
        // MF3 leaves left_right out of its first factor: it prices some placements below the job's area, floor 0
        assertTrue(belowArea > 0, "MF3 prices below the area somewhere: " + belowArea);
        assertEquals(0, new MachineFunction("MF3").floor(4, 300));
        assertEquals(0, new MachineFunction("NumberOfProcessors * RunTime").floor(4, 300));
        assertEquals(1200 * (1 - 1e-9), new MachineFunction("MF1").floor(4, 300));
    }

    @Test
    void aFormulaThatGivesANegativePriceIsRefusedWithItsValues() {
        MachineFunction mf = new MachineFunction("NumberOfProcessors * RunTime - 100");
        FormulaException e = assertThrows(FormulaException.class,
                () -> mf.price(2, 10, 5, new ObjectiveVariables(1, 2, 3, 0.1, 0.15, 0.5)));
        assertTrue(e.getMessage().contains("gave the price -80.0"), e.getMessage());
        assertTrue(e.getMessage().contains("left_right = 3.0"), e.getMessage());
        assertEquals(20, new MachineFunction("NumberOfProcessors * RunTime").price(2, 10, 5,
                new ObjectiveVariables(0, 0, 0, 0, 0, 0)), 1e-9);
    }

    @Test
    void aPriceOfMinusZeroIsZero() {
        // -(under) with under = 0 gives -0.0, which jobs.csv wrote as such.
        double price = new MachineFunction("-under").price(2, 10, 5, new ObjectiveVariables(0, 0, 0, 0, 0, 0));
        assertEquals(0, Double.compare(0.0, price), "price " + price);
    }
}
