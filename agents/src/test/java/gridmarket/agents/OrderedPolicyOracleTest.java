package gridmarket.agents;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.PolicyParametersSpec;
import gridmarket.oracle.OracleOrder;
import gridmarket.oracle.OracleOrders;
import gridmarket.oracle.OracleSimulator;
import gridmarket.oracle.OracleTrace;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * SMART and PSRS (C6) against the oracle with its own, independently written orders, on real traces: every start
 * time equal, for the plain list schedule and both backfilling variants, weighted and unweighted.
 */
class OrderedPolicyOracleTest {

    @ParameterizedTest(name = "{2}-{3} on {0} ({1} nodes), weighted {4}, gamma {5}, recompute {6}")
    @CsvSource({
        "KTH-SP2-1996-2.1-cln, 100, smart-ffia, fcfs, false, 2, 0.6666666666666666",
        "KTH-SP2-1996-2.1-cln, 100, smart-nfiw, easy, false, 2, 0.6666666666666666",
        "KTH-SP2-1996-2.1-cln, 100, psrs, conservative, false, 2, 0.6666666666666666",
        "KTH-SP2-1996-2.1-cln, 100, psrs, easy, true, 2, 1",
        "KTH-SP2-1996-2.1-cln, 100, smart-ffia, conservative, true, 3, 0.5",
        "SDSC-SP2-1998-4.2-cln, 128, smart-nfiw, conservative, false, 2, 0.6666666666666666",
        "SDSC-SP2-1998-4.2-cln, 128, smart-ffia, easy, true, 2, 0.6666666666666666",
        "SDSC-SP2-1998-4.2-cln, 128, psrs, fcfs, false, 2, 0.6666666666666666",
        "lublin_256, 256, psrs, easy, false, 2, 0.6666666666666666",
        "lublin_256, 256, smart-nfiw, fcfs, true, 1.5, 0.6666666666666666",
    })
    void everyStartTimeEqualsTheOracle(String trace, int nodes, String order, String list, boolean weighted,
                                       double gamma, double recompute) throws IOException {
        OracleOrder oracleOrder = switch (order) {
            case "smart-ffia" -> OracleOrders.smart(true, gamma, weighted);
            case "smart-nfiw" -> OracleOrders.smart(false, gamma, weighted);
            case "psrs" -> OracleOrders.psrs(weighted);
            default -> throw new IllegalArgumentException(order);
        };
        OracleTrace t = OracleTrace.read(SharedData.trace(trace), nodes);
        Map<Long, Long> expected = OracleSimulator.startTimes(t.jobs(), nodes, list, oracleOrder, recompute);

        String policy = order + (list.equals("fcfs") ? "" : "-" + list);
        ExperimentSpec spec = Experiments.singleMachine(SharedData.trace(trace), nodes, policy);
        PolicyParametersSpec p = new PolicyParametersSpec();
        p.setWeighted(weighted);
        p.setGamma(gamma);
        p.setRecompute(recompute);
        spec.setPolicyParameters(p);
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
            fail(mismatches + " of " + expected.size() + " start times differ:" + first);
        }
        assertEquals(expected.size(), byId.size());
    }
}
