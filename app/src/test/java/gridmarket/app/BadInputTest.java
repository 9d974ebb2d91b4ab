package gridmarket.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is one line naming where and what, exit code 2, never a stack trace. */
class BadInputTest {
    private static final String GOOD_LINE = "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n";

    @TempDir
    Path dir;

    private Path experiment(String policyLine, String extra) throws IOException {
        Path e = dir.resolve("exp.yaml");
        Files.writeString(e, "name: t\nworkload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 8}]\n"
                + policyLine + "\n" + extra);
        return e;
    }

    private static void assertOneLineError(Cli r, String... fragments) {
        assertEquals(2, r.exit(), r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception"), "no stack trace or exception name: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }

    @Test
    void truncatedSwfLine() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), "; MaxNodes: 8\n" + GOOD_LINE + "2 10 -1 100 4 -1\n");
        Cli r = Cli.run("run", experiment("policy: easy", "").toString(), "--out", dir.resolve("o").toString());
        assertOneLineError(r, "trace.swf:3:", "expected 18 fields, found 6");
        assertFalse(Files.exists(dir.resolve("o/summary.json")), "no results from a failed run");
    }

    @Test
    void nonNumericField() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE + "2 10 -1 1O0 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Cli r = Cli.run("validate", dir.resolve("trace.swf").toString());
        assertOneLineError(r, "trace.swf:2:", "field 4 (run time)", "'1O0'");
    }

    @Test
    void badLinesCanBeSkippedAndAreCounted() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE + "2 10 -1 1O0 4 -1\n");
        Path e = experiment("policy: easy", "");
        Files.writeString(e, Files.readString(e).replace("{swf: trace.swf}", "{swf: trace.swf, onBadLine: skip}"));
        Cli r = Cli.run("run", e.toString(), "--out", dir.resolve("o").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(dir.resolve("o/summary.json")).contains("\"bad_line\" : 1"));
    }

    @Test
    void unknownPolicy() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Cli r = Cli.run("run", experiment("policy: fifo", "").toString());
        assertOneLineError(r, "exp.yaml:4:9", "unknown policy 'fifo'", "fcfs | easy | conservative | list");
    }

    @Test
    void negativeWaitLimit() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Cli r = Cli.run("run", experiment("policy: fpfs", "waitLimit: -5\n").toString());
        assertOneLineError(r, "exp.yaml:5:", "waitLimit must be >= 0", "-5");
    }

    @Test
    void waitLimitForAPolicyWithoutOne() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Cli r = Cli.run("validate", experiment("policy: easy", "waitLimit: 600\n").toString());
        assertOneLineError(r, "exp.yaml", "waitLimit: policy 'easy' has no WaitLimit");
    }

    @Test
    void forkJoinParametersOutOfRange() throws IOException {
        Path e = dir.resolve("fj.yaml");
        for (String[] c : new String[][] {
            {"forkjoin: {jobs: 0}", "fj.yaml:2:", "jobs must be in 1 .. 100000, got 0"},
            {"forkjoin: {cv: 1}", "fj.yaml:2:", "cv must be a number > 1, got 1.0"},
            {"forkjoin: {estimationError: 1.5}", "fj.yaml:2:", "estimationError must be in [0, 1), got 1.5"},
            {"forkjoin: {policy: prsjf}", "fj.yaml:2:", "unknown policy 'prsjf'", "prfcfs | sqfcfs"},
            {"forkjoin: {parallelism: gamma}", "fj.yaml:2:", "unknown parallelism 'gamma'"},
            {"machines: [{name: m1, nodes: 8}]", "fj.yaml",
                "model forkjoin takes no workload, grid, waitLimit or populations"},
        }) {
            Files.writeString(e, "model: forkjoin\n" + c[0] + "\n");
            assertOneLineError(Cli.run("run", e.toString()), java.util.Arrays.copyOfRange(c, 1, c.length));
        }
        Files.writeString(e, "name: t\nworkload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 8}]\n"
                + "forkjoin: {jobs: 4}\n");
        assertOneLineError(Cli.run("validate", e.toString()), "forkjoin: only with 'model: forkjoin'");
        Files.writeString(e, "model: ibts\nibts: {commRate: 1}\n");
        assertOneLineError(Cli.run("run", e.toString()), "fj.yaml:2:", "commRate must be in [0, 1), got 1.0");
        Files.writeString(e, "model: ibts\nibts: {processors: 0}\n");
        assertOneLineError(Cli.run("run", e.toString()), "fj.yaml:2:", "processors must be in 1 .. 65536, got 0");
        Files.writeString(e, "model: forkjoin\nforkjoin: {jobs: 4}\n");
        // gui refuses it too, after its display check (so only where there is a display)
        assertOneLineError(Cli.run("gui", e.toString()), java.awt.GraphicsEnvironment.isHeadless()
                ? "gui needs a display" : "fj.yaml: model forkjoin has no GUI; use run");
        Cli ok = Cli.run("validate", e.toString());
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().contains("model forkjoin"), ok.out());
    }

    @Test
    void orderParametersOutOfRange() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Cli r = Cli.run("validate", experiment("policy: smart-ffia-easy", "policyParameters: {gamma: 1}\n").toString());
        assertOneLineError(r, "exp.yaml:5:", "policyParameters.gamma", "gamma must be a finite number of at least 1.001",
                "got 1.0");
        r = Cli.run("validate", experiment("policy: psrs", "policyParameters:\n  recompute: 0\n").toString());
        assertOneLineError(r, "exp.yaml:6:", "policyParameters.recompute", "recompute must be above 0 and at most 1");
        r = Cli.run("validate", experiment("policy: psrs", "policyParameters: {recompute: 1.5}\n").toString());
        assertOneLineError(r, "exp.yaml:5:", "recompute must be above 0 and at most 1, got 1.5");
    }

    @Test
    void unknownOrMisplacedPolicyParameter() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Cli r = Cli.run("validate", experiment("policy: psrs", "policyParameters: {gama: 2}\n").toString());
        assertOneLineError(r, "exp.yaml:5:", "unknown key 'gama'", "gamma");
        r = Cli.run("validate", experiment("policy: easy", "policyParameters: {gamma: 3}\n").toString());
        assertOneLineError(r, "exp.yaml", "'gamma' does not apply to policy 'easy'");
    }

    @Test
    void unknownKey() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Cli r = Cli.run("validate", experiment("policy: easy", "polcy: easy\n").toString());
        assertOneLineError(r, "exp.yaml:5:1", "unknown key 'polcy'");
    }

    @Test
    void unknownNestedKeyNamesItsPlace() throws IOException {
        Path e = dir.resolve("exp.json");
        Files.writeString(e, "{\"name\": \"t\",\n \"workload\": {\"swf\": \"x.swf\"},\n"
                + " \"machines\": [{\"name\": \"m1\", \"nodes\": 8, \"disk\": 2}]}\n");
        Cli r = Cli.run("validate", e.toString());
        assertOneLineError(r, "exp.json:3:", "unknown key 'disk'", "machines[0]");
    }

    @Test
    void valueOutOfRange() throws IOException {
        Path e = dir.resolve("exp.yaml");
        Files.writeString(e, "name: t\nworkload: {swf: trace.swf}\nmachines:\n  - {name: m1, nodes: -4}\n");
        Cli r = Cli.run("validate", e.toString());
        assertOneLineError(r, "exp.yaml:4:", "nodes must be at least 1, got -4");
    }

    @Test
    void unknownVariableInAMachineFunction() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Path e = dir.resolve("exp.yaml");
        Files.writeString(e, "name: t\nworkload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 8}]\n"
                + "strategy: market\nmarket:\n  mf: NumberOfProcessors * RunTim\n");
        Cli r = Cli.run("validate", e.toString());
        assertOneLineError(r, "exp.yaml:6:", "market.mf", "'NumberOfProcessors * RunTim'", "unknown variable RunTim");
    }

    @Test
    void syntaxErrorInAUtilityFunction() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE);
        Path e = dir.resolve("exp.yaml");
        Files.writeString(e, "name: t\nworkload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 8}]\n"
                + "strategy: market\nmarket: {uf: '-(StartTime +'}\n");
        assertOneLineError(Cli.run("run", e.toString()), "exp.yaml:5:", "market.uf", "formula '-(StartTime +'");
    }

    @Test
    void wrongType() throws IOException {
        Path e = dir.resolve("exp.yaml");
        Files.writeString(e, "name: t\nseed: many\nworkload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 4}]\n");
        Cli r = Cli.run("validate", e.toString());
        assertOneLineError(r, "exp.yaml:2:", "seed", "'many'");
    }

    @Test
    void missingFiles() throws IOException {
        assertOneLineError(Cli.run("run", dir.resolve("nope.yaml").toString()), "nope.yaml: no such file");
        Cli r = Cli.run("run", experiment("policy: easy", "").toString());
        assertOneLineError(r, "trace.swf: no such file");
    }

    @Test
    void badArguments() {
        assertEquals(2, Cli.run("trace-stats").exit());
        assertEquals(2, Cli.run("run", "--no-such-option").exit());
        assertEquals(2, Cli.run("frobnicate").exit());
    }

    @Test
    void tooWideJobIsRejectedWithItsReasonNotLost() throws IOException {
        Files.writeString(dir.resolve("trace.swf"), GOOD_LINE
                + "2 10 -1 100 16 -1 -1 16 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Cli r = Cli.run("run", experiment("policy: fcfs", "").toString(), "--out", dir.resolve("o").toString());
        assertEquals(0, r.exit(), r.err());
        String csv = Files.readString(dir.resolve("o/jobs.csv"));
        assertTrue(csv.contains("\n2,0,s1,1,10,10,10,16,100,200,,0,rejected,needs 16 nodes"), csv);
        assertTrue(csv.contains(",too_wide\n"), "the rejection's cause key: " + csv);
        assertTrue(csv.contains("\n1,0,s1,1,0,0,100,4,100,200,m1,1,completed,,0-3,,,,,,,\n"), csv);
    }
}
