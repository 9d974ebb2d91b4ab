package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.result.Piece;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The market with a domain whose MetaManager cannot be reached, on a hand-made case with 10 s per hop between two
 * single-machine domains (s1: m1, s2: m2, 4 nodes each), every price 1 (so ties go to the earlier start, then to the
 * lower machine index) and UF1; each start worked out by hand. s2 is unreachable over [100, 2000).
 */
class MarketOutagesTest {
    @TempDir
    Path dir;

    /** A job of site {@code site}: id = order + 1. */
    private static Job job(int order, int site, long submit, int nodes, long runTime) {
        return new Job(order + 1, order, submit, runTime, runTime, nodes, 1, 1, runTime, 0, site);
    }

    private static final String GRID = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
            + "{name: s2, machines: [{name: m2, nodes: 4}]}]";

    /** B (s1, at 0, 1000 s), D (s2, at 60, 100 s), A (s1, at 200, 100 s), C (s2, at 300, 100 s), 4 nodes each. */
    private static final Job[] JOBS = {job(0, 0, 0, 4, 1000), job(1, 1, 60, 4, 100), job(2, 0, 200, 4, 100),
            job(3, 1, 300, 4, 100)};

    private RunResult run(String outages, String more) throws IOException {
        return run(GRID, outages, more, JOBS);
    }

    /** The market above on {@code grid}, with {@code more} keys of the {@code failures} block beside the outages. */
    private RunResult run(String grid, String outages, String more, Job... jobs) throws IOException {
        String keys = "";
        if (outages != null) {
            Files.writeString(dir.resolve("outages.csv"), "domain,start,end\n" + outages);
            keys = "failures:\n  outages: " + dir.resolve("outages.csv") + "\n" + more;
        }
        String yaml = "name: t\nworkload: {generate: {model: poisson, jobs: 10, nodes: 4, load: 0.5, "
                + "meanRunTime: 100}}\n" + grid + "\nstrategy: market\n"
                + "market: {mf: '1', uf: UF1, rescheduling: none, latency: 10}\n" + keys;
        ExperimentSpec spec = new ExperimentLoader().load("t.yaml", yaml, dir);
        return HeadlessRun.run(new GridMarket(1, spec, new Workload("hand-made", List.of(), List.of(jobs), Map.of())));
    }

    private static List<Object> placed(RunResult r, long id) {
        JobOutcome o = r.outcomes().stream().filter(x -> x.job().id() == id).findFirst().orElseThrow();
        return List.of(o.machine(), o.start(), o.end());
    }

    /**
     * Without the outage: B's round at 0 hears m1 and m2 (s2 answers at 10), decides at 20 for starts from 51 (five
     * hops and a second) and takes m1 (the tie's lower index) to 1051; D's (s2, at 60) decides at 80: m2 at 111; A's
     * (s1, at 200) hears m1 at 1051 and m2 (free from 211) at 251: m2 at 251; C's (s2, at 300) m2 at 351.
     */
    @Test
    void withoutOutagesTheJobsGoWhereTheRoundsSendThem() throws IOException {
        RunResult r = run(null, "");
        assertEquals(List.of("m1", 51L, 1051L), placed(r, 1));
        assertEquals(List.of("m2", 111L, 211L), placed(r, 2));
        assertEquals(List.of("m2", 251L, 351L), placed(r, 3));
        assertEquals(List.of("m2", 351L, 451L), placed(r, 4));
        assertNull(r.domainOutages());
    }

