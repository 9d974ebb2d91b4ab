package gridmarket.app;

import gridmarket.charts.data.ResultsLoader;
import gridmarket.charts.data.ResultsTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Merging run folders into one tidy CSV. */
class MergeCommandTest {
    @TempDir
    Path dir;

    /** A hand-written run folder, so the merge is tested apart from the simulator. */
    private Path fakeRun(Path folder, String params, String policy, String metrics) throws IOException {
        Files.createDirectories(folder);
        if (params != null) {
            Files.writeString(folder.resolve("params.json"), params);
        }
        Files.writeString(folder.resolve("summary.json"), """
                {"experiment": "e", "strategy": "local", "policy": "%s", "seed": 7,
                 "workload": {"source": "x, \\"quoted\\"\\nsecond line", "jobs": 3, "dropped": {"bad_line": 0}},
                 "metrics": %s,
                 "performance": {"simulationSeconds": 0.25, "events": 12}}
                """.formatted(policy, metrics));
        return folder;
    }

    @Test
    void twoFoldersOneRowPerRunWithUnionOfColumns() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        fakeRun(a.resolve("runs/p=2"), "{\"p\": 2, \"policy\": \"easy\"}", "easy",
                "{\"awrt\": 123.45678901234567, \"machines\": {\"m1\": {\"utilization\": 0.5}}, \"hist\": [1, 2]}");
        fakeRun(a.resolve("runs/p=1"), "{\"p\": 1, \"policy\": \"easy\"}", "easy", "{\"awrt\": 1.0E-7}");
        fakeRun(b.resolve("single"), null, "fcfs", "{\"awrt\": 10, \"rejectedByReason\": {\"too wide\": 2}}");
        Path out = dir.resolve("merged.csv");

