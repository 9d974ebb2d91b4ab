package gridmarket.charts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is a {@link ChartException} with one line naming the file, column or option. */
class ChartBadInputTest {
    @TempDir
    Path dir;

    private static void assertOneLine(ChartException e, String... fragments) {
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "'" + f + "' in: " + e.getMessage());
        }
    }

    private ChartException fails(ChartKind kind, List<Path> results, ChartOptions options) {
        return assertThrows(ChartException.class, () -> new Charts().build(kind, results, options));
    }

    private Path results() throws IOException {
        return Fixtures.copy("sweep", dir).resolve("results.csv");
    }

    @Test
    void unknownKind() {
        ChartException e = assertThrows(ChartException.class, () -> ChartKind.parse("pie"));
        assertOneLine(e, "unknown chart kind 'pie'", "strategies | overhead | configurations | machines");
    }

    @Test
    void missingColumn() throws IOException {
        Path csv = results();
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().metrics(List.of("awrtt"))),
                "results.csv", "no column 'awrtt'");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().where("colour=red")),
                "--where: no column 'colour'");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().x(List.of("site"))),
                "--x: no column 'site'");
        Path noMetric = dir.resolve("no-awrt.csv");
        Files.writeString(noMetric, "run,configuration,experiment,art\na,m1,x,1\nb,m2,x,2\n");
        assertOneLine(fails(ChartKind.CONFIGURATIONS, List.of(noMetric), new ChartOptions()), "no-awrt.csv",
                "no column 'awrt'");
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        Files.writeString(run.resolve("jobs.csv"), "job_id,start,end\n1,0,10\n");
        assertOneLine(fails(ChartKind.GANTT, List.of(run), new ChartOptions()), "jobs.csv", "no column 'part'");
    }

    @Test
    void emptyResults() throws IOException {
        Path empty = dir.resolve("results.csv");
        Files.writeString(empty, "run,strategy,experiment,awrt\n");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(empty), new ChartOptions()), "no runs");
        Files.writeString(empty, "");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(empty), new ChartOptions()), "empty file");
        Path folder = Files.createDirectories(dir.resolve("nothing"));
        assertOneLine(fails(ChartKind.MACHINES, List.of(folder), new ChartOptions()), "no run folders");
        assertOneLine(fails(ChartKind.MACHINES, List.of(dir.resolve("missing.csv")), new ChartOptions()),
                "missing.csv", "no such file");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(results()), new ChartOptions().where("workload=w9")),
                "no runs", "match --where workload=w9");
    }

    @Test
    void malformedCells() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "run,configuration,experiment,awrt\na,m1,x,1\nb,m2,x\n");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(bad), new ChartOptions()), "bad.csv:3:",
                "expected 4 fields");
        Files.writeString(bad, "run,configuration,experiment,awrt\na,m1,x,1\nb,m2,x,fast\n");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(bad), new ChartOptions()), "run b", "'awrt'",
                "not a number 'fast'");
    }

    @Test
    void ambiguousOrMissingBaselineAndCollidingRuns() throws IOException {
        Path csv = results();
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().baseline("strategy=multisite")),
                "--baseline strategy=multisite is ambiguous", "differ in awrt", "multisite.overhead=");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().baseline("configuration=m9")),
                "--baseline configuration=m9: no run has these values");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().baseline("configuration")),
                "--baseline: expected KEY=VALUE");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(csv), new ChartOptions().series(List.of("strategy"))
                .each(List.of("workload"))), "fall on the same bar", "--where", "--each");
        Path zero = dir.resolve("zero.csv");
        Files.writeString(zero, "run,configuration,experiment,awwt\na,m1,x,10\nb,m2,x,0\n");
        assertOneLine(fails(ChartKind.STRATEGIES, List.of(zero), new ChartOptions().metrics(List.of("awwt"))
                .baseline("configuration=m2")), "run b has awwt = 0", "undefined");
    }

    @Test
    void optionsAKindDoesNotTake() throws IOException {
        Path csv = results();
        assertOneLine(fails(ChartKind.GANTT, List.of(csv), new ChartOptions().baseline("configuration=m128")),
                "the gantt chart does not take --baseline");
        assertOneLine(fails(ChartKind.MACHINES, List.of(csv), new ChartOptions().machine("m1")),
                "the machines chart does not take --machine");
        assertOneLine(fails(ChartKind.GANTT, List.of(csv), new ChartOptions().yLabel("nodes")),
                "the gantt chart does not take --x-label or --y-label");
        assertOneLine(fails(ChartKind.BACKLOG, List.of(csv), new ChartOptions()), "shows one run, but 16 match");
        assertOneLine(assertThrows(ChartException.class, () -> new ChartOptions().size(50, 800)), "--size");
        assertOneLine(assertThrows(ChartException.class, () -> ChartFormat.parse(List.of("png", "pdf"))),
                "--format: unknown format 'pdf'");
    }
}
