package gridmarket.config;

import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.LanguageException;
import gridmarket.market.language.RequestTemplate;
import gridmarket.market.language.DescriptionPrinter;
import gridmarket.market.language.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Machines with attributes (SPEC M2) in an experiment: read, checked, written back, and seen by a request template's
 * conditions; a machine without them is written exactly as before.
 */
class MachineAttributesTest {
    private static final String MIXED = "name: t\nworkload: {swf: t.swf}\nstrategy: jobsharing\nmachines:\n"
            + "  - {name: fast, nodes: 64, operatingSystem: Linux, memory: 8192, speed: 2, offerCost: 0.5, "
            + "reservationCost: 2.5, objective: MF2}\n"
            + "  - {name: big, nodes: 128, operatingSystem: AIX, memory: 8192}\n"
            + "  - {name: plain, nodes: 32}\n";

    private static ExperimentSpec load(String yaml) {
        return new ExperimentLoader().load("e.yaml", yaml, Path.of("/base"));
    }

    private static String refused(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml)).getMessage();
    }

    @Test
    void aConfigurationMixesMachineKinds() {
        ExperimentSpec s = load(MIXED);
        MachineSpec fast = s.getMachines().get(0);
        assertEquals("Linux", fast.getOperatingSystem());
        assertEquals(8192L, fast.getMemory());
        assertEquals(2.0, fast.getSpeed());
        assertEquals(0.5, fast.getOfferCost());
        assertEquals(2.5, fast.getReservationCost());
        assertEquals("MF2", fast.getObjective());
        MachineSpec plain = s.getMachines().get(2);
        assertEquals(null, plain.getOperatingSystem());
        assertFalse(plain.attributes().isDefined("Memory"), "an attribute not given is undefined, not zero");
    }

    @Test
    void writtenBackOnlyWhereGiven() {
        ExperimentLoader loader = new ExperimentLoader();
        String written = loader.toYaml(load(MIXED));
        assertTrue(written.contains("operatingSystem: \"Linux\"") || written.contains("operatingSystem: Linux"),
                written);
        assertEquals(written, loader.toYaml(loader.load("e.yaml", written, Path.of("/base"))), "a fixed point");
        String plain = loader.toYaml(load("name: t\nworkload: {swf: t.swf}\nmachines: [{name: m1, nodes: 8}]\n"));
        for (String key : new String[] {"operatingSystem", "memory", "speed", "offerCost", "reservationCost",
            "objective"}) {
            assertFalse(plain.contains(key), "a machine without attributes is written as before: " + plain);
        }
    }

    @Test
    void badAttributesNameTheLine() {
        String base = "name: t\nworkload: {swf: t.swf}\nmachines: [{name: m1, nodes: 8, ";
        assertTrue(refused(base + "speed: 0}]\n").matches("e\\.yaml:3:\\d+: .*speed.*0.*"),
                refused(base + "speed: 0}]\n"));
        String memory = refused(base + "memory: -1}]\n");
        assertTrue(memory.contains("memory"), memory);
        String offerCost = refused(base + "offerCost: -0.5}]\n");
        assertTrue(refused(base + "reservationCost: -1}]\n").contains("reservationCost"));
        assertTrue(offerCost.contains("offerCost"), offerCost);
        String reservationCost = refused(base + "reservationCost: .inf}]\n");
        assertTrue(reservationCost.startsWith("e.yaml:3:") && reservationCost.contains("'.inf'"), reservationCost);
        String operatingSystem = refused(base + "operatingSystem: ''}]\n");
        assertTrue(operatingSystem.contains("operatingSystem"), operatingSystem);
        assertTrue(refused(base + "disk: 5}]\n").contains("'disk'"));
        String objective = refused(base + "objective: 'JobCost / (left_right - 1)'}]\n");
        assertTrue(objective.contains("machine m1: objective"), objective);
    }

    @Test
    void aRequestTemplateChoosesPerMachineByItsAttributes() throws LanguageException {
        ExperimentSpec s = load(MIXED);
        RequestTemplate t = RequestTemplate.of(new DescriptionParser().parse("t.req", "REQUEST \"t\" {\n"
                + "  KEY \"Utility\" {\n"
                + "    ELEMENT 1 {CONDITION {(ISDEF OperatingSystem) && (OperatingSystem EQ \"Linux\")\n"
                + "        && (NumberOfProcessors <= Nodes / 2)}\n"
                + "      VALUE \"UtilityValue\" {-StartTime}}\n"
                + "    ELEMENT 2 {CONDITION {(ISDEF Memory) && (Memory >= 360 * NumberOfProcessors)}\n"
                + "      VALUE \"RunTime\" {RunTime * 1.5}}\n"
                + "  }\n}\n").objects().get(0));
        Map<String, Object> job = Map.of("NumberOfProcessors", 16, "RunTime", 1000, "StartTime", 0);
        // fast: Linux and 16 <= 32, element 1, 1000 s / speed 2
        var fast = t.elementFor(job, s.getMachines().get(0).attributes()).orElseThrow();
        assertEquals(1, fast.number());
        assertEquals(500, fast.runTime(), 0);
        // big: AIX, 8192 >= 5760, element 2, 1000 s * 1.5
        var big = t.elementFor(job, s.getMachines().get(1).attributes()).orElseThrow();
        assertEquals(2, big.number());
        assertEquals(1500, big.runTime(), 0);
        // plain: neither (ISDEF keeps the undefined OperatingSystem from being read)
        assertTrue(t.elementFor(job, s.getMachines().get(2).attributes()).isEmpty());
    }

    @Test
    void aMachineIsReadFromItsMaschineFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("fast.mach"), "MASCHINE \"fast\" {\n"
                + "  KEY \"NumberOfProcessors\" {VALUE \"NumberOfProcessors\" {2 * 32}}\n"
                + "  KEY \"Memory\" {VALUE \"Memory\" {8192}}\n"
                + "  KEY \"OperatingSystem\" {VALUE \"OperatingSystem\" {\"Linux\"}}\n"
                + "  KEY \"Costs\" {VALUE \"OfferCost\" {0.5} VALUE \"ReservationCost\" {2.5}}\n"
                + "  KEY \"Speed\" {VALUE \"Speed\" {2}}\n"
                + "  KEY \"Objective\" {VALUE \"Objective\" {\"MF2\"}}\n}\n");
        ExperimentSpec s = new ExperimentLoader().load("e.yaml", "name: t\nworkload: {swf: t.swf}\n"
                + "machines: [{name: fast, description: fast.mach}, {name: plain, nodes: 8}]\n", dir);
        MachineSpec fast = s.getMachines().get(0);
        assertEquals(64, fast.getNodes());
        assertEquals(8192L, fast.getMemory());
        assertEquals("Linux", fast.getOperatingSystem());
        assertEquals(0.5, fast.getOfferCost());
        assertEquals(2.5, fast.getReservationCost());
        assertEquals(2.0, fast.getSpeed());
        assertEquals("MF2", fast.getObjective());
        assertEquals(null, fast.getDescription(), "read and forgotten: experiment.yaml holds the machine itself");
    }

    @Test
    void aMachineWrittenAsMaschineReadsBackTheSame(@TempDir Path dir) throws IOException {
        MachineSpec fast = load(MIXED).getMachines().get(0);
        String printed = new DescriptionPrinter().print(new Document(List.of(MachineDescription.of(fast))));
        Files.writeString(dir.resolve("m.mach"), printed);
        ExperimentSpec s = new ExperimentLoader().load("e.yaml", "name: t\nworkload: {swf: t.swf}\n"
                + "machines: [{name: fast, description: m.mach}]\n", dir);
        ExperimentLoader loader = new ExperimentLoader();
        String inline = loader.toYaml(new ExperimentLoader().load("e.yaml", "name: t\nworkload: {swf: t.swf}\n"
                + "machines:\n" + MIXED.lines().filter(l -> l.contains("name: fast")).findFirst().orElseThrow()
                + "\n", dir));
        assertEquals(inline, loader.toYaml(s), printed);
    }

    @Test
    void badMaschineFilesAreNamed(@TempDir Path dir) throws IOException {
        String e = "name: t\nworkload: {swf: t.swf}\nmachines: [{name: m1, description: m.mach%s}]\n";
        Files.writeString(dir.resolve("m.mach"), "MASCHINE \"m\" {\n  KEY \"Disk\" {VALUE \"Disk\" {5}}\n}\n");
        assertContains(refusedIn(dir, e.formatted(", nodes: 8")), "VALUE \"Disk\" is no machine attribute");
        Files.writeString(dir.resolve("m.mach"), "MASCHINE \"m\" {\n  KEY \"Memory\" {VALUE \"Memory\" {x}}\n}\n");
        assertContains(refusedIn(dir, e.formatted(", nodes: 8")), "m.mach:2:33: unknown attribute 'x'");
        Files.writeString(dir.resolve("m.mach"), "MASCHINE \"m\" {KEY \"N\" {VALUE \"NumberOfProcessors\" {4}}}\n");
        assertContains(refusedIn(dir, e.formatted(", nodes: 8")), "given both here and in the experiment");
        Files.writeString(dir.resolve("m.mach"), "MASCHINE \"m\" {KEY \"S\" {VALUE \"Speed\" {\"fast\"}}}\n");
        assertContains(refusedIn(dir, e.formatted(", nodes: 8")), "\"Speed\" must be a number");
        Files.writeString(dir.resolve("m.mach"), "REQUEST \"m\" {KEY \"S\" {VALUE \"Speed\" {1}}}\n");
        assertContains(refusedIn(dir, e.formatted("")), "m.mach:1:1: REQUEST in a file of MASCHINE objects");
        Files.writeString(dir.resolve("m.mach"), "MASCHINE \"m\" {KEY \"S\" {VALUE \"Speed\" {0}}}\n");
        assertContains(refusedIn(dir, e.formatted(", nodes: 8")), "speed must be a number above 0");
    }

    private static void assertContains(String message, String part) {
        assertTrue(message.contains(part), message + " should say " + part);
    }

    private static String refusedIn(Path dir, String yaml) {
        String m = assertThrows(ConfigException.class, () -> new ExperimentLoader().load("e.yaml", yaml, dir))
                .getMessage();
        assertTrue(m.startsWith("e.yaml: machines[0]: "), m);
        return m;
    }
}
