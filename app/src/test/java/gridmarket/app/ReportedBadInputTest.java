package gridmarket.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad inputs a new user's hostile test reported as a stack trace, as silently accepted or as an unclear message,
 * one test each: now each is one line naming file and line or field, and exit code 2.
 */
class ReportedBadInputTest {
    private static final String JOB = "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n";

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private Path experiment(String extra) throws IOException {
        file("t.swf", JOB);
        return file("e.yaml", "name: t\nworkload: {swf: t.swf}\n" + extra);
    }

    private String out(String name) {
        return dir.resolve(name).toString();
    }

    private static String assertOneLine(Cli r, String... fragments) {
        assertEquals(2, r.exit(), r.err() + r.out());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
        return err;
    }

    private Path market(String formulas) throws IOException {
        return experiment("machines: [{name: m1, nodes: 8}, {name: m2, nodes: 8}]\nstrategy: market\nmarket: "
                + formulas + "\n");
    }

    @Test
    void formulaGivingInfinityIsRefusedBeforeTheRunWithTheVariablesValues() throws IOException {
        Path e = market("{mf: 1/0}");
        assertOneLine(Cli.run("run", e.toString(), "--out", out("o"), "--no-charts"), "e.yaml", "market.mf",
                "'1/0'", "Infinity", "NumberOfProcessors = ");
        assertFalse(Files.exists(dir.resolve("o/summary.json")));
    }

    @Test
    void formulaGivingNanIsRefusedByValidateAsByRun() throws IOException {
        Path e = market("{uf: sqrt(-StartTime - 1)}");
        String v = assertOneLine(Cli.run("validate", e.toString()), "e.yaml", "market.uf", "StartTime = ");
        assertEquals(v, assertOneLine(Cli.run("run", e.toString(), "--out", out("o"), "--no-charts")));
    }

