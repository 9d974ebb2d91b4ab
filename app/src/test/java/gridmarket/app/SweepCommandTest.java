package gridmarket.app;

import gridmarket.app.sweeps.Shard;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whole sweeps through the command line: one folder per combination, a results table, resume and shards. */
class SweepCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Cli sweep(Path file, Path out, String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "sweep";
        args[1] = file.toString();
        args[2] = "--out";
        args[3] = out.toString();
        System.arraycopy(more, 0, args, 4, more.length);
        return Cli.run(args);
    }

    @Test
    void everyCombinationGetsAFolderAndARowEqualToItsSummary() throws IOException {
        Path out = dir.resolve("out");
        Cli r = sweep(SweepFixture.policiesBySeeds(dir), out, "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err(), "no progress bar or noise on stderr unless asked for");
        assertTrue(r.out().contains("runs: 6 total, 6 run now, 0 skipped, 0 failed"), r.out());
        assertEquals(SweepFixture.RUN_IDS, SweepFixture.completeRuns(out.resolve("runs")));

        CsvRows csv = CsvRows.read(out.resolve("results.csv"));
        assertEquals(6, csv.rows().size());
        assertEquals(List.of("run", "policy", "seed"), csv.header().subList(0, 3));
        assertTrue(csv.header().contains("awrt"), csv.header().toString());
        for (Map<String, String> row : csv.rows()) {
            Path run = out.resolve("runs").resolve(row.get("run"));
            JsonNode summary = JSON.readTree(run.resolve("summary.json").toFile());
            assertEquals(summary.get("policy").asText(), row.get("policy"));
            assertEquals(summary.get("seed").asLong(), Long.parseLong(row.get("seed")));
            assertEquals(summary.get("experiment").asText(), row.get("experiment"));
            assertEquals("x6", row.get("experiment"), "runs are named after the sweep");
            assertEquals(summary.get("workload").get("source").asText(), row.get("workload.source"));
            assertEquals(summary.get("metrics").get("awrt").asDouble(), Double.parseDouble(row.get("awrt")));
            assertEquals(summary.at("/metrics/machines/m1/utilization").asDouble(),
                    Double.parseDouble(row.get("machines.m1.utilization")));
            assertEquals("policy=" + row.get("policy") + ",seed=" + row.get("seed"), row.get("run"));
            JsonNode params = JSON.readTree(run.resolve("params.json").toFile());
            assertEquals(List.of("policy", "seed"), fieldNames(params));
            assertEquals(row.get("seed"), params.get("seed").asText());
            assertTrue(params.get("seed").isInt(), "params keep the values' types");
        }
        List<String> order = csv.rows().stream().map(row -> row.get("run")).toList();
        assertEquals(order.stream().sorted().toList(), order, "rows sorted by run folder");
    }

    @Test
    void aKilledSweepResumesAndLeavesCompleteRunsAlone() throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(dir);
        Path out = dir.resolve("out");
        assertEquals(0, sweep(sweep, out, "--threads", "2").exit());
        Path runs = out.resolve("runs");
        Map<String, byte[]> before = new HashMap<>();
        for (String id : SweepFixture.RUN_IDS) {
            before.put(id, Files.readAllBytes(runs.resolve(id).resolve("summary.json")));
        }
        List<String> killed = List.of("policy=easy,seed=2", "policy=fcfs,seed=1");
        for (String id : killed) {
            Files.delete(runs.resolve(id).resolve("summary.json"));
        }

        Cli r = sweep(sweep, out, "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("runs: 6 total, 2 run now, 4 skipped, 0 failed"), r.out());
        assertEquals(SweepFixture.RUN_IDS, SweepFixture.completeRuns(runs));
        for (String id : SweepFixture.RUN_IDS) {
            byte[] now = Files.readAllBytes(runs.resolve(id).resolve("summary.json"));
            if (killed.contains(id)) {
                assertEquals(JSON.readTree(before.get(id)).get("metrics"), JSON.readTree(now).get("metrics"), id);
            } else {
                assertArrayEquals(before.get(id), now, id + " was not run again");
            }
        }
        assertEquals(6, CsvRows.read(out.resolve("results.csv")).rows().size());
    }

    @Test
    void twoShardsMakeTheSameRunsAsOneSweep() throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(dir);
        Path whole = dir.resolve("whole");
        Path sharded = dir.resolve("sharded");
        assertEquals(0, sweep(sweep, whole, "--threads", "2").exit());
        Cli first = sweep(sweep, sharded, "--shard", "1/2", "--threads", "1");
        assertEquals(0, first.exit(), first.err());
        assertTrue(first.out().contains("runs: 3 total, 3 run now"), first.out());
        assertEquals(3, SweepFixture.completeRuns(sharded.resolve("runs")).size());
        Cli second = sweep(sweep, sharded, "--shard", "2/2", "--threads", "1");
        assertEquals(0, second.exit(), second.err());
        assertTrue(second.out().contains("runs: 3 total, 3 run now, 0 skipped"), second.out());

        assertEquals(SweepFixture.completeRuns(whole.resolve("runs")),
                SweepFixture.completeRuns(sharded.resolve("runs")));
        for (String id : SweepFixture.RUN_IDS) {
            Path a = whole.resolve("runs").resolve(id);
            Path b = sharded.resolve("runs").resolve(id);
            assertEquals(Files.readString(a.resolve("jobs.csv")), Files.readString(b.resolve("jobs.csv")), id);
            assertEquals(JSON.readTree(a.resolve("summary.json").toFile()).get("metrics"),
                    JSON.readTree(b.resolve("summary.json").toFile()).get("metrics"), id);
        }
        assertEquals(6, CsvRows.read(sharded.resolve("results.csv")).rows().size(),
                "the last shard merges every run in the shared folder");
    }

    @Test
    void shardsDealRunsOutInTurn() {
        Shard s = Shard.parse("2/3");
        assertFalse(s.contains(0));
        assertTrue(s.contains(1));
        assertTrue(s.contains(4));
        assertFalse(s.contains(5));
    }

    @Test
    void inlineExperimentAndNestedKeys() throws IOException {
        Path sweep = dir.resolve("inline.json");
        Files.writeString(sweep, """
                {"name": "inline",
                 "experiment": {"workload": {"generate": {"model": "poisson", "jobs": 50, "nodes": 64,
                                                           "meanRunTime": 600, "processors": "uniform"}},
                                "machines": [{"name": "m1", "nodes": 64}]},
                 "vary": {"workload.generate.load": [0.5, 0.9], "machines.0.nodes": [64, 128]}}
                """);
        Path out = dir.resolve("o");
        Cli r = sweep(sweep, out, "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertEquals(Set.of("workload.generate.load=0.5,machines.0.nodes=64",
                "workload.generate.load=0.5,machines.0.nodes=128", "workload.generate.load=0.9,machines.0.nodes=64",
                "workload.generate.load=0.9,machines.0.nodes=128"), SweepFixture.completeRuns(out.resolve("runs")));
        CsvRows csv = CsvRows.read(out.resolve("results.csv"));
        assertEquals(List.of("run", "workload.generate.load", "machines.0.nodes"), csv.header().subList(0, 3));
        for (Map<String, String> row : csv.rows()) {
            assertEquals(row.get("machines.0.nodes"), row.get("machines.m1.nodes"));
        }
    }

    @Test
    void progressBarOnlyWhenAskedForOutsideATerminal() throws IOException {
        Path sweep = SweepFixture.sweep(dir, "p", "  seed: [1, 2]\n");
        Cli r = sweep(sweep, dir.resolve("o"), "--progress", "--threads", "1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("2/2 runs"), r.err());
        assertTrue(r.err().contains("runs/s"), r.err());
        long charts;
        try (var files = Files.list(dir.resolve("o/charts"))) {
            charts = files.filter(f -> f.toString().endsWith(".png")).count();
        }
        assertTrue(charts > 0, "the sweep drew its charts");
        assertTrue(r.err().contains(charts + "/" + charts + " charts"), "a bar of figures drawn: " + r.err());
        assertTrue(r.out().contains("  " + charts + " figures, each as PNG and SVG"), "figures counted: " + r.out());
        Cli again = sweep(sweep, dir.resolve("o2"), "--threads", "1");
        assertEquals("", again.err());
    }

    @Test
    void aFailingRunIsReportedAndTheOthersFinish() throws IOException {
        Path out = dir.resolve("o");
        Path sweep = SweepFixture.sweep(dir, "f", "  seed: [1, 2, 3]\n");
        // a file that is no run's result in the run's folder makes that one run fail (it is never mixed in)
        Files.createDirectories(out.resolve("runs/seed=2"));
        Files.writeString(out.resolve("runs/seed=2/keep"), "");
        Cli r = sweep(sweep, out, "--threads", "2");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("run seed=2 failed: "), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.out().contains("runs: 3 total, 3 run now, 0 skipped, 1 failed"), r.out());
        assertEquals(Set.of("seed=1", "seed=3"), SweepFixture.completeRuns(out.resolve("runs")));
        assertEquals(2, CsvRows.read(out.resolve("results.csv")).rows().size());
    }

    @Test
    void unknownKeyNamesLineAndColumn() throws IOException {
        SweepFixture.base(dir);
        Path sweep = dir.resolve("bad.yaml");
        Files.writeString(sweep, "name: bad\nexperiment: base.yaml\nvary:\n  seed: [1]\nthreads: 4\n");
        Cli r = sweep(sweep, dir.resolve("o"));
        assertOneLineError(r, "bad.yaml:5:1: ", "unknown key 'threads'", "known: experiment, name, vary");
    }

    @Test
    void notAListNamesLineAndColumn() throws IOException {
        Path sweep = SweepFixture.sweep(dir, "bad", "  seed: 3\n");
        assertOneLineError(sweep(sweep, dir.resolve("o")), "bad.yaml:4:9: ", "vary.seed", "list");
    }

    @Test
    void anInvalidValueNamesTheCombinationAndNothingRuns() throws IOException {
        Path sweep = SweepFixture.sweep(dir, "bad", "  seed: [1, 2]\n  policy: [easy, fifo]\n");
        Path out = dir.resolve("o");
        Cli r = sweep(sweep, out);
        assertOneLineError(r, "bad.yaml", "seed=1,policy=fifo", "unknown policy 'fifo'", "2 of 4 combinations");
        assertFalse(Files.exists(out), "every combination is checked before any runs");
    }

    @Test
    void aMissingBaseExperimentIsNamed() throws IOException {
        Path sweep = dir.resolve("s.yaml");
        Files.writeString(sweep, "experiment: nowhere.yaml\nvary: {seed: [1]}\n");
        assertOneLineError(sweep(sweep, dir.resolve("o")), "s.yaml:1:13: ", "no such file", "nowhere.yaml");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0/2", "3/2", "2", "a/b", "1/2/3", "-1/2"})
    void badShard(String shard) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(dir);
        assertOneLineError(sweep(sweep, dir.resolve("o"), "--shard", shard), "--shard", shard);
    }

    @Test
    void badThreads() throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(dir);
        assertOneLineError(sweep(sweep, dir.resolve("o"), "--threads", "0"), "--threads");
    }

    private static void assertOneLineError(Cli r, String... fragments) {
        assertEquals(2, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception"), "no stack trace: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
