package gridmarket.sim.grid;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MultiSiteRulesTest {

    @Test
    void takesMachinesWithMostFreeNodesFirst() {
        MultiSiteRules r = new MultiSiteRules(0, 1, 0);
        assertArrayEquals(new int[] {0, 30, 10, 0}, r.split(40, new int[] {5, 30, 20, 20}),
                "30 from the freest machine, the rest from the lower-numbered of the two with 20");
        assertNull(r.split(80, new int[] {5, 30, 20, 20}));
    }

    @Test
    void respectsMaxPartsAndMinPartSize() {
        assertNull(new MultiSiteRules(0, 1, 2).split(45, new int[] {20, 20, 20}), "needs three machines");
        assertArrayEquals(new int[] {20, 20, 5}, new MultiSiteRules(0, 1, 3).split(45, new int[] {20, 20, 20}));
        assertArrayEquals(new int[] {20, 17, 8}, new MultiSiteRules(0, 8, 0).split(45, new int[] {20, 20, 20}),
                "the last part is topped up to the minimum from the one before");
        assertNull(new MultiSiteRules(0, 8, 0).split(20, new int[] {15, 6, 6}), "6-node machines are too small");
    }

    @Test
    void stretchRoundsAndNeverShrinks() {
        assertEquals(100, new MultiSiteRules(0, 1, 0).stretch(100));
        assertEquals(125, new MultiSiteRules(0.25, 1, 0).stretch(100));
        assertEquals(21, new MultiSiteRules(0.05, 1, 0).stretch(20), "1.05 * 20 is 21, not 22");
        assertEquals(1, new MultiSiteRules(0.3, 1, 0).stretch(1));
        assertThrows(IllegalArgumentException.class, () -> new MultiSiteRules(-0.1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new MultiSiteRules(0, 1, 1));
    }
}
