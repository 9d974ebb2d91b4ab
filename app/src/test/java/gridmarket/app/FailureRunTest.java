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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whole runs with node failures, checked by the independent feasibility checker against the run's outages: no job on
 * a node out of service, every killed attempt caused by an outage and counted in the summary, every job read
 * completed or rejected; and the same run twice gives the same files.
 */
class FailureRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private record Run(Path out, JsonNode summary) {
    }

    private Run run(Path experiment, String name) throws IOException {
        Path out = dir.resolve(name);
        Cli r = Cli.run("run", experiment.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        return new Run(out, JSON.readTree(out.resolve("summary.json").toFile()));
    }

    private static void check(Run run, Map<String, Integer> machines) throws IOException {
        Path jobs = run.out().resolve("jobs.csv");
        Set<Long> ids = JobsCsvFeasibility.jobIds(jobs);
        List<String> found = JobsCsvFeasibility.violations(jobs, machines, ids, run.out().resolve("outages.csv"));
        assertTrue(found.isEmpty(), found.size() + " violation(s), first: " + (found.isEmpty() ? "" : found.get(0)));
        JsonNode f = run.summary().get("failures");
        assertTrue(f.get("outages").asInt() > 0, "outages happened");
        assertEquals(f.get("killed").asLong(), JobsCsvFeasibility.killedAttempts(jobs), "every kill in jobs.csv");
        assertEquals(f.get("outages").asInt(), Files.readAllLines(run.out().resolve("outages.csv")).size() - 1);
        JsonNode m = run.summary().get("metrics");
        assertEquals(run.summary().get("workload").get("jobs").asInt(),
                m.get("completed").asInt() + m.get("rejected").asInt(), "completed + rejected = jobs read");
        assertEquals(ids.size(), run.summary().get("workload").get("jobs").asInt(), "one job id per job read");
    }

    /** The example on CTC's real trace: a failure model, a failure trace, maintenance and checkpoints. */
    @Test
    void theExampleOnCtcIsFeasibleAndReproducible() throws IOException {
        SharedData.trace("CTC-SP2-1996-3.1-cln");
        Path experiment = Path.of("..", "examples", "failures", "experiment.yaml");
        Run a = run(experiment, "a");
        check(a, Map.of("ctc", 430));
        JsonNode f = a.summary().get("failures");
        assertTrue(f.get("killed").asLong() > 0 && f.get("reservationsBroken").asLong() > 0);
        assertTrue(f.get("goodput").asDouble() < 1 && f.get("availability").get("ctc").asDouble() < 1);
        assertTrue(Files.readString(a.out().resolve("outages.csv")).contains(",maintenance"));
        Run b = run(experiment, "b");
        assertEquals(Files.readString(a.out().resolve("jobs.csv")), Files.readString(b.out().resolve("jobs.csv")));
        assertEquals(Files.readString(a.out().resolve("outages.csv")),
                Files.readString(b.out().resolve("outages.csv")));
    }

    /** Every conventional strategy over two machines on a real trace, under a failure model of 8-node failures. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"local, easy", "local, conservative", "jobsharing, easy", "jobsharing, conservative",
        "jobsharing, fcfs", "multisite, easy"})
    void everyConventionalStrategyStaysFeasible(String strategy, String policy) throws IOException {
        Path e = dir.resolve(strategy + "-" + policy + ".yaml");
        Files.writeString(e, "name: f\nworkload: {swf: " + SharedData.trace("KTH-SP2-1996-2.1-cln")
                + ", shape: {to: 3000}}\nsites: [{name: s1, machines: [{name: m1, nodes: 64}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 64}]}]\nstrategy: " + strategy + "\npolicy: " + policy
                + "\nfailures:\n  checkpoint: 1800\n  models:\n    - between: {mean: 100000}\n"
                + "      repair: {distribution: weibull, scale: 7200, shape: 0.8}\n      nodes: 8\n");
        check(run(e, "out"), Map.of("m1", 64, "m2", 64));
    }

    /**
     * The market on CTC over four 128-node machines (co-allocating its wide jobs), under 16-node failures about daily,
     * a failure trace and maintenance windows: every rescheduling, with and without latency and checkpoints.
     */
    @ParameterizedTest(name = "{0}, latency {1}, checkpoint {2}")
    @CsvSource({"none, 0, 0", "compress, 0, 3600", "rebid, 0, 0", "compress, 30, 0", "rebid, 30, 1800"})
    void theMarketStaysFeasible(String rescheduling, int latency, int checkpoint) throws IOException {
        Files.writeString(dir.resolve("trace.csv"), "machine,nodes,start,end\nm1,all,200000,207200\n"
                + "m3,64,400000,430000\n");
        Files.writeString(dir.resolve("maintenance.csv"), "machine,nodes,start,end\nm2,32,100000,110000\n"
                + "m4,all,300000,303600\n");
        Path e = dir.resolve("market.yaml");
        Files.writeString(e, "name: f\nworkload: {swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + ", shape: {from: 10000, to: 11500, shift: true}}\nconfiguration: m128\nstrategy: market\n"
                + "market: {rescheduling: " + rescheduling + ", latency: " + latency + "}\n"
                + "failures:\n  trace: trace.csv\n  maintenance: maintenance.csv\n  checkpoint: " + checkpoint
                + "\n  models:\n    - between: {mean: 86400}\n"
                + "      repair: {distribution: weibull, scale: 3600, shape: 0.7}\n      nodes: 16\n");
        Run run = run(e, "out");
        check(run, Map.of("m1", 128, "m2", 128, "m3", 128, "m4", 128));
        JsonNode f = run.summary().get("failures");
        assertTrue(f.get("killed").asLong() > 0 && f.get("reservationsBroken").asLong() > 0, f.toString());
        String outages = Files.readString(run.out().resolve("outages.csv"));
        assertTrue(outages.contains("m2,0-31,100000,110000,maintenance"), outages);
        assertTrue(outages.contains("m4,0-127,300000,303600,maintenance"), outages);
        assertEquals(Files.readString(run.out().resolve("jobs.csv")),
                Files.readString(run(e, "again").out().resolve("jobs.csv")), "the same run twice");
    }

    /**
     * The market as above under node failures and domain outages together: a day's outage of s2 and outages drawn for
     * every domain (every few days, an hour long). Rounds time out, messages are lost, and still no job runs on a
     * failed node, every kill is accounted for and every job read ends completed or rejected.
     */
    @ParameterizedTest(name = "{0}, latency {1}")
    @CsvSource({"compress, 0", "rebid, 30"})
    void theMarketStaysFeasibleWhenDomainsAreUnreachable(String rescheduling, int latency) throws IOException {
        Files.writeString(dir.resolve("down.csv"), "domain,start,end\ns2,150000,236400\n");
        Path e = dir.resolve("market.yaml");
        Files.writeString(e, "name: f\nworkload: {swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + ", shape: {from: 10000, to: 11500, shift: true}}\nconfiguration: m128\nstrategy: market\n"
                + "market: {rescheduling: " + rescheduling + ", latency: " + latency + "}\n"
                + "failures:\n  outages: down.csv\n  outageModels:\n    - between: {mean: 200000}\n"
                + "      length: {mean: 3600}\n  models:\n    - between: {mean: 86400}\n"
                + "      repair: {distribution: weibull, scale: 3600, shape: 0.7}\n      nodes: 16\n");
        Run run = run(e, "out");
        check(run, Map.of("m1", 128, "m2", 128, "m3", 128, "m4", 128));
        JsonNode o = run.summary().get("failures").get("domainOutages");
        assertTrue(o.get("outages").asInt() > 1 && o.get("messagesLost").asLong() > 0
                && o.get("roundsTimedOut").asLong() > 0 && o.get("requestsDelayed").asLong() > 0, o.toString());
        assertTrue(o.get("downSeconds").get("s2").asLong() >= 86400, o.toString());
        Run again = run(e, "again");
        assertEquals(Files.readString(run.out().resolve("jobs.csv")), Files.readString(again.out().resolve("jobs.csv")),
                "the same run twice");
        assertEquals(o, again.summary().get("failures").get("domainOutages"));
    }

    /** Without a failures block the files are those of a run of the same experiment as before: no outages.csv. */
    @Test
    void withoutFailuresNothingIsAdded() throws IOException {
        Path e = dir.resolve("plain.yaml");
        Files.writeString(e, "name: p\nworkload: {generate: {model: poisson, jobs: 200, nodes: 16, load: 0.8, "
                + "meanRunTime: 100}}\nmachines: [{name: m1, nodes: 16}]\npolicy: conservative\n");
        Run r = run(e, "plain");
        assertFalse(Files.exists(r.out().resolve("outages.csv")));
        assertFalse(r.summary().has("failures"));
        Set<String> reasons = new HashSet<>();
        for (String line : Files.readAllLines(r.out().resolve("jobs.csv"))) {
            reasons.add(line.split(",", -1)[13]);
        }
        assertEquals(Set.of("reason", ""), reasons);
    }
}