    /**
     * s2 down from 100: D's reservation on m2 (accepted at 80, within s2) still starts at its promised 111 (the
     * machine did not fail). A's call to s2 at 200 would arrive at 210 and is lost; its round waits for the answer's
     * round trip (20 s) and the timeout (60 s), and at 280 gives up (m1's offer is told it lost) and asks again
     * without s2: m1 alone, at no hop, so for starts from 280: m1 at 1051, after B. C's user (s2) submits at 300
     * while s2 is down: the request waits until 2000, when s2's round hears m2 at once and m1 at 2010, and decides
     * at 2020 for starts from 2051: both free, m1 (the lower index) at 2051.
     */
    @Test
    void aRoundTimesOutAndGoesOnWithoutTheDomainWhoseUsersWait() throws IOException {
        RunResult r = run("s2,100,2000\n", "");
        assertEquals(List.of("m1", 51L, 1051L), placed(r, 1));
        assertEquals(List.of("m2", 111L, 211L), placed(r, 2), "a reservation on a down domain's machine runs");
        assertEquals(111L, r.trades().get(1).promisedStart());
        assertEquals(List.of("m1", 1051L, 1151L), placed(r, 3), "placed without the unreachable domain");
        assertEquals(List.of("m1", 2051L, 2151L), placed(r, 4), "waited for its domain");
        // A: ask m1 and s2 (lost), m1's offer; given up: m1's offer lost; ask m1, its offer, accept
        assertEquals(3 + 1 + 3, r.trades().get(2).messages());
        assertEquals(2, r.trades().get(2).attempts());
        Map<String, Object> o = r.domainOutages();
        assertEquals(1, o.get("outages"));
        assertEquals(Map.of("s1", 0L, "s2", 1900L), o.get("downSeconds"));
        assertEquals(1L, o.get("messagesLost"));
        assertEquals(1L, o.get("callsLost"));
        assertEquals(1L, o.get("roundsTimedOut"));
        assertEquals(1L, o.get("requestsDelayed"));
        assertEquals(1700L, o.get("delaySeconds"));
        assertEquals(0L, o.get("requestsRedirected"));
        assertEquals(60L, o.get("timeout"));
        assertEquals("wait", o.get("fallback"));
    }

    /**
     * With {@code fallback: s1} C's request goes to s1 at 300; its round asks m1 (busy to 1151 with B and A) and s2
     * (lost), gives up at 300 + 20 + 30 = 350 with a 30 s timeout, asks m1 alone and takes it at 1151. A's round
     * gives up at 250 and asks again for starts from 250: m1 at 1051.
     */
    @Test
    void aFallbackDomainTakesTheUnreachableDomainsRequests() throws IOException {
        RunResult r = run("s2,100,2000\n", "  fallback: s1\n  outageTimeout: 30\n");
        assertEquals(List.of("m1", 1051L, 1151L), placed(r, 3));
        assertEquals(List.of("m1", 1151L, 1251L), placed(r, 4), "sent to the fallback domain");
        Map<String, Object> o = r.domainOutages();
        assertEquals(2L, o.get("roundsTimedOut"));
        assertEquals(2L, o.get("messagesLost"));
        assertEquals(0L, o.get("requestsDelayed"));
        assertEquals(1L, o.get("requestsRedirected"));
        assertEquals("s1", o.get("fallback"));
    }

    /** A one-node job of s2 submitted at 3000: the run lasts past the outages. */
    private static final Job LATE = job(9, 1, 3000, 1, 10);

    /**
     * s2 with two machines, m2 and m3. s1 down over [15, 100) while B's round (s1, at 0, 1000 s) is under way: m1
     * answers at home at 0, s2 hears the call at 10 and its answer, one message with m2's and m3's offers, would
     * arrive at 20, while s1 is down: 1 message and 2 offers lost. The round would time out at 0 + 2 x 10 + 60 = 80,
     * while s1 is still down, so at 100; since its own answers were lost, it asks both domains again: the answers are
     * in at 120, for starts from 100 + 51 = 151, every machine idle, m1 (the lowest index) at 151. No owner's notice
     * was under way: none held.
     */
    @Test
    void anAnswerToTheDownOriginLosesItsOffers() throws IOException {
        RunResult r = run("sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}, {name: m3, nodes: 4}]}]", "s1,15,100\n", "",
                job(0, 0, 0, 4, 1000), LATE);
        assertEquals(List.of("m1", 151L, 1151L), placed(r, 1));
        Map<String, Object> o = r.domainOutages();
        assertEquals(2L, o.get("offersLost"), "m2's and m3's");
        assertEquals(1L, o.get("messagesLost"), "s2's answer");
        assertEquals(0L, o.get("callsLost"), "the call reached s2; its answer was lost");
        assertEquals(1L, o.get("roundsTimedOut"));
        assertEquals(0L, o.get("noticesHeld"));
    }

