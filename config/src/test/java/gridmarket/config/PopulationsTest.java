package gridmarket.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * User populations with request templates: read relative to the experiment, every template checked against every
 * machine before a run, and what is refused named in one line.
 */
class PopulationsTest {
    private static final String TEMPLATE = "REQUEST \"%s\" {\n"
            + "  KEY \"Utility\" {\n"
            + "    ELEMENT 1 {CONDITION {(ISDEF OperatingSystem) && (OperatingSystem EQ \"Linux\")}\n"
            + "      VALUE \"UtilityValue\" {-StartTime}}\n"
            + "    ELEMENT 2 {CONDITION {%s} VALUE \"UtilityValue\" {-JobCost}}\n"
            + "  }\n}\n";
    private static final String GRID = "name: t\nworkload: {swf: t.swf}\nstrategy: market\nmachines:\n"
            + "  - {name: fast, nodes: 64, operatingSystem: Linux, memory: 8192}\n"
            + "  - {name: plain, nodes: 32}\n";

    @TempDir
    Path dir;

    private ExperimentSpec load(String populations) throws IOException {
        Path e = dir.resolve("e.yaml");
        Files.writeString(e, GRID + populations);
        return new ExperimentLoader().load(e);
    }

    private String refused(String populations) {
        return assertThrows(ConfigException.class, () -> load(populations)).getMessage();
    }

    @Test
    void populationsAreReadWithTheirTemplates() throws IOException {
        Files.writeString(dir.resolve("cheap.req"), TEMPLATE.formatted("cheap", "(NumberOfProcessors >= 1)"));
        Files.createDirectories(dir.resolve("t"));
        Files.writeString(dir.resolve("t/fast.req"), TEMPLATE.formatted("fast",
                "(ISDEF Memory) && (Memory > 1)"));
        ExperimentSpec s = load("populations:\n  - {name: cheap, share: 0.5, request: cheap.req}\n"
                + "  - {name: fast, users: [3, 7], request: t/fast.req}\n");
        assertEquals(2, s.getPopulations().size());
        assertEquals(dir.resolve("t/fast.req").toString(), s.getPopulations().get(1).getRequest(),
                "relative to the experiment file");
        String yaml = new ExperimentLoader().toYaml(s);
        assertTrue(yaml.contains("populations:"), yaml);
        assertFalse(new ExperimentLoader().toYaml(load("")).contains("populations"),
                "an experiment without populations is written as before");
    }

    @Test
    void anUnknownAttributeInATemplateStopsTheExperiment() throws IOException {
        // the plain machine has no Memory: element 2 reads it without ISDEF
        Files.writeString(dir.resolve("bad.req"), TEMPLATE.formatted("bad", "(Memory > 1)"));
        String m = refused("populations: [{name: p, share: 1, request: bad.req}]\n");
        assertEquals(dir.resolve("e.yaml") + ": populations[0] (p): " + dir.resolve("bad.req")
                + ":5:28: unknown attribute 'Memory' (test it with (ISDEF Memory) first)", m);
    }

    @Test
    void aTemplateMaySetBothMinMultiSiteAndMaxMultiSite() throws IOException {
        // The guard against misspelt settings took each for a near miss of the other (two letters apart).
        String both = TEMPLATE.formatted("both", "(NumberOfProcessors >= 1)").replace("  KEY \"Utility\"",
                "  KEY \"MinMulti-Site\" {VALUE \"MinMulti-Site\" {8}}\n"
                        + "  KEY \"MaxMulti-Site\" {VALUE \"MaxMulti-Site\" {2}}\n  KEY \"Utility\"");
        Files.writeString(dir.resolve("both.req"), both);
        assertEquals(1, load("populations: [{name: p, share: 1, request: both.req}]\n").getPopulations().size());
        assertEquals("MaxMulti-Site", ExperimentChecks.misspeltSetting("MaxMulti-Sit"), "a near miss still is one");
    }

    @Test
    void whatIsRefused() throws IOException {
        Files.writeString(dir.resolve("ok.req"), TEMPLATE.formatted("ok", "(NumberOfProcessors >= 1)"));
        Files.writeString(dir.resolve("broken.req"), "REQUEST \"b\" {\n  KEY \"Utility\" {\n}\n");
        Files.writeString(dir.resolve("plain.req"), "REQUEST \"p\" {KEY \"Hops\" {VALUE \"Hops\" {2}}}\n");
        assertTrue(refused("populations: [{name: p, share: 1, request: broken.req}]\n")
                .contains("broken.req:3:1: mismatched input '}'"));
        assertTrue(refused("populations: [{name: p, share: 1, request: plain.req}]\n")
                .contains("no KEY \"Utility\""));
        assertTrue(refused("populations: [{name: p, share: 1, request: nope.req}]\n")
                .contains("nope.req: no such file"));
        assertTrue(refused("populations: [{name: p, share: 0.7, request: ok.req}, "
                + "{name: q, share: 0.4, request: ok.req}]\n").contains("add up to 1.1"));
        assertTrue(refused("populations: [{name: p, users: [1, 2], request: ok.req}, "
                + "{name: q, users: [2], request: ok.req}]\n").contains("user 2 is in two populations"));
        assertTrue(refused("populations: [{name: p, users: [1], share: 0.5, request: ok.req}]\n")
                .contains("exactly one of 'users' and 'share'"));
        assertTrue(refused("populations: [{name: p, share: 0, request: ok.req}]\n").contains("share"));
        assertTrue(refused("populations: [{name: p, share: 1}]\n").contains("'request'"));
    }

    @Test
    void usersAreDealtOutByNameThenByShareInIdOrder() {
        PopulationSpec named = population("named");
        named.setUsers(List.of(5, 9));
        PopulationSpec half = population("half");
        half.setShare(0.5);
        PopulationSpec fifth = population("fifth");
        fifth.setShare(0.2);
        // ten distinct users 1..10, each with several jobs; 5 and 9 are named
        List<Integer> jobsUsers = List.of(3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 1, 1, 3, 10);
        Populations p = Populations.assign(List.of(named, half, fifth), jobsUsers);
        // half takes round(0.5 * 10) = 5 of 1, 2, 3, 4, 6, 7, 8, 10: 1, 2, 3, 4, 6; fifth the next 2: 7, 8
        for (int u : new int[] {5, 9}) {
            assertEquals("named", p.of(u).orElseThrow().getName());
        }
        for (int u : new int[] {1, 2, 3, 4, 6}) {
            assertEquals("half", p.of(u).orElseThrow().getName(), "user " + u);
        }
        for (int u : new int[] {7, 8}) {
            assertEquals("fifth", p.of(u).orElseThrow().getName(), "user " + u);
        }
        assertTrue(p.of(10).isEmpty(), "left over: the market's uf");
        assertTrue(p.of(99).isEmpty(), "not in the workload");
    }

    private static PopulationSpec population(String name) {
        PopulationSpec p = new PopulationSpec();
        p.setName(name);
        p.setRequest(name + ".req");
        return p;
    }
}
