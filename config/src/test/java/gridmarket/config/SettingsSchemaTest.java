package gridmarket.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The schema of settings: the docs' key table is its table, and the setters refuse exactly outside its ranges. */
class SettingsSchemaTest {
    private static final Path DOCS = Path.of("..", "docs", "EXPERIMENTS.md");
    private static final String BEGIN = "<!-- keys: begin -->\n";
    private static final String END = "<!-- keys: end -->";

    @Test
    void theDocsKeyTableIsTheSchemasTable() throws IOException {
        String docs = Files.readString(DOCS);
        int from = docs.indexOf(BEGIN);
        int to = docs.indexOf(END);
        assertTrue(from >= 0 && to > from, "docs/EXPERIMENTS.md marks the key table with " + BEGIN.strip() + " and "
                + END);
        String expected = SettingsSchema.markdownTable();
        String actual = docs.substring(from + BEGIN.length(), to);
        if (!expected.equals(actual)) {
            Files.writeString(Path.of("target", "keys-table.md"), expected);
        }
        assertEquals(expected, actual, "docs/EXPERIMENTS.md's key table differs from SettingsSchema.markdownTable() "
                + "(written to config/target/keys-table.md)");
    }

    @Test
    void everyKeyIsOnceInTheSchemaAndEveryDependencyNamesAKeyOfIt() {
        Set<String> keys = new HashSet<>();
        for (Setting s : SettingsSchema.ALL) {
            assertTrue(keys.add(s.key()), "twice: " + s.key());
        }
        for (Setting s : SettingsSchema.ALL) {
            if (s.onlyWhen() != null) {
                assertTrue(keys.contains(s.onlyWhen().key()), s.key() + " depends on " + s.onlyWhen().key());
                Setting on = SettingsSchema.of(s.onlyWhen().key()).orElseThrow();
                assertEquals(Setting.Kind.CHOICE, on.kind(), s.key() + " depends on a choice");
                assertTrue(on.choices().contains(s.onlyWhen().fallback()), s.key() + ": the default "
                        + s.onlyWhen().fallback() + " is one of " + on.choices());
                assertTrue(on.choices().containsAll(s.onlyWhen().values()), s.key() + ": " + s.onlyWhen().values());
            }
        }
    }

    @Test
    void rangesAreInclusiveOrOpenAsWritten() {
        Setting share = SettingsSchema.of("populations[].share").orElseThrow();
        assertFalse(share.allows(0));
        assertTrue(share.allows(1e-9));
        assertTrue(share.allows(1));
        assertFalse(share.allows(1.000001));
        assertEquals("]0, 1]", share.range());
        assertEquals("[0, 1e12]", SettingsSchema.MARKET_LATENCY.range());
        assertEquals("[1e-6, 1e6]", SettingsSchema.GENERATE_LOAD.range());
        assertEquals("[0.001, 1000]", SettingsSchema.MACHINE_SPEED.range());
        assertEquals("[1, 1048576]", SettingsSchema.MACHINE_NODES.range());
        assertFalse(SettingsSchema.MARKET_HOPS.allows(Double.NaN), "NaN is in no range");
    }

    /** Each setter refuses the first value beyond each bound of its setting and takes the bound itself. */
    @Test
    void settersReadTheirBoundsFromTheSchema() {
        MarketSpec m = new MarketSpec();
        m.setHops((int) SettingsSchema.MARKET_HOPS.max());
        assertThrows(IllegalArgumentException.class, () -> m.setHops((int) SettingsSchema.MARKET_HOPS.max() + 1));
        m.setLatency((long) SettingsSchema.MARKET_LATENCY.max());
        assertThrows(IllegalArgumentException.class, () -> m.setLatency(SettingsSchema.MAX_SECONDS + 1));
        m.setNodeSets(SettingsSchema.MAX_COUNT);
        assertThrows(IllegalArgumentException.class, () -> m.setNodeSets(SettingsSchema.MAX_COUNT + 1));
        m.setOverhead(SettingsSchema.MAX_OVERHEAD);
        assertThrows(IllegalArgumentException.class, () -> m.setOverhead(Math.nextUp(SettingsSchema.MAX_OVERHEAD)));
        MachineSpec machine = new MachineSpec("m", 1);
        machine.setSpeed(SettingsSchema.MIN_SPEED);
        assertThrows(IllegalArgumentException.class, () -> machine.setSpeed(Math.nextDown(SettingsSchema.MIN_SPEED)));
        machine.setNodes(SettingsSchema.MAX_NODES);
        assertThrows(IllegalArgumentException.class, () -> machine.setNodes(SettingsSchema.MAX_NODES + 1));
        GeneratorSpec g = new GeneratorSpec();
        g.setLoad(SettingsSchema.MIN_LOAD);
        assertThrows(IllegalArgumentException.class, () -> g.setLoad(Math.nextDown(SettingsSchema.MIN_LOAD)));
        g.setOverEstimate(SettingsSchema.MAX_OVER_ESTIMATE);
        assertThrows(IllegalArgumentException.class, () -> g.setOverEstimate(SettingsSchema.MAX_OVER_ESTIMATE + 1));
        g.setJobs(SettingsSchema.MAX_JOBS);
        assertThrows(IllegalArgumentException.class, () -> g.setJobs(SettingsSchema.MAX_JOBS + 1));
        ExperimentSpec e = new ExperimentSpec();
        e.setWaitLimit(SettingsSchema.MAX_SECONDS);
        assertThrows(IllegalArgumentException.class, () -> e.setWaitLimit(SettingsSchema.MAX_SECONDS + 1));
    }
}