    /**
     * B (s1, at 0, 1000 s) runs on m1 from 51 (as without outages). s1 is down over [250, 500) and m1 fails wholly
     * over [300, 400): m1's owner kills B at 300 (249 s x 4 nodes = 996 node-s lost) and tells s1 at once (no hop),
     * but s1 is down: the notice is held, not lost, and heard at 500. B's user asks again then: m1 (repaired at 400)
     * answers at once, s2 at 520, for starts from 551: both idle, m1 at 551. No answer of a round was lost.
     */
    @Test
    void anOwnersNoticeToTheDownDomainIsHeldUntilItIsBack() throws IOException {
        Files.writeString(dir.resolve("failures.csv"), "machine,nodes,start,end\nm1,all,300,400\n");
        RunResult r = run(GRID, "s1,250,500\n", "  trace: " + dir.resolve("failures.csv") + "\n",
                job(0, 0, 0, 4, 1000), LATE);
        JobOutcome b = r.outcomes().stream().filter(x -> x.job().id() == 1).findFirst().orElseThrow();
        assertEquals(List.of(new Piece(51, 300), new Piece(551, 1551)), b.pieces());
        assertEquals("m1", b.machine());
        assertEquals(996, r.failures().lostNodeSeconds());
        Map<String, Object> o = r.domainOutages();
        assertEquals(1L, o.get("noticesHeld"));
        assertEquals(0L, o.get("messagesLost"));
        assertEquals(0L, o.get("offersLost"));
        assertEquals(0L, o.get("roundsTimedOut"));
    }

    /**
     * The timeout's arithmetic, on three single-machine domains one hop apart (m1, m2, m3, 4 nodes each), s2 down over
     * [100, 2000). B (s1, at 0, 1000 s): every machine idle, m1 (the lowest index) at 51, to 1051. A (s1, at 200,
     * 100 s) asks m1 (at home), s2 (the call arrives at 210 and is lost) and s3 (its answer is in at 220). The round
     * asked one hop deep (d = 1, L = 10 s), so it waits until 200 + 2 d L + T = 220 + T (T the outage timeout) and
     * gives up then. Its new round asks m1 and s3 only, still one hop deep: offers are for starts 5 d L + 1 = 51 s
     * after it began; m3 is idle, m1 is B's until 1051, so A starts on m3 at 220 + T + 51: at 331 with the default
     * T = 60 s, at 296 with T = 25 s. (Without the outage it would start at 251 on m2, the lower index of the idle
     * machines.)
     */
    @ParameterizedTest(name = "outageTimeout {0}")
    @CsvSource({"default, 60, 331", "25, 25, 296"})
    void aRoundGivesUpOnADownDomainAfterTwoHopsOfLatencyAndTheTimeout(String setting, long t, long start)
            throws IOException {
        String grid = "sites: [{name: s1, machines: [{name: m1, nodes: 4}]}, "
                + "{name: s2, machines: [{name: m2, nodes: 4}]}, {name: s3, machines: [{name: m3, nodes: 4}]}]";
        Job[] jobs = {job(0, 0, 0, 4, 1000), job(1, 0, 200, 4, 100), LATE};
        String keys = setting.equals("default") ? "" : "  outageTimeout: " + setting + "\n";
        RunResult r = run(grid, "s2,100,2000\n", keys, jobs);
        assertEquals(List.of("m1", 51L, 1051L), placed(r, 1));
        long giveUp = 200 + 2 * 1 * 10 + t;
        assertEquals(giveUp + 5 * 1 * 10 + 1, start, "the case's start, worked out by hand");
        assertEquals(List.of("m3", start, start + 100), placed(r, 2));
        Map<String, Object> o = r.domainOutages();
        assertEquals(1L, o.get("roundsTimedOut"));
        assertEquals(1L, o.get("callsLost"));
        assertEquals(t, o.get("timeout"));
        assertEquals(List.of("m2", 251L, 351L), placed(run(grid, null, "", jobs), 2), "without the outage");
    }

    @Test
    void theSameSeedGivesTheSameOutagesFromAModel() throws IOException {
        String models = "  outageModels:\n    - between: {distribution: exponential, mean: 400}\n"
                + "      length: {distribution: exponential, mean: 300}\n";
        RunResult a = run("s2,100,101\n", models);
        RunResult b = run("s2,100,101\n", models);
        assertEquals(a.domainOutages(), b.domainOutages());
        assertEquals(a.outcomes().stream().map(x -> List.of(x.machine(), x.start())).toList(),
                b.outcomes().stream().map(x -> List.of(x.machine(), x.start())).toList());
        assertEquals(JOBS.length, a.outcomes().size(), "every job completed or rejected");
    }
}
