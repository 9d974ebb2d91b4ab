package gridmarket.config;

import gridmarket.market.MachineFunction;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.policy.Policy;
import gridmarket.sim.policy.PreemptionParameters;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The experiment loader: defaults, paths, the grid's three forms, what it refuses, and its YAML round trip. */
class ExperimentLoaderTest {
    private static final String MINIMAL = "name: t\nworkload: {swf: traces/t.swf}\nmachines: [{name: m1, nodes: 8}]\n";

    private static ExperimentSpec load(String yaml) {
        return new ExperimentLoader().load("e.yaml", yaml, Path.of("/base"));
    }

    private static String refused(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml)).getMessage();
    }

    @Test
    void routingByCapacityIsRefusedWhereItCannotWorkOrHasNoEffect() {
        String market = MINIMAL + "strategy: market\nmarket: {routing: capacity";
        assertEquals("capacity", load(market + "}\n").getMarket().getRouting());
        assertEquals("capacity", load(market + ", uf: 'SubmitTime - StartTime'}\n").getMarket().getRouting());
        assertTrue(refused(market + ", latency: 1}\n").contains("market.routing: capacity asks domains one after "
                + "another, which takes no time only without latency; got latency 1"));
        assertTrue(refused(market + ", coAllocation: always}\n").contains("market.routing: capacity has no effect "
                + "when market.coAllocation is 'always'"));
        for (String uf : new String[] {"UF2", "UF3", "UF4", "UF5", "StartTime"}) {
            assertTrue(refused(market + ", uf: " + uf + "}\n").contains("market.routing: capacity has no effect with "
                    + "market.uf '" + uf + "'"), uf);
        }
        assertEquals(null, load(MINIMAL + "strategy: market\nmarket: {uf: UF3}\n").getMarket().getRouting(),
                "routing all is the default and is not written back");
    }

    @Test
    void defaultsAndResolvedPaths() {
        ExperimentSpec s = load(MINIMAL);
        assertEquals("t", s.getName());
        assertEquals(1, s.getSeed());
        assertEquals("local", s.strategyFactory().name());
        assertEquals("easy", s.policyFactory().name());
        assertEquals(Path.of("/base/traces/t.swf").toString(), s.getWorkload().getSwf(), "relative to the file");
        assertEquals("fail", s.getWorkload().getOnBadLine());
        assertEquals(1, s.resolvedSites().size());
        assertEquals("s1", s.resolvedSites().get(0).getName(), "one site per machine, named s1..sN");
    }

    @Test
    void theGridInEachOfItsThreeForms() {
        assertEquals(4, load("name: t\nworkload: {swf: t.swf}\nconfiguration: m128\n").resolvedSites().size());
        // Table 5.1: m64 is 4 x 64 + 6 x 32 + 8 x 8 nodes, 18 machines of 512 nodes in all
        var m64 = Configurations.sites("m64");
        assertEquals(18, m64.size());
        assertEquals(512, m64.stream().mapToInt(site -> site.getMachines().get(0).getNodes()).sum());
        ExperimentSpec sites = load("name: t\nworkload: {swf: t.swf}\nsites: [{name: a, machines: [{name: x, "
                + "nodes: 4}, {name: y, nodes: 4}]}, {name: b, machines: [{name: z, nodes: 8}]}]\n");
        assertEquals(2, sites.resolvedSites().size());
        assertEquals(2, sites.resolvedSites().get(0).getMachines().size());
        assertEquals(3, load(MINIMAL.replace("machines: [{name: m1, nodes: 8}]", "machines: [{name: a, nodes: 1}, "
                + "{name: b, nodes: 2}, {name: c, nodes: 3}]")).resolvedSites().size());
    }

    @Test
    void writtenYamlLoadsBackToTheSameExperiment() {
        ExperimentLoader loader = new ExperimentLoader();
        for (String yaml : new String[] {MINIMAL,
            "name: g\nseed: 7\nworkload: {generate: {model: poisson, jobs: 10, nodes: 8, load: 0.5, meanRunTime: 60}}"
                + "\nconfiguration: m64\nstrategy: multisite\nmultisite: {overhead: 0.3}\n",
            "name: m\nworkload: {swf: t.swf}\nconfiguration: m128\nstrategy: market\nmarket: {mf: MF2, uf: UF3, "
                + "hops: 2, peers: {s1: []}}\n"}) {
            String written = loader.toYaml(load(yaml));
            ExperimentSpec again = loader.load("again.yaml", written, Path.of("/elsewhere"));
            assertEquals(written, loader.toYaml(again), "a fixed point: " + written);
        }
        String local = loader.toYaml(load(MINIMAL));
        assertTrue(!local.contains("market") && !local.contains("multisite"), "only the strategy's blocks: " + local);
    }

    @Test
    void preemptionParametersOverrideThePresetAndLoadBack() {
        ExperimentLoader loader = new ExperimentLoader();
        ExperimentSpec spec = load(MINIMAL + "policy: pfcfs2\npolicyParameters: {x: 45, n: unlimited, penalty: 2}\n");
        PreemptionParameters p = spec.getPolicyParameters().toPreemptionParameters(Policy.PFCFS2.preset());
        assertEquals(new PreemptionParameters(45, PreemptionParameters.UNLIMITED, 60, 60, 2), p, "pfcfs2's delay, gang");
        String written = loader.toYaml(spec);
        assertTrue(!written.contains("gamma") && written.contains("penalty: 2"), "only PFCFS's keys: " + written);
        ExperimentSpec again = loader.load("again.yaml", written, Path.of("/elsewhere"));
        assertEquals(p, again.getPolicyParameters().toPreemptionParameters(Policy.PFCFS2.preset()));
        assertEquals(PreemptionParameters.PFCFS3, load(MINIMAL + "policy: pfcfs3\n").getPolicyParameters()
                .toPreemptionParameters(Policy.PFCFS3.preset()));
        assertTrue(!loader.toYaml(load(MINIMAL + "policy: psrs\npolicyParameters: {gamma: 3}\n")).contains("delay"));
    }

    @Test
    void refusesWhatTheModelCannotRun() {
        assertTrue(refused(MINIMAL.replace("machines: [{name: m1, nodes: 8}]", "configuration: m128")
                + "strategy: multisite\npolicy: conservative\n").contains("policy 'conservative'"));
        assertTrue(refused(MINIMAL + "market: {mf: MF2}\n").contains("market: settings for strategy market"));
        assertTrue(refused(MINIMAL + "strategy: market\nmarket: {peers: {s1: [s7]}}\n").contains("'s7'"));
        assertTrue(refused(MINIMAL + "seed: 2\nseed: 3\n").startsWith("e.yaml:5:"), "duplicate keys");
        assertTrue(refused(MINIMAL.replace("nodes: 8", "nodes: 1048577")).contains("at most 1048576"));
        assertTrue(refused("").contains("empty"));
        assertTrue(refused("name: t\nworkload: {swf: t.swf}\n").contains("exactly one way"));
    }

    @Test
    void everyPredefinedFunctionPassesTheProbeAndABadFormulaDoesNot() {
        MachineFunction.PREDEFINED.keySet().forEach(mf -> ExperimentChecks.probe("market.mf", mf));
        UtilityFunction.PREDEFINED.keySet().forEach(uf -> ExperimentChecks.probe("market.uf", uf));
        ExperimentChecks.probe("market.mf", "NumberOfProcessors * RunTime / utilization");
        String m = assertThrows(ConfigException.class,
                () -> ExperimentChecks.probe("market.mf", "RunTime / abs(left_right - 1)")).getMessage();
        assertTrue(m.contains("market.mf") && m.contains("left_right = 1"), m);
        m = assertThrows(ConfigException.class,
                () -> ExperimentChecks.probe("market.mf", "NumberOfProcessors * RunTime * (1 - left_right_ratio)"))
                .getMessage();
        assertTrue(m.contains("a price must be >= 0") && m.contains("left_right_ratio = 1000"), m);
        m = assertThrows(ConfigException.class, () -> ExperimentChecks.probe("market.uf", "1 / (StartTime - SubmitTime)"))
                .getMessage();
        assertTrue(m.contains("StartTime = 0") && m.contains("SubmitTime = 0"), m);
    }

    @Test
    void readsAFileAndNamesItInErrors(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path e = dir.resolve("exp.json");
        Files.writeString(e, "{\"name\": \"t\", \"workload\": {\"swf\": \"t.swf\"},\n \"machines\": [{\"name\": \"m\","
                + " \"nodes\": 4}], \"policy\": \"fifo\"}");
        String m = assertThrows(ConfigException.class, () -> new ExperimentLoader().load(e)).getMessage();
        assertTrue(m.startsWith(e + ":2:") && m.contains("'fifo'"), m);
        assertTrue(new ExperimentLoader().load(dir.resolve("nope.yaml").toString(), MINIMAL, dir).getWorkload()
                .getSwf().startsWith(dir.toString()));
        assertNull(load(MINIMAL).getConfiguration());
    }
}
