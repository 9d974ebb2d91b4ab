package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.oracle.OracleSimulator;
import gridmarket.oracle.OracleTrace;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * gridmarket's FCFS, EASY and conservative schedules against the test-side oracle (an independent, simple simulator
 * checked against the pyss references) on real traces that have no reference file: every start time equal.
 */
class OracleComparisonTest {

    @ParameterizedTest(name = "{2} on {0} ({1} nodes)")
    @CsvSource({
        "lublin_256, 256, conservative",
        "KTH-SP2-1996-2.1-cln, 100, conservative",
        "KTH-SP2-1996-2.1-cln, 100, fcfs",
        "NASA-iPSC-1993-3.1-cln, 128, fcfs",
        "NASA-iPSC-1993-3.1-cln, 128, easy",
        "NASA-iPSC-1993-3.1-cln, 128, conservative",
        "SDSC-SP2-1998-4.2-cln, 128, easy",
        "SDSC-SP2-1998-4.2-cln, 128, conservative",
        "SDSC-Par-1996-3.1-cln, 400, easy",
        "SDSC-Par-1996-3.1-cln, 400, conservative",
        "CTC-SP2-1996-3.1-cln, 338, easy",
        "CTC-SP2-1996-3.1-cln, 338, conservative",
        "CTC-SP2-1996-3.1-cln, 256, conservative",
        "OSC-Clust-2000-3.1-cln, 178, easy",
        "OSC-Clust-2000-3.1-cln, 178, conservative",
    })
    void everyStartTimeEqualsTheOracle(String trace, int nodes, String policy) throws IOException {
        OracleTrace t = OracleTrace.read(SharedData.trace(trace), nodes);
        Map<Long, Long> expected = OracleSimulator.startTimes(t.jobs(), nodes, policy);

        ExperimentSpec spec = Experiments.singleMachine(SharedData.trace(trace), nodes, policy);
        RunResult result = HeadlessRun.run(new GridMarket(spec.getSeed(), spec, Workloads.load(spec)));
        Map<Long, JobOutcome> byId = new HashMap<>();
        result.outcomes().forEach(o -> byId.put(o.job().id(), o));

        int mismatches = 0;
        StringBuilder first = new StringBuilder();
        for (Map.Entry<Long, Long> e : expected.entrySet()) {
            JobOutcome o = byId.get(e.getKey());
            if (o == null || !o.completed() || o.start() != e.getValue()) {
                if (mismatches++ < 10) {
                    first.append(String.format("%n  job %d: oracle %d, gridmarket %s", e.getKey(), e.getValue(),
                            o == null ? "missing" : o.status() + " " + o.start()));
                }
            }
        }
        if (mismatches > 0) {
            fail(mismatches + " of " + expected.size() + " start times differ from the oracle:" + first);
        }
        assertEquals(new HashSet<>(t.tooWide()), new HashSet<>(result.outcomes().stream().filter(o -> !o.completed())
                .map(o -> o.job().id()).toList()), "the jobs too wide for the machine, and only they, are rejected");
    }
}
