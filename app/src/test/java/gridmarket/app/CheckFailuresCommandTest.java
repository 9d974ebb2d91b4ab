package gridmarket.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gridmarket.agents.SharedData;
import gridmarket.app.check.JobsCsvFeasibility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code gridmarket check} on a real run with node failures (the market on CTC jobs 10,000-11,500 over m128, 16-node
 * failures about daily and a whole-machine failure from a trace), on a copy whose {@code summary.json} counts one
 * killed attempt more than its {@code jobs.csv} lists, and on a run whose killed job is then rejected.
 */
class CheckFailuresCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static Path run;

    @BeforeAll
    static void runTheMarketUnderFailures() throws IOException {
        Files.writeString(dir.resolve("trace.csv"), "machine,nodes,start,end\nm1,all,200000,207200\n");
        Path e = dir.resolve("market.yaml");
        Files.writeString(e, "name: f\nworkload: {swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + ", shape: {from: 10000, to: 11500, shift: true}}\nconfiguration: m128\nstrategy: market\n"
                + "failures:\n  trace: trace.csv\n  models:\n    - between: {mean: 86400}\n"
                + "      repair: {distribution: weibull, scale: 3600, shape: 0.7}\n      nodes: 16\n");
        run = dir.resolve("runs").resolve("market");
        Cli r = Cli.run("run", e.toString(), "--out", run.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
    }

    @Test
    void aRunWithFailuresPassesWithItsKillsCounted() throws IOException {
        long killed = JSON.readTree(run.resolve("summary.json").toFile()).get("failures").get("killed").asLong();
        assertTrue(killed > 0, "the failures killed jobs");
        assertEquals(killed, JobsCsvFeasibility.killedAttempts(run.resolve("jobs.csv")));
        Cli r = Cli.run("check", run.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(run + ": feasible"), r.out());
    }

    /**
     * A job killed and then rejected, written and checked end to end (the case of MarketFailuresTest): job 1 (4 nodes,
     * 1000 s) runs on m1 from 0, m1 fails wholly over [100, 1200), and its new request's only offer, at 1200, costs
     * 1200 (MF StartTime) against a JobBudget of 500. Its row is rejected with the killed attempt as its piece, and
     * check counts that kill as the summary does.
     */
    @Test
    void aJobRejectedAfterAKillKeepsItsAttemptInJobsCsvAndPassesTheCheck() throws IOException {
        Path own = Files.createDirectories(dir.resolve("rejected"));
        Files.writeString(own.resolve("jobs.swf"), "1 0 0 1000 4 -1 -1 4 1000 -1 1 1 1 -1 1 -1 -1 -1\n"
                + "2 3000 0 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1\n");
        Files.writeString(own.resolve("failures.csv"), "machine,nodes,start,end\nm1,all,100,1200\n");
        Path e = own.resolve("experiment.yaml");
        Files.writeString(e, "name: r\nworkload: {swf: jobs.swf}\nmachines: [{name: m1, nodes: 4}]\n"
                + "strategy: market\nmarket: {mf: 'StartTime', uf: UF1, jobBudget: 500, searchTime: 0, "
                + "rescheduling: none}\nfailures:\n  trace: failures.csv\n");
        Path out = own.resolve("run");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        String[] job1 = rows.get(1).split(",", -1);
        assertEquals("rejected", job1[header.indexOf("status")]);
        assertEquals("0-100", job1[header.indexOf("pieces")]);
        assertTrue(job1[header.indexOf("reason")].startsWith("killed on m1 nodes 0-3 at 100 (run since 0); "),
                rows.get(1));
        assertEquals(1, JSON.readTree(out.resolve("summary.json").toFile()).get("failures").get("killed").asLong());
        Cli c = Cli.run("check", out.toString());
        assertEquals(0, c.exit(), c.out() + c.err());
        assertTrue(c.out().contains(out + ": feasible, 2 jobs read"), c.out());
    }

    @Test
    void aSummaryCountingAKillJobsCsvDoesNotListFailsTheCheck() throws IOException {
        Path doctored = Files.createDirectories(dir.resolve("doctored"));
        for (String f : List.of("jobs.csv", "outages.csv", "experiment.yaml")) {
            Files.copy(run.resolve(f), doctored.resolve(f));
        }
        ObjectNode summary = (ObjectNode) JSON.readTree(run.resolve("summary.json").toFile());
        long listed = summary.get("failures").get("killed").asLong();
        ((ObjectNode) summary.get("failures")).put("killed", listed + 1);
        JSON.writeValue(doctored.resolve("summary.json").toFile(), summary);
        Cli r = Cli.run("check", doctored.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(doctored + ": NOT feasible"), r.out());
        assertTrue(r.out().contains("  summary.json counts " + (listed + 1)
                + " killed attempt(s) (failures.killed), jobs.csv lists " + listed + "\n"), r.out());
    }
}
