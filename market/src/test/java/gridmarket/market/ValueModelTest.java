package gridmarket.market;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values, budgets and deadlines drawn from a job by the documented parameters. */
class ValueModelTest {
    private static Job job(int order, long submit, long estimate, int nodes) {
        return new Job(order + 1, order, submit, estimate, estimate, nodes, 1, 1, -1);
    }

    @Test
    void withoutSpreadTheValueIsProportionalToTheAreaAndDecaysLinearlyToItsFloor() {
        ValueModel m = new ValueModel(2, 0, 1, 2, -0.5, 3, 1.5, 0.1, 7);
        JobValue v = m.of(job(0, 100, 50, 4));
        assertEquals(2 * 4 * 50, v.maxValue(), 0);
        assertEquals(1.5 * 400, v.budget(), 0);
        assertEquals(100 + 150, v.deadline());
        assertEquals(400, v.at(150), 0, "done within the expected response (1 estimate): the whole value");
        assertEquals(400, v.at(100 + 50), 0);
        assertEquals(200, v.at(100 + 50 + 50), 1e-9, "half the decay span (2 estimates) later: half the value");
        assertEquals(0, v.at(100 + 50 + 100), 1e-9, "zero after the whole decay span");
        assertEquals(-200, v.at(100 + 50 + 150), 1e-9, "then the penalty grows");
        assertEquals(-200, v.at(1_000_000), 0, "down to the floor, -0.5 x V");
        assertEquals(0.1 * 4 * 50, m.cost(4, 50), 1e-12);
    }

    @Test
    void spreadValuesAreSeededPerJobWithinTheirBounds() {
        ValueModel a = new ValueModel(1, 0.5, 1, 1, 0, 2, 1, 0, 11);
        ValueModel b = new ValueModel(1, 0.5, 1, 1, 0, 2, 1, 0, 12);
        Random r = new Random(5);
        int differ = 0;
        for (int i = 0; i < 1000; i++) {
            Job j = job(i, r.nextInt(1000), 1 + r.nextInt(10_000), 1 + r.nextInt(64));
            double area = (double) j.nodes() * j.estimate();
            double v = a.of(j).maxValue();
            assertTrue(v >= 0.5 * area && v <= 1.5 * area, "V in area x [1 - spread, 1 + spread]");
            assertEquals(v, a.of(j).maxValue(), 0, "the same job, the same draw");
            if (v != b.of(j).maxValue()) {
                differ++;
            }
        }
        assertEquals(1000, differ, "another seed, other draws");
        assertNotEquals(a.of(job(1, 0, 10, 1)).maxValue(), a.of(job(2, 0, 10, 1)).maxValue());
    }
}
