package gridmarket.agents;

import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.Setting;
import gridmarket.config.SettingsSchema;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import sim.util.Interval;
import sim.util.SimpleProperties;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GUI's model inspector edits the experiment through the same checks as the loader: a combination the model
 * cannot run is refused, never run as another (conservative for a job-sharing grid used to run FCFS; it now runs
 * conservative job-sharing, and list scheduling, which plans one machine, is the combination refused).
 */
class InspectorChecksTest {
    private static ExperimentSpec spec(String strategy, String policy) {
        return new ExperimentLoader().load("t.yaml", "name: t\nseed: 3\nworkload: {generate: {model: poisson, jobs: "
                + "300, nodes: 16, load: 0.9, meanRunTime: 600}}\nmachines: [{name: a, nodes: 16}, {name: b, nodes: "
                + "8}]\nstrategy: " + strategy + "\npolicy: " + policy + "\n", Path.of("."));
    }

    private static List<Long> starts(GridMarket model) {
        List<Long> s = new ArrayList<>();
        for (JobOutcome o : HeadlessRun.run(model).outcomes()) {
            s.add(o.job().order() * 1_000_000_000L + o.start());
        }
        s.sort(null);
        return s;
    }

    private static int property(SimpleProperties p, String name) {
        for (int i = 0; i < p.numProperties(); i++) {
            if (p.getName(i).equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no property " + name);
    }

    @Test
    void theInspectorsRangesAreTheSchemas() {
        ExperimentSpec spec = spec("market", "easy");
        GridMarket model = new GridMarket(spec.getSeed(), spec, Workloads.load(spec));
        SimpleProperties p = new SimpleProperties(model.inspector());
        Map<String, Setting> shown = Map.of("Hops", SettingsSchema.MARKET_HOPS, "NodeSets",
                SettingsSchema.MARKET_NODE_SETS, "StartTimes", SettingsSchema.MARKET_START_TIMES, "Overhead",
                SettingsSchema.MULTISITE_OVERHEAD);
        for (var e : shown.entrySet()) {
            String name = e.getKey();
            Setting s = e.getValue();
            Interval range = (Interval) p.getDomain(property(p, name));
            assertEquals(s.min(), range.getMin().doubleValue(), name);
            assertEquals(s.max(), range.getMax().doubleValue(), name);
        }
        int hops = spec.getMarket().getHops();
        p.setValue(property(p, "Hops"), String.valueOf((long) SettingsSchema.MARKET_HOPS.max() + 1));
        assertEquals(hops, spec.getMarket().getHops(), "a value beyond the schema's range is ignored");
    }

    @Test
    void listForJobSharingIsRefusedNotRunAsAnother() {
        ExperimentSpec spec = spec("jobsharing", "easy");
        Workload w = Workloads.load(spec);
        GridMarket model = new GridMarket(spec.getSeed(), spec, w);
        SimpleProperties p = new SimpleProperties(model.inspector());
        p.setValue(property(p, "Policy"), String.valueOf(Policy.LIST.ordinal())); // as the inspector does
        assertEquals("easy", spec.getPolicy(), "the inspector shows the policy that will run");
        assertEquals(Policy.EASY.ordinal(), p.getValue(property(p, "Policy")));

        List<Long> ran = starts(model);
        ExperimentSpec easy = spec("jobsharing", "easy");
        ExperimentSpec fcfs = spec("jobsharing", "fcfs");
        assertEquals(starts(new GridMarket(easy.getSeed(), easy, w)), ran, "job by job the EASY schedule");
        assertNotEquals(starts(new GridMarket(fcfs.getSeed(), fcfs, w)), ran, "the FCFS schedule differs here");
    }

    @Test
    void aStrategyThatCannotRunThePolicyIsRefusedToo() {
        ExperimentSpec spec = spec("local", "list");
        GridMarket model = new GridMarket(spec.getSeed(), spec, Workloads.load(spec));
        SimpleProperties p = new SimpleProperties(model.inspector());
        p.setValue(property(p, "Strategy"), "1"); // jobsharing
        assertEquals("local", spec.getStrategy());
        p.setValue(property(p, "Policy"), String.valueOf(Policy.EASY.ordinal()));
        p.setValue(property(p, "Strategy"), "1"); // now it can
        assertEquals("jobsharing", spec.getStrategy());
        assertEquals("easy", spec.getPolicy());
    }

    @Test
    void aFormulaGivingNoNumberIsRefusedByTheInspector() {
        ExperimentSpec spec = spec("market", "easy");
        GridMarket model = new GridMarket(spec.getSeed(), spec, Workloads.load(spec));
        model.inspector().setMf("NumberOfProcessors / left_right");
        assertEquals("MF1", spec.getMarket().getMf());
    }

    @Test
    void theModelRefusesToStartAnExperimentChangedBehindTheChecks() {
        ExperimentSpec spec = spec("jobsharing", "easy");
        GridMarket model = new GridMarket(spec.getSeed(), spec, Workloads.load(spec));
        spec.setPolicy("list"); // a bean setter checks the value alone, not the combination
        ConfigException e = assertThrows(ConfigException.class, model::start);
        assertTrue(e.getMessage().contains("policy 'list'"), e.getMessage());
    }
}
