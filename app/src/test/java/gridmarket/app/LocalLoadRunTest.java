package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.agents.SharedData;
import gridmarket.app.check.JobsCsvFeasibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whole runs with local load beside the grid on CTC's real trace over four 128-node machines (m128), checked by the
 * independent feasibility checker: no two jobs on one node at once (local and grid jobs alike), every job read
 * completed or rejected, the local jobs marked in {@code jobs.csv} as the summary counts them, and the same run twice
 * gives the same files.
 */
class LocalLoadRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Integer> M128 = Map.of("m1", 128, "m2", 128, "m3", 128, "m4", 128);

    @TempDir
    Path dir;

    private record Run(Path out, JsonNode summary) {
    }

    private Run run(Path experiment, String name) throws IOException {
        Path out = dir.resolve(name);
        Cli r = Cli.run("run", experiment.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err() + Files.readString(experiment));
        return new Run(out, JSON.readTree(out.resolve("summary.json").toFile()));
    }

    private Path experiment(String name, String strategy, String split, String localLoad) throws IOException {
        Path e = dir.resolve(name + ".yaml");
        Files.writeString(e, "name: " + name + "\nworkload: {swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + ", shape: {from: 10000, to: 13000, shift: true" + split + "}}\nconfiguration: m128\n" + strategy
                + "\nlocalLoad: " + localLoad + "\n");
        return e;
    }

    /** The rows of jobs.csv whose reason marks them local, as job ids. */
    private static Set<Long> localIds(Path jobsCsv) throws IOException {
        Set<Long> ids = new TreeSet<>();
        List<String> lines = Files.readAllLines(jobsCsv);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f[13].startsWith("local")) {
                ids.add(Long.parseLong(f[0]));
            }
        }
        return ids;
    }

    private static void check(Run run) throws IOException {
        Path jobs = run.out().resolve("jobs.csv");
        Set<Long> ids = JobsCsvFeasibility.jobIds(jobs);
        List<String> found = JobsCsvFeasibility.violations(jobs, M128, ids);
        assertTrue(found.isEmpty(), found.size() + " violation(s), first: " + (found.isEmpty() ? "" : found.get(0)));
        JsonNode m = run.summary().get("metrics");
        int read = run.summary().get("workload").get("jobs").asInt();
        assertEquals(read, m.get("completed").asInt() + m.get("rejected").asInt(), "completed + rejected = jobs read");
        JsonNode l = run.summary().get("strategyFields").get("localLoad");
        assertEquals(read, l.get("localJobs").asInt() + l.get("gridJobs").asInt());
        assertEquals(l.get("localCompleted").asInt() + l.get("localRejected").asInt(), l.get("localJobs").asInt());
        assertTrue(l.get("localJobs").asInt() > 0.25 * read && l.get("localJobs").asInt() < 0.35 * read,
                "about 30 % local: " + l);
        assertTrue(l.get("awrtGrid").asDouble() > 0 && l.get("awrtLocal").asDouble() > 0, l.toString());
        double awrt = l.get("awrt").asDouble();
        assertTrue(awrt > Math.min(l.get("awrtGrid").asDouble(), l.get("awrtLocal").asDouble())
                && awrt < Math.max(l.get("awrtGrid").asDouble(), l.get("awrtLocal").asDouble()),
                "the whole AWRT lies between the two classes': " + l);
    }

    /**
     * Job-sharing (EASY and conservative, wide jobs split to the largest machine), multi-site, each site on its own
     * (strategy local) and the market, 30 % local.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"jobsharing, easy, fcfs", "jobsharing, conservative, easy", "multisite, easy, easy",
        "local, conservative, fcfs", "market, compress, fcfs", "market, none, easy"})
    void aThirdOfCtcLocalStaysFeasible(String strategy, String how, String localPolicy) throws IOException {
        String s = strategy.equals("market") ? "strategy: market\nmarket: {rescheduling: " + how + "}"
                : "strategy: " + strategy + "\npolicy: " + how;
        Path e = experiment("ll", s, strategy.equals("market") || strategy.equals("multisite") ? ""
                        : ", split: " + (strategy.equals("local") ? "local" : "largest"),
                "{share: 0.3, policy: " + localPolicy + "}");
        Run a = run(e, "a");
        check(a);
        assertEquals(a.summary().get("strategyFields").get("localLoad").get("localJobs").asInt(),
                localJobs(a.out().resolve("jobs.csv")), "the local rows are the local jobs");
        Run b = run(e, "b");
        assertEquals(Files.readString(a.out().resolve("jobs.csv")), Files.readString(b.out().resolve("jobs.csv")),
                "the same run twice");
    }

    /** The jobs (a split job's parts each) whose rows in jobs.csv are marked local. */
    private static int localJobs(Path jobsCsv) throws IOException {
        List<String> lines = Files.readAllLines(jobsCsv);
        Set<String> keys = new TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f[13].startsWith("local")) {
                keys.add(f[0] + "/" + f[1]);
            }
        }
        return keys.size();
    }

    /** With share 0 no job is local: the schedule is the one of the run without the block, row for row. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"strategy: jobsharing|policy: conservative", "strategy: market"})
    void shareZeroChangesNothing(String strategy) throws IOException {
        Path with = experiment("zero", strategy.replace("|", "\n"), "", "{share: 0}");
        Path without = dir.resolve("none.yaml");
        Files.writeString(without, Files.readString(with).replace("localLoad: {share: 0}\n", ""));
        assertEquals(Files.readString(run(without, "none").out().resolve("jobs.csv")),
                Files.readString(run(with, "zero").out().resolve("jobs.csv")));
    }

    /**
     * The same trace jobs are local under job-sharing and the market (the draw reads the jobs' numbers and the seed,
     * not the shaping), and a local job's row says so.
     */
    @Test
    void theSameJobsAreLocalUnderJobSharingAndTheMarket() throws IOException {
        Run js = run(experiment("js", "strategy: jobsharing\npolicy: easy", "", "{share: 0.3}"), "js");
        Run market = run(experiment("mk", "strategy: market", "", "{share: 0.3}"), "mk");
        Set<Long> local = localIds(js.out().resolve("jobs.csv"));
        assertEquals(local, localIds(market.out().resolve("jobs.csv")));
        assertFalse(local.isEmpty());
    }

    /** A machine's own trace: every job of it is local there, numbered after the workload's jobs. */
    @Test
    void aMachinesOwnTraceIsAllLocalThere() throws IOException {
        Path local = dir.resolve("local-m2.swf");
        Files.writeString(local, "; MaxNodes: 128\n"
                + "1 100 -1 3600 128 -1 -1 128 7200 -1 1 1 1 -1 -1 -1 -1 -1\n"
                + "2 200 -1 600 16 -1 -1 16 900 -1 1 1 1 -1 -1 -1 -1 -1\n"
                + "3 300 -1 600 200 -1 -1 200 900 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Path e = experiment("tr", "strategy: jobsharing\npolicy: easy", ", to: 11000",
                "{traces: {m2: local-m2.swf}}");
        Files.writeString(e, Files.readString(e).replace("to: 13000, ", ""));
        Run r = run(e, "tr");
        JsonNode l = r.summary().get("strategyFields").get("localLoad");
        assertEquals(3, l.get("localJobs").asInt());
        assertEquals(1, l.get("localRejected").asInt(), "the 200-node job is wider than m2");
        Set<Long> ids = localIds(r.out().resolve("jobs.csv"));
        assertEquals(3, ids.size());
        long maxGrid = JobsCsvFeasibility.jobIds(r.out().resolve("jobs.csv")).stream()
                .filter(id -> !ids.contains(id)).mapToLong(Long::longValue).max().orElseThrow();
        assertTrue(ids.stream().allMatch(id -> id > maxGrid), "numbered after the workload's jobs: " + ids);
        List<String> lines = Files.readAllLines(r.out().resolve("jobs.csv"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (ids.contains(Long.parseLong(f[0])) && f[12].equals("completed")) {
                assertEquals("m2", f[10], line);
            }
        }
        List<String> found = JobsCsvFeasibility.violations(r.out().resolve("jobs.csv"), M128,
                JobsCsvFeasibility.jobIds(r.out().resolve("jobs.csv")));
        assertTrue(found.isEmpty(), found.toString());
    }
}
