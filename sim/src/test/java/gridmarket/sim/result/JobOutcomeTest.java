package gridmarket.sim.result;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class JobOutcomeTest {
    private static final Job JOB = new Job(1, 0, 0, 10, 10, 4, 1, 1, 10);

    @Test
    void neitherTheGivenNorTheReturnedArrayChangesTheOutcome() {
        int[] given = {0, 1, 2, 5};
        JobOutcome o = new JobOutcome(JOB, JobStatus.COMPLETED, null, "m", 0, 10, given, 1);
        given[0] = 9;
        o.nodeIds()[1] = 9;
        assertArrayEquals(new int[] {0, 1, 2, 5}, o.nodeIds());
        assertEquals(4, o.nodeCount());
    }

    @Test
    void nodesAsRanges() {
        JobOutcome o = new JobOutcome(JOB, JobStatus.COMPLETED, null, "m", 0, 10,
                new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 32, 40, 41}, 1);
        assertEquals("0-15;32;40-41", o.nodeRanges());
        JobOutcome rejected = JobOutcome.rejected(JOB, new Rejection(RejectionReason.TOO_WIDE, "needs 4 nodes"));
        assertEquals("", rejected.nodeRanges());
        assertEquals("needs 4 nodes", rejected.reason());
        assertEquals(0, rejected.nodeCount());
    }
}
