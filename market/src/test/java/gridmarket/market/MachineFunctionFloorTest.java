package gridmarket.market;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An MF's price floor holds as the price is computed, in floating point, also where the rounding is largest: a job of
 * one node on a machine of up to a million idle nodes ({@code 1 - left_right_rel} is then a subtraction of two nearly
 * equal numbers), with the variables the offer search gives (whole node-seconds, {@code left_right_rel} as
 * {@code left_right / (left_right + area)}).
 */
class MachineFunctionFloorTest {

    @Test
    void noPlacementIsPricedBelowItsMachineFunctionsFloor() {
        SplittableRandom random = new SplittableRandom(43);
        List<MachineFunction> floored = List.of(new MachineFunction("MF1"), new MachineFunction("MF2"),
                new MachineFunction("MF4"), new MachineFunction("MF5"), new MachineFunction("MF6"));
        int checked = 0;
        double closest = Double.POSITIVE_INFINITY;
        for (int trial = 0; trial < 200_000; trial++) {
            int size = 1 + random.nextInt(random.nextBoolean() ? 1 << 20 : 600);
            int nodes = random.nextInt(4) == 0 ? 1 + random.nextInt(size) : 1 + random.nextInt(Math.min(size, 4));
            long runTime = 1 + random.nextLong(random.nextBoolean() ? 100_000 : 3);
            double area = (double) nodes * runTime;
            // the other nodes' idle area during the run: up to all of it, often all of it
            long others = (long) (size - nodes) * runTime;
            double leftRight = random.nextBoolean() ? others : random.nextLong(others + 1);
            double under = random.nextInt(3) == 0 ? 0 : random.nextLong(1, 1L << 30);
            double over = random.nextInt(3) == 0 ? 0 : random.nextLong(1, 1L << 30);
            ObjectiveVariables v = new ObjectiveVariables(under, over, leftRight, leftRight / (leftRight + area),
                    leftRight / area, 0.5);
            for (MachineFunction mf : floored) {
                double price = mf.price(nodes, runTime, 0, v);
                double floor = mf.floor(nodes, runTime);
                assertTrue(price >= floor, mf.name() + " priced " + price + " below its floor " + floor + " for "
                        + nodes + " of " + size + " nodes, " + runTime + " s, " + v);
                closest = Math.min(closest, price / area - 1);
                checked++;
            }
        }
        // the floor is met: some prices come within a hair of the area, from below as well as above
        assertTrue(checked == 1_000_000 && closest < 1e-12, "checked " + checked + ", closest " + closest);
    }
}
