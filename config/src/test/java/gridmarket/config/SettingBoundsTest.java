package gridmarket.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The documented range of each bounded setting of a grid experiment (workload generator and shape, machines, the
 * market, multi-site scheduling, the policies' parameters): a value at each end loads and is what the experiment
 * holds; a value just beyond is refused at its line, naming the setting.
 */
class SettingBoundsTest {
    private static final String MACHINES = "machines: [{name: m1, nodes: 8}, {name: m2, nodes: 8}]\n";
    private static final String TRACE = "name: t\nworkload: {swf: t.swf}\n";
    private static final String GENERATE = "name: t\nworkload: {generate: {model: poisson, %s}}\n" + MACHINES;

    /**
     * A bounded setting.
     *
     * @param key     the setting, as messages name it
     * @param yaml    an experiment with {@code %s} where the value goes
     * @param ends    values that load, each read back by {@code read}
     * @param beyond  values refused
     * @param read    the value as the experiment holds it
     */
    record Bound(String key, String yaml, List<String> ends, List<String> beyond,
                 Function<ExperimentSpec, Object> read) {
        @Override
        public String toString() {
            return key;
        }
    }

    private static String generate(String key) {
        String base = "jobs: 100, nodes: 8, load: 0.5, meanRunTime: 100";
        return GENERATE.formatted(base.contains(key + ":") ? base.replaceFirst(key + ": [^,]*", key + ": %s")
                : base + ", " + key + ": %s");
    }

    private static String market(String settings) {
        return TRACE + MACHINES + "strategy: market\nmarket: {" + settings + "}\n";
    }

    private static String policy(String policy, String key) {
        return TRACE + MACHINES + "policy: " + policy + "\npolicyParameters: {" + key + ": %s}\n";
    }

    static List<Bound> bounds() {
        return List.of(
                new Bound("jobs", generate("jobs"), List.of("1", "5000000"), List.of("0", "5000001"),
                        s -> s.getWorkload().getGenerate().getJobs()),
                new Bound("nodes", generate("nodes"), List.of("1", "1048576"), List.of("0", "1048577"),
                        s -> s.getWorkload().getGenerate().getNodes()),
                new Bound("load", generate("load"), List.of("1.0e-6", "1.0e6"), List.of("9.9e-7", "1.01e6", ".nan"),
                        s -> s.getWorkload().getGenerate().getLoad()),
                new Bound("meanRunTime", generate("meanRunTime"), List.of("1", "1000000000"),
                        List.of("0", "1000000001"), s -> s.getWorkload().getGenerate().getMeanRunTime()),
                new Bound("overEstimate", generate("overEstimate"), List.of("1", "1000"),
                        List.of("0.999", "1000.5", ".nan"), s -> s.getWorkload().getGenerate().getOverEstimate()),
                new Bound("seed", generate("seed"), List.of("7"), List.of("seven"),
                        s -> s.getWorkload().getGenerate().getSeed()),
                new Bound("machines[0].nodes", TRACE + "machines: [{name: m1, nodes: %s}]\n",
                        List.of("1", "1048576"), List.of("0", "1048577"), s -> s.getMachines().get(0).getNodes()),
                new Bound("speed", TRACE + "machines: [{name: m1, nodes: 8, speed: %s}]\n",
                        List.of("0.001", "1000"), List.of("0.00099", "1000.5"),
                        s -> s.getMachines().get(0).getSpeed()),
                new Bound("memory", TRACE + "machines: [{name: m1, nodes: 8, memory: %s}]\n", List.of("1", "4096"),
                        List.of("0", "-5"), s -> s.getMachines().get(0).getMemory()),
                new Bound("from", TRACE.replace("}", ", shape: {from: %s}}") + MACHINES, List.of("0", "12"),
                        List.of("-1"), s -> s.getWorkload().getShape().getFrom()),
                new Bound("to", TRACE.replace("}", ", shape: {to: %s}}") + MACHINES, List.of("1", "12"),
                        List.of("-1"), s -> s.getWorkload().getShape().getTo()),
                new Bound("maxNodes", TRACE.replace("}", ", shape: {maxNodes: %s}}") + MACHINES, List.of("1", "64"),
                        List.of("0", "-1"), s -> s.getWorkload().getShape().getMaxNodes()),
                new Bound("hops", market("hops: %s"), List.of("0", "1000"), List.of("-1", "1001"),
                        s -> s.getMarket().getHops()),
                new Bound("latency", market("latency: %s"), List.of("0", "1000000000000"),
                        List.of("-1", "1000000000001"), s -> s.getMarket().getLatency()),
                new Bound("searchTime", market("searchTime: %s"), List.of("0", "1000000000000"),
                        List.of("-1", "1000000000001"), s -> s.getMarket().getSearchTime()),
                new Bound("jobBudget", market("jobBudget: %s"), List.of("0", "5.0e7"), List.of("-0.5", ".nan"),
                        s -> s.getMarket().getJobBudget()),
                new Bound("offerBudget", market("offerBudget: %s"), List.of("0", "12.5"), List.of("-0.5", ".nan"),
                        s -> s.getMarket().getOfferBudget()),
                new Bound("reservationBudget", market("reservationBudget: %s"), List.of("0", "12.5"),
                        List.of("-0.5"), s -> s.getMarket().getReservationBudget()),
                new Bound("offerCost", market("offerCost: %s"), List.of("0", "2.5"), List.of("-0.5", ".nan"),
                        s -> s.getMarket().getOfferCost()),
                new Bound("reservationCost", market("reservationCost: %s"), List.of("0", "2.5"), List.of("-0.5"),
                        s -> s.getMarket().getReservationCost()),
                new Bound("overhead", market("coAllocation: needed, overhead: %s"), List.of("0", "10"),
                        List.of("-0.01", "10.5", ".nan"), s -> s.getMarket().getOverhead()),
                new Bound("minMultiSite", market("coAllocation: needed, minMultiSite: %s"), List.of("1", "4"),
                        List.of("0"), s -> s.getMarket().getMinMultiSite()),
                new Bound("maxMultiSite", market("coAllocation: needed, maxMultiSite: %s"), List.of("0", "2"),
                        List.of("-1"), s -> s.getMarket().getMaxMultiSite()),
                new Bound("multisite.overhead", TRACE + MACHINES + "strategy: multisite\nmultisite: {overhead: %s}\n",
                        List.of("0", "10"), List.of("-0.01", "10.5", ".nan"), s -> s.getMultisite().getOverhead()),
                new Bound("minPartSize", TRACE + MACHINES + "strategy: multisite\nmultisite: {minPartSize: %s}\n",
                        List.of("1", "4"), List.of("0"), s -> s.getMultisite().getMinPartSize()),
                new Bound("maxParts", TRACE + MACHINES + "strategy: multisite\nmultisite: {maxParts: %s}\n",
                        List.of("0", "2"), List.of("1", "-1"), s -> s.getMultisite().getMaxParts()),
                new Bound("gamma", policy("psrs", "gamma"), List.of("1.001", "1.0e9"), List.of("1", ".inf", ".nan"),
                        s -> s.getPolicyParameters().getGamma()),
                new Bound("recompute", policy("smart-ffia", "recompute"), List.of("0.001", "1"),
                        List.of("0", "1.01", ".nan"), s -> s.getPolicyParameters().getRecompute()),
                new Bound("x", policy("pfcfs", "x"), List.of("0.001", "99.9"), List.of("0", "100", ".nan"),
                        s -> s.getPolicyParameters().getX()),
                new Bound("delay", policy("pfcfs", "delay"), List.of("0", "3600"), List.of("-1"),
                        s -> s.getPolicyParameters().getDelay()),
                new Bound("delta", policy("pfcfs", "delta"), List.of("1", "60"), List.of("0"),
                        s -> s.getPolicyParameters().getDelta()),
                new Bound("penalty", policy("pfcfs", "penalty"), List.of("0", "120"), List.of("-1"),
                        s -> s.getPolicyParameters().getPenalty()),
                new Bound("idle", policy("pfcfs", "idle"), List.of("0", "99.9"), List.of("-0.1", "100", ".nan"),
                        s -> s.getPolicyParameters().getIdle()));
    }

    private static ExperimentSpec load(String yaml) {
        return new ExperimentLoader().load("e.yaml", yaml, Path.of("/base"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bounds")
    void eachEndLoadsAndBeyondIsRefused(Bound b) {
        for (String v : b.ends()) {
            Object held = b.read().apply(load(b.yaml().formatted(v)));
            assertEquals(Double.parseDouble(v), ((Number) held).doubleValue(), 0, b.key() + ": " + v);
        }
        for (String v : b.beyond()) {
            String m = assertThrows(ConfigException.class, () -> load(b.yaml().formatted(v)), b.key() + ": " + v)
                    .getMessage();
            assertTrue(m.startsWith("e.yaml:"), m);
            String last = b.key().substring(b.key().lastIndexOf('.') + 1).replaceAll("\\[.*", "");
            assertTrue(m.contains(last), m);
            assertFalse(m.contains("\n"), m);
        }
    }

    @Test
    void theSplitIsAPartSizeOrAKeyword() {
        String yaml = TRACE.replace("}", ", shape: {split: %s}}") + MACHINES;
        for (String v : List.of("local", "largest", "none", "1", "64", "9999999")) {
            assertEquals(v, load(yaml.formatted(v)).getWorkload().getShape().getSplit());
        }
        assertEquals("largest", load(yaml.formatted("' LARGEST '")).getWorkload().getShape().getSplit());
        for (String v : List.of("0", "10000000", "sixty", "''", "-64")) {
            String m = assertThrows(ConfigException.class, () -> load(yaml.formatted(v)), v).getMessage();
            assertTrue(m.contains("split"), m);
        }
        assertTrue(load(TRACE + MACHINES).getWorkload().getShape() == null
                || load(TRACE + MACHINES).getWorkload().getShape().isShift());
        assertFalse(load(TRACE.replace("}", ", shape: {shift: false}}") + MACHINES).getWorkload().getShape()
                .isShift());
        assertTrue(load(TRACE.replace("}", ", shape: {from: 3}}") + MACHINES).getWorkload().getShape().isShift(),
                "shift by default");
    }

    @Test
    void preemptionCountsAreWholeNumbersOrUnlimited() {
        String yaml = policy("pfcfs", "n");
        assertEquals("1", load(yaml.formatted("1")).getPolicyParameters().getN());
        assertEquals("unlimited", load(yaml.formatted("unlimited")).getPolicyParameters().getN());
        for (String v : List.of("0", "-1", "many", "1.5")) {
            String m = assertThrows(ConfigException.class, () -> load(yaml.formatted(v)), v).getMessage();
            assertTrue(m.contains("n must be a whole number"), m);
        }
    }

    @Test
    void estimatesAndKillsAreTheWorkloadsOwn() {
        WorkloadSpec w = load(TRACE.replace("}", ", exactEstimates: true, killAtEstimate: true}") + MACHINES)
                .getWorkload();
        assertTrue(w.isExactEstimates());
        assertTrue(w.isKillAtEstimate());
        w = load(TRACE + MACHINES).getWorkload();
        assertFalse(w.isExactEstimates());
        assertFalse(w.isKillAtEstimate());
        assertTrue(load(TRACE + MACHINES + "policy: psrs\npolicyParameters: {weighted: true}\n").getPolicyParameters()
                .isWeighted());
        assertFalse(load(TRACE + MACHINES + "policy: psrs\n").getPolicyParameters().isWeighted());
    }
}
