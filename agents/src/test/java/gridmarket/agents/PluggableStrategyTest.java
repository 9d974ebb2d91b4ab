package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A grid strategy found by name like gridmarket's own ({@link RoundRobinStrategy}, registered by this module's test
 * services as a plug-in's would be): it runs on the thesis' CTC extract over m128 with the experiment's policy, each job
 * on the machine it deals it to, with its own settings checked and its own summary fields.
 */
class PluggableStrategyTest {
    private static ExperimentSpec spec(String extra) {
        String yaml = "name: rr\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 12000, shift: true, split: none}\nconfiguration: m128\n"
                + "strategy: round-robin\npolicy: easy\n" + extra;
        return new ExperimentLoader().load("rr.yaml", yaml, Path.of("."));
    }

    @Test
    void aRegisteredStrategyDealsEveryJobToItsMachineAndReportsItself() {
        ExperimentSpec spec = spec("strategyParameters: {offset: 1}\n");
        Workload w = Workloads.load(spec);
        GridMarket model = new GridMarket(spec.getSeed(), spec, w);
        RunResult r = HeadlessRun.run(model);
        assertEquals(w.jobs().size(), r.outcomes().stream().map(o -> o.job().order()).distinct().count(),
                "every job ended");
        List<String> names = model.machines().stream().map(m -> m.name()).toList();
        int completed = 0;
        for (JobOutcome o : r.outcomes()) {
            String dealt = names.get((o.job().order() + 1) % names.size());
            if (o.completed()) {
                completed++;
                assertEquals(dealt, o.machine(), "job " + o.job().id());
            } else {
                assertEquals(RejectionReason.TOO_WIDE, o.rejection().reason(), "only too wide jobs: " + o);
                assertTrue(o.rejection().detail().endsWith("machine " + dealt + " has "
                        + model.machines().get(names.indexOf(dealt)).nodes()), o.rejection().detail());
            }
        }
        assertTrue(completed > w.jobs().size() / 2, completed + " of " + w.jobs().size());
        assertEquals(Map.of("machines", 4, "offset", 1), r.strategyFields());
        assertEquals(4, model.schedulers().size(), "its queues are the model's schedulers, for displays");
    }

    @Test
    void itsSettingsAndItsUseOfThePolicyAreChecked() {
        String bad = assertThrows(ConfigException.class, () -> spec("strategyParameters: {offst: 1}\n"))
                .getMessage();
        assertTrue(bad.contains("strategyParameters") && bad.contains("unknown key 'offst'"), bad);
        // each machine runs the policy on its own queue (PolicyUse.EACH_SITE): a one-machine policy is taken, which
        // one queue over the grid refuses
        assertEquals("smart-ffia-easy", load("round-robin", "smart-ffia-easy").getPolicy());
        String grid = assertThrows(ConfigException.class, () -> load("jobsharing", "smart-ffia-easy")).getMessage();
        assertTrue(grid.contains("schedules one machine"), grid);
    }

    private static ExperimentSpec load(String strategy, String policy) {
        return new ExperimentLoader().load("p.yaml", "name: p\nworkload: {swf: t.swf}\nconfiguration: m128\n"
                + "strategy: " + strategy + "\npolicy: " + policy + "\n", Path.of("."));
    }

    @Test
    void aRegisteredPolicyReadsItsOwnParametersAndOthersAreRefusedWhereTheyStand() {
        ExperimentSpec spec = new ExperimentLoader().load("w.yaml", "name: w\nworkload: {swf: t.swf}\n"
                + "machines: [{name: m1, nodes: 8}]\npolicy: windowed-fcfs\npolicyParameters: {window: 3}\n",
                Path.of("."));
        assertEquals(Map.of("window", 3.0), spec.policyFactory().summary(spec.policySetup()));
        assertTrue(new ExperimentLoader().toYaml(spec).contains("window: 3"), "written back for the run's copy");
        String typo = assertThrows(ConfigException.class, () -> new ExperimentLoader().load("w.yaml",
                "name: w\nworkload: {swf: t.swf}\nmachines: [{name: m1, nodes: 8}]\npolicy: windowed-fcfs\n"
                        + "policyParameters: {windw: 3}\n", Path.of("."))).getMessage();
        assertTrue(typo.contains("w.yaml:5:") && typo.contains("unknown key 'windw'"), typo);
        String other = assertThrows(ConfigException.class, () -> new ExperimentLoader().load("w.yaml",
                "name: w\nworkload: {swf: t.swf}\nmachines: [{name: m1, nodes: 8}]\npolicy: windowed-fcfs\n"
                        + "policyParameters: {gamma: 3}\n", Path.of("."))).getMessage();
        assertTrue(other.contains("unknown key 'gamma' (expected window)"), other);
    }

    @Test
    void aRegisteredUserStrategyDecidesOnReBids() {
        String market = "name: u\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 11500, shift: true}\nconfiguration: m128\nstrategy: market\n"
                + "market: {mf: MF1, uf: UF1, rescheduling: rebid";
        ExperimentSpec thesis = new ExperimentLoader().load("u.yaml", market + "}\n", Path.of("."));
        ExperimentSpec steady = new ExperimentLoader().load("u.yaml", market + ", user: {strategy: steady}}\n",
                Path.of("."));
        Workload w = Workloads.load(thesis);
        RunResult a = HeadlessRun.run(new GridMarket(1, thesis, w));
        RunResult b = HeadlessRun.run(new GridMarket(1, steady, w));
        for (RunResult r : List.of(a, b)) {
            assertEquals(w.jobs().size(), r.outcomes().stream().map(o -> o.job().order()).distinct().count());
        }
        assertTrue(a.trades().values().stream().mapToInt(t -> t.swaps()).sum() > 0, "the thesis' users swap");
        assertEquals(0, b.trades().values().stream().mapToInt(t -> t.swaps()).sum(), "steady users never re-bid");
        String bad = assertThrows(ConfigException.class, () -> new ExperimentLoader().load("u.yaml",
                market + ", user: {strategy: steady, patience: 3}}\n", Path.of("."))).getMessage();
        assertTrue(bad.contains("u.yaml:7:") && bad.contains("unknown key 'patience'"), bad);
    }
}
