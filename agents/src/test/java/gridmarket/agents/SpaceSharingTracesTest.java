package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 004's schemes on real traces, job by job: FPLPFS = LPFS (the paper's Sect. 3.3 argument), FPFS without a
 * WaitLimit = Garey-Graham list scheduling (the same rule: start every job that fits, in queue order), and every
 * scheme with WaitLimit 0 = FCFS (Sect. 4.2: "the scheduling result by FPFS with WaitLimit = 0 is same as FCFS").
 */
class SpaceSharingTracesTest {

    private static Map<Long, Long> starts(String trace, int nodes, String policy, Long waitLimit) throws IOException {
        ExperimentSpec spec = Experiments.singleMachine(SharedData.trace(trace), nodes, policy);
        spec.setWaitLimit(waitLimit);
        RunResult result = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, Workloads.load(spec)));
        Map<Long, Long> starts = new TreeMap<>();
        for (JobOutcome o : result.outcomes()) {
            assertTrue(o.completed(), "job " + o.job().id() + " " + o.status());
            starts.put(o.job().id(), o.start());
        }
        return starts;
    }

    @ParameterizedTest(name = "{0} ({1} nodes)")
    @CsvSource({"lublin_256, 256", "KTH-SP2-1996-2.1-cln, 100", "SDSC-SP2-1998-4.2-cln, 128"})
    void fplpfsEqualsLpfs(String trace, int nodes) throws IOException {
        Map<Long, Long> lpfs = starts(trace, nodes, "lpfs", null);
        assertEquals(lpfs, starts(trace, nodes, "fplpfs", null));
        assertEquals(starts(trace, nodes, "lpfs", 3600L), starts(trace, nodes, "fplpfs", 3600L), "with WaitLimit");
        assertNotEquals(lpfs, starts(trace, nodes, "fcfs", null), "sorting changes the schedule");
    }

    @ParameterizedTest(name = "{0} ({1} nodes)")
    @CsvSource({"lublin_256, 256", "KTH-SP2-1996-2.1-cln, 100"})
    void fpfsWithoutLimitIsListScheduling(String trace, int nodes) throws IOException {
        assertEquals(starts(trace, nodes, "list", null), starts(trace, nodes, "fpfs", null));
    }

    @ParameterizedTest(name = "{0} ({1} nodes)")
    @CsvSource({"lublin_256, 256", "KTH-SP2-1996-2.1-cln, 100"})
    void waitLimitZeroIsFcfs(String trace, int nodes) throws IOException {
        Map<Long, Long> fcfs = starts(trace, nodes, "fcfs", null);
        for (String p : new String[] {"mpfs", "lpfs", "fpfs", "fpmpfs", "fplpfs"}) {
            assertEquals(fcfs, starts(trace, nodes, p, 0L), p);
        }
    }
}