    @Test
    void runOutIntoAnUnwritablePlace() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\n");
        Path locked = Files.createDirectories(dir.resolve("locked"));
        assertTrue(locked.toFile().setWritable(false, false));
        try {
            if (Files.isWritable(locked)) {
                return; // running as a user who may write anywhere: the place is writable after all
            }
            assertOneLine(Cli.run("run", e.toString(), "--out", locked.resolve("o").toString(), "--no-charts"),
                    "locked/o", "permission denied");
        } finally {
            locked.toFile().setWritable(true, false);
        }
    }

    @Test
    void runOutIntoAReadOnlyFileSystem() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\n");
        assertOneLine(Cli.run("run", e.toString(), "--out", "/proc/gridmarket-results", "--no-charts"),
                "/proc/gridmarket-results");
    }

    @Test
    void runOutOntoAFile() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\n");
        file("f", "");
        assertOneLine(Cli.run("run", e.toString(), "--out", out("f"), "--no-charts"), "f: is a file, not a folder");
    }

    private static final String SUMMARY = "{\"experiment\": \"e\", \"strategy\": \"local\", \"policy\": \"easy\", "
            + "\"seed\": 1, \"metrics\": {\"awrt\": 1}}\n";

    @Test
    void mergeOutIntoAnUnwritablePlace() throws IOException {
        file("r/summary.json", SUMMARY);
        assertOneLine(Cli.run("merge", out("r"), "--out", "/proc/gridmarket-results.csv"),
                "cannot write /proc/gridmarket-results.csv");
    }

    @Test
    void mergeOutBelowAFile() throws IOException {
        file("r/summary.json", SUMMARY);
        file("f", "");
        assertOneLine(Cli.run("merge", out("r"), "--out", out("f/results.csv")), "f/results.csv",
                "a file is in the way");
    }

    @Test
    void mergeOutOntoTheRunsOwnSummaryLeavesTheRunIntact() throws IOException {
        Path summary = file("r/summary.json", SUMMARY);
        assertOneLine(Cli.run("merge", out("r"), "--out", summary.toString()), "r/summary.json",
                "is a file of the run folder");
        assertEquals(SUMMARY, Files.readString(summary));
        assertEquals(0, Cli.run("merge", out("r"), "--out", out("r/results.csv")).exit(), "beside it is fine");
    }

    @Test
    void twoBillionNodesIsACheckedLimit() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 2000000000}]\n");
        assertOneLine(Cli.run("run", e.toString(), "--out", out("o"), "--no-charts"), "e.yaml:3:",
                "machines[0].nodes", "at most 1048576", "2000000000");
    }

    @Test
    void twoBillionJobsIsACheckedLimit() throws IOException {
        Path e = file("e.yaml", "name: t\nworkload: {generate: {model: poisson, jobs: 2000000000, nodes: 8, "
                + "load: 0.5, meanRunTime: 10}}\nmachines: [{name: m1, nodes: 8}]\n");
        assertOneLine(Cli.run("validate", e.toString()), "e.yaml:2:", "workload.generate.jobs", "at most 5000000",
                "2000000000");
    }

    @Test
    void swfRunTimeBeyondALong() throws IOException {
        Path t = file("t.swf", "1 0 -1 99999999999999999999 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
        assertOneLine(Cli.run("validate", t.toString()), "t.swf:1:", "field 4 (run time)", "'99999999999999999999'",
                "out of range");
    }

    @Test
    void swfNegativeSubmitTime() throws IOException {
        Path t = file("t.swf", JOB + "2 -5 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
        assertOneLine(Cli.run("validate", t.toString()), "t.swf:2:", "field 2 (submit time)", "-5 is negative");
    }

    @Test
    void duplicateYamlKeys() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\npolicy: easy\npolicy: fcfs\n");
        assertOneLine(Cli.run("validate", e.toString()), "e.yaml:5:", "'policy'");
    }

    @Test
    void marketBlockUnderStrategyLocal() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\nstrategy: local\nmarket: {mf: MF2}\n");
        assertOneLine(Cli.run("validate", e.toString()), "e.yaml", "market: settings for strategy market",
                "'local'");
    }

    @Test
    void emptyTraceIsNoAwrtOfZero() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\n");
        Files.writeString(dir.resolve("t.swf"), "");
        Cli r = Cli.run("run", e.toString(), "--out", out("o"), "--no-charts");
        assertOneLine(r, "t.swf", "no jobs");
        assertFalse(r.out().contains("AWRT"), r.out());
    }

    @Test
    void commentOnlyTraceIsNoAwrtOfZero() throws IOException {
        Path e = experiment("machines: [{name: m1, nodes: 8}]\n");
        Files.writeString(dir.resolve("t.swf"), "; MaxNodes: 8\n; Note: no jobs\n");
        assertOneLine(Cli.run("validate", dir.resolve("t.swf").toString()), "t.swf", "no jobs");
        assertOneLine(Cli.run("run", e.toString(), "--out", out("o"), "--no-charts"), "t.swf", "no jobs");
    }

    @Test
    void binaryExperimentSaysSoNotInputLength() throws IOException {
        Path e = dir.resolve("e.yaml");
        Files.write(e, new byte[] {0x7F, 'E', 'L', 'F', (byte) 0xC3, 0x28, 0, 0});
        String err = assertOneLine(Cli.run("validate", e.toString()), "e.yaml", "not a text file");
        assertFalse(err.contains("Input length"), err);
    }

    @Test
    void tabIsReportedOnItsOwnLine() throws IOException {
        Path e = experiment("machines:\n\t- {name: m1, nodes: 8}\n");
        assertOneLine(Cli.run("validate", e.toString()), "e.yaml:4:1:", "tab");
    }

    @Test
    void binaryTraceIsNotEchoed() throws IOException {
        Path t = dir.resolve("t.swf");
        Files.write(t, new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0x90, (byte) 0xFF, '\n'});
        String err = assertOneLine(Cli.run("validate", t.toString()), "t.swf:1:", "not SWF text");
        assertFalse(err.contains("ELF"), err);
    }

    @Test
    void malformedJsonSummaryNamesItsLineNotRedactedSource() throws IOException {
        file("r/run/summary.json", "{\"metrics\": {\"awrt\": }\n");
        String err = assertOneLine(Cli.run("merge", out("r")), "summary.json:1:");
        assertFalse(err.contains("REDACTED") || err.contains("Source"), err);
    }

    @Test
    void mergeOnAFileSaysItIsAFile() throws IOException {
        file("f.csv", "run\n");
        String err = assertOneLine(Cli.run("merge", out("f.csv")), "f.csv: is a file");
        assertFalse(err.contains("no such folder"), err);
    }

    @Test
    void validateAcceptsExactlyWhatRunAccepts() throws IOException {
        Path good = experiment("machines: [{name: m1, nodes: 8}]\n");
        assertEquals(0, Cli.run("validate", good.toString()).exit());
        assertEquals(0, Cli.run("run", good.toString(), "--out", out("o"), "--no-charts").exit());
        // the corpus (BadInputCorpusTest) checks the other direction on every bad experiment
    }

    // validate said ok and the run crashed: now each is refused at load, validate and run alike

    private void refusedByValidateAndRun(Path e, String... fragments) {
        String v = assertOneLine(Cli.run("validate", e.toString()), fragments);
        assertEquals(v, assertOneLine(Cli.run("run", e.toString(), "--out", out("o"), "--no-charts")));
        assertFalse(Files.exists(dir.resolve("o/summary.json")));
    }

    @Test
    void aSiteWithoutANameIsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(experiment("sites: [{machines: [{name: m1, nodes: 8}]}]\n"), "e.yaml",
                "sites[0]", "every site needs a 'name'");
    }

    @Test
    void aMachineOfSpeed1eMinus300IsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(experiment("machines: [{name: m1, nodes: 8, speed: 1.0e-300}]\n"), "e.yaml:3:",
                "speed must be between 0.001 and 1000", "1.0E-300");
    }

    @Test
    void aMachineOfSpeed1e300IsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(experiment("machines: [{name: m1, nodes: 8, speed: 1.0e300}]\n"), "e.yaml:3:",
                "speed must be between", "1.0E300");
    }

    @Test
    void aTemplateRunTimeOf1e300IsRefusedAtLoad() throws IOException {
        file("p.req", "REQUEST \"p\" {\n  KEY \"Utility\" {\n    ELEMENT 1 {\n      VALUE \"UtilityValue\" {-JobCost}\n"
                + "      VALUE \"RunTime\" {1e300}\n    }\n  }\n}\n");
        refusedByValidateAndRun(market("{mf: MF1}\npopulations: [{name: p, share: 1, request: p.req}]"), "e.yaml",
                "populations[0] (p)", "p.req", "ELEMENT 1: RunTime is 1.0E300", "up to 1000000000000");
    }

    @Test
    void aLatencyOfALongsMaximumIsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(market("{latency: 9223372036854775807}"), "e.yaml:5:", "market.latency",
                "from 0 to 1000000000000 seconds", "9223372036854775807");
    }

    @Test
    void startTimesOfAnIntsMaximumIsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(market("{startTimes: 2147483647}"), "e.yaml:5:", "market.startTimes",
                "at least 1 and at most 1000", "2147483647");
    }

    @Test
    void aSearchTimeBeyondTheClockIsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(market("{searchTime: 9223372036854775807}"), "e.yaml:5:", "market.searchTime",
                "from 0 to 1000000000000 seconds");
    }

    @Test
    void anOverEstimateOf1e300IsRefusedAtLoad() throws IOException {
        Path e = file("e.yaml", "name: t\nworkload: {generate: {model: poisson, jobs: 20, nodes: 8, load: 0.5, "
                + "meanRunTime: 100, overEstimate: 1e300}}\nmachines: [{name: m1, nodes: 8}]\n");
        refusedByValidateAndRun(e, "e.yaml:2:", "workload.generate.overEstimate", "at most 1000", "1.0E300");
    }

    @Test
    void aWaitLimitBeyondTheClockIsRefusedAtLoad() throws IOException {
        refusedByValidateAndRun(experiment("machines: [{name: m1, nodes: 8}]\npolicy: mpfs\n"
                + "waitLimit: 9223372036854775807\n"), "e.yaml:5:", "waitLimit", "at most 1000000000000 seconds");
    }

    /**
     * A machine file that an experiment refuses is refused by validate alone, each naming the value (an experiment
     * names a machine's processors by its own key, nodes).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "0 processors|KEY \"NumberOfProcessors\" {VALUE \"NumberOfProcessors\" {0}}|got 0",
        "-8 processors|KEY \"NumberOfProcessors\" {VALUE \"NumberOfProcessors\" {-8}}|got -8",
        "text processors|KEY \"NumberOfProcessors\" {VALUE \"NumberOfProcessors\" {\"eight\"}}|eight",
        "speed 1e-300|KEY \"Speed\" {VALUE \"Speed\" {1e-300}}|speed must be between 0.001 and 1000",
        "objective dividing by zero|" + EIGHT + " KEY \"Objective\" {VALUE \"Objective\" {\"1/left_right\"}}|Infinity",
        "attributes defining each other|" + EIGHT + " KEY \"Memory\" {VALUE \"Memory\" {2 * Speed}} KEY \"Speed\" "
            + "{VALUE \"Speed\" {Memory / 2}}|Speed",
    })
    void aMachineFileRefusedInAnExperimentIsRefusedAlone(String name, String keys, String says)
            throws IOException {
        file("m.mach", "MASCHINE \"m\" {" + keys + "}\n");
        Path e = market("{mf: MF1}");
        Files.writeString(e, Files.readString(e).replace("{name: m2, nodes: 8}", "{name: m2, description: m.mach}"));
        assertOneLine(Cli.run("validate", e.toString()), "e.yaml", says);
        assertOneLine(Cli.run("validate", dir.resolve("m.mach").toString()), "m.mach", says);
    }

    private static final String EIGHT = "KEY \"NumberOfProcessors\" {VALUE \"NumberOfProcessors\" {8}}";

    @Test
    void aTemplateWithMinMultiSiteIsNoMisspellingOfMaxMultiSite() throws IOException {
        file("p.req", "REQUEST \"p\" {\n  KEY \"MinMulti-Site\" {VALUE \"MinMulti-Site\" {2}}\n"
                + "  KEY \"Utility\" {ELEMENT 1 {VALUE \"UtilityValue\" {-StartTime}}}\n}\n");
        Path e = market("{mf: MF1}\npopulations: [{name: p, share: 1, request: p.req}]");
        Cli r = Cli.run("validate", e.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(0, Cli.run("validate", dir.resolve("p.req").toString()).exit());
    }
}
