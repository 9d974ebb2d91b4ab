package gridmarket.sim.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class BatsimIdsTest {
    @Test
    void aJobOrPartIdReadsBackAsItsNumberAndPart() {
        assertEquals("42", BatsimIds.jobId(42, 0));
        assertEquals("42.3", BatsimIds.jobId(42, 3));
        assertArrayEquals(new long[] {42, 0}, BatsimIds.parse("42"));
        assertArrayEquals(new long[] {42, 3}, BatsimIds.parse(BatsimIds.jobId(42, 3)));
        assertEquals("delay3600", BatsimIds.profile(3600));
    }

    @Test
    void otherIdsAreNotJobNumbers() {
        for (String id : new String[] {"", "w0!1", "job7", "-3", "4.", ".2", "4.0", "4.2.1", "1234567890123456789"}) {
            assertNull(BatsimIds.parse(id), id);
        }
    }
}