        Cli r = Cli.run("merge", a.toString(), b.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("3 runs"), r.out());
        CsvRows csv = CsvRows.read(out);
        assertEquals(List.of("run", "p", "policy", "experiment", "strategy", "seed", "workload.source",
                "workload.jobs", "workload.dropped.bad_line", "awrt", "machines.m1.utilization", "rejectedByReason.too wide",
                "performance.simulationSeconds", "performance.events"), csv.header());
        assertEquals(List.of("runs/p=1", "runs/p=2", "single"), csv.rows().stream().map(m -> m.get("run")).toList());
        Map<String, String> p1 = csv.rows().get(0);
        Map<String, String> p2 = csv.rows().get(1);
        Map<String, String> single = csv.rows().get(2);
        assertEquals("1", p1.get("p"));
        assertEquals("1.0E-7", p1.get("awrt"));
        assertEquals("", p1.get("machines.m1.utilization"));
        assertEquals("123.45678901234567", p2.get("awrt"), "full precision");
        assertEquals("0.5", p2.get("machines.m1.utilization"));
        assertEquals("", single.get("p"), "no params.json: empty parameters");
        assertEquals("fcfs", single.get("policy"), "a parameter that is a summary column shows what ran");
        assertEquals("2", single.get("rejectedByReason.too wide"));
        assertEquals("x, \"quoted\"\nsecond line", single.get("workload.source"), "RFC 4180 quoting round-trips");
        assertEquals("0.25", single.get("performance.simulationSeconds"));
        assertTrue(Files.readString(out).contains("\"x, \"\"quoted\"\"\nsecond line\""));
    }

    @Test
    void defaultOutputIsInTheFirstFolderAndNoTemporaryFileIsLeft() throws IOException {
        fakeRun(dir.resolve("r/one"), "{\"seed\": 1}", "easy", "{\"awrt\": 1}");
        Cli r = Cli.run("merge", dir.resolve("r").toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(1, CsvRows.read(dir.resolve("r/results.csv")).rows().size());
        try (var files = Files.list(dir.resolve("r"))) {
            assertEquals(List.of("one", "results.csv"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void mergesRealSweepsAndKeepsTheirRows() throws IOException {
        Path sweep = SweepFixture.sweep(dir, "two", "  seed: [1, 2]\n");
        assertEquals(0, Cli.run("sweep", sweep.toString(), "--out", dir.resolve("s1").toString()).exit());
        Path sweep2 = SweepFixture.sweep(dir.resolve("other"), "pol", "  policy: [fcfs]\n");
        assertEquals(0, Cli.run("sweep", sweep2.toString(), "--out", dir.resolve("s2").toString()).exit());
        Path out = dir.resolve("all.csv");
        Cli r = Cli.run("merge", dir.resolve("s1").toString(), dir.resolve("s2").toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        CsvRows csv = CsvRows.read(out);
        assertEquals(List.of("runs/seed=1", "runs/seed=2", "runs/policy=fcfs"),
                csv.rows().stream().map(m -> m.get("run")).toList());
        assertEquals(List.of("run", "seed", "policy", "experiment"), csv.header().subList(0, 4));
        assertEquals("1", csv.rows().get(2).get("seed"), "seed from the summary where it was not varied");
        assertEquals("pol", csv.rows().get(2).get("experiment"));
    }

    @Test
    void runsDifferingOnlyInTheirPolicyParametersGetTheirOwnColumns() throws IOException {
        for (String x : List.of("40", "60")) {
            Path e = dir.resolve("x" + x + ".yaml");
            Files.writeString(e, "name: p\nseed: 1\nworkload: {generate: {model: poisson, jobs: 200, nodes: 32, "
                    + "load: 0.9, meanRunTime: 600}}\nmachines: [{name: m1, nodes: 32}]\npolicy: pfcfs\n"
                    + "policyParameters: {x: " + x + "}\n");
            Cli r = Cli.run("run", e.toString(), "--out", dir.resolve("x" + x).toString(), "--no-charts");
            assertEquals(0, r.exit(), r.err());
        }
        Path out = dir.resolve("m.csv");
        Cli r = Cli.run("merge", dir.resolve("x40").toString(), dir.resolve("x60").toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        CsvRows csv = CsvRows.read(out);
        assertEquals(List.of("40", "60"), csv.rows().stream().map(m -> m.get("policyParameters.x")).toList());
        assertEquals(List.of("1", "1"), csv.rows().stream().map(m -> m.get("policyParameters.n")).toList());
        assertEquals(List.of("60", "60"), csv.rows().stream().map(m -> m.get("policyParameters.delay")).toList());
    }

    @Test
    void emptyFolderIsBadInput() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.createDirectories(empty.resolve("runs/unfinished"));
        Files.writeString(empty.resolve("runs/unfinished/params.json"), "{}");
        Cli r = Cli.run("merge", empty.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("no run folders"), r.err());
        assertFalse(r.err().strip().contains("\n"), r.err());
        assertFalse(Files.exists(empty.resolve("results.csv")));
    }

    @Test
    void missingFolderAndBrokenSummaryAreBadInput() throws IOException {
        assertEquals(2, Cli.run("merge", dir.resolve("nowhere").toString()).exit());
        Files.createDirectories(dir.resolve("r/x"));
        Files.writeString(dir.resolve("r/x/summary.json"), "{\"metrics\": ");
        Cli r = Cli.run("merge", dir.resolve("r").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("summary.json"), r.err());
    }

    @Test
    void runFoldersGivenThemselvesAreNamedDistinctlyAndKeepTheMarketBlock() throws IOException {
        Path one = fakeRun(dir.resolve("x/run"), null, "easy", "{\"awrt\": 1}");
        Path two = fakeRun(dir.resolve("y/run"), null, "easy", "{\"awrt\": 2}");
        Path market = dir.resolve("m");
        Files.createDirectories(market);
        Files.writeString(market.resolve("summary.json"), """
                {"experiment": "e", "strategy": "market", "policy": "easy", "seed": 7,
                 "metrics": {"awrt": 3},
                 "market": {"mf": "MF1", "uf": "UF1", "revenue": 12.5, "revenueGini": 0.25,
                            "price": {"mean": 2.0, "median": 1.5}},
                 "reproduce": {"experimentSha256": "ab", "seed": 7}}
                """);
        Path out = dir.resolve("merged.csv");
        Cli r = Cli.run("merge", one.toString(), two.toString(), market.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        CsvRows csv = CsvRows.read(out);
        List<String> names = csv.rows().stream().map(m -> m.get("run")).toList();
        assertEquals(List.of("m", "x/run", "y/run"), names, "no run is named '.', and no two alike");
        Map<String, String> m = csv.rows().get(0);
        assertEquals("MF1", m.get("market.mf"));
        assertEquals("12.5", m.get("market.revenue"));
        assertEquals("0.25", m.get("market.revenueGini"));
        assertEquals("1.5", m.get("market.price.median"));
        assertEquals("ab", m.get("reproduce.experimentSha256"));
        assertEquals("", csv.rows().get(1).get("market.mf"), "a run without a market has empty market cells");
    }

    /** README's column groups of results.csv, matched against what merge writes for a market run with parameters. */
    @Test
    void readmeListsTheColumnGroupsMergeWrites() throws IOException {
        Matcher m = Pattern.compile("`merge` \\(and a sweep\\) write `results.csv`[^`]*`([^`]+)`")
                .matcher(Files.readString(Path.of("..", "README.md")));
        assertTrue(m.find(), "README.md lists the columns of results.csv");
        Path run = Files.createDirectories(dir.resolve("s/runs/p=1"));
        Files.writeString(run.resolve("params.json"), "{\"p\": 1}");
        Files.writeString(run.resolve("summary.json"), """
                {"experiment": "e", "strategy": "market", "policy": "easy", "seed": 7,
                 "workload": {"source": "w", "jobs": 3, "dropped": {"bad_line": 0}},
                 "metrics": {"awrt": 3, "machines": {"m1": {"nodes": 4}}},
                 "market": {"mf": "MF1", "price": {"mean": 2.0}},
                 "performance": {"simulationSeconds": 0.5},
                 "reproduce": {"experimentSha256": "ab"}}
                """);
        Path out = dir.resolve("merged.csv");
        assertEquals(0, Cli.run("merge", dir.resolve("s").toString(), "--out", out.toString()).exit());
        List<String> header = CsvRows.read(out).header();
        int at = 0;
        for (String token : m.group(1).split(",")) {
            int from = at;
            if (token.equals("<parameters>")) {
                at += 1;
            } else if (token.equals("<metrics>")) {
                while (at < header.size()
                        && (!header.get(at).contains(".") || header.get(at).startsWith("machines."))) {
                    at++;
                }
            } else if (token.endsWith(".*")) {
                String prefix = token.substring(0, token.length() - 1);
                while (at < header.size() && header.get(at).startsWith(prefix)) {
                    at++;
                }
            } else if (at < header.size() && header.get(at).equals(token)) {
                at++;
            }
            assertTrue(at > from, "README's '" + token + "' at column " + from + " of " + header);
        }
        assertEquals(header.size(), at, "README lists every group of " + header);
    }

    /** merge and the charts read run folders with one reader: the same columns, in the same order, the same cells. */
    @Test
    void theChartsReadRunFoldersAsMergeDoes() throws IOException {
        Path a = dir.resolve("a");
        fakeRun(a.resolve("runs/p=2"), "{\"p\": 2}", "easy",
                "{\"awrt\": 2.5, \"machines\": {\"m1\": {\"nodes\": 4}}}");
        fakeRun(a.resolve("runs/p=1"), "{\"p\": 1}", "fcfs",
                "{\"awrt\": 1.5, \"rejectedByReason\": {\"too_wide\": 1}}");
        Path out = dir.resolve("merged.csv");
        assertEquals(0, Cli.run("merge", a.toString(), "--out", out.toString()).exit());
        CsvRows merged = CsvRows.read(out);
        ResultsTable table = new ResultsLoader().load(List.of(a));
        assertEquals(merged.header(), table.columns());
        for (int i = 0; i < merged.rows().size(); i++) {
            for (String c : merged.header()) {
                assertEquals(merged.rows().get(i).get(c), table.rows().get(i).get(c), "run " + i + ", " + c);
            }
        }
    }
}
