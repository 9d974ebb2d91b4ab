package gridmarket.app;

import gridmarket.app.commands.RunCommand;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whole runs through the command line: results complete, feasible and reproducible. */
class RunCommandTest {
    @TempDir
    Path dir;

    private Path experiment(String trace, int nodes, String policy) throws IOException {
        Path e = dir.resolve(trace + "-" + policy + ".yaml");
        Files.writeString(e, "name: " + policy + "\nworkload: {swf: " + SharedData.trace(trace) + "}\n"
                + "machines: [{name: m1, nodes: " + nodes + "}]\npolicy: " + policy + "\n");
        return e;
    }

    @ParameterizedTest(name = "{2} on {0}")
    @CsvSource({
        "lublin_256, 256, fcfs", "lublin_256, 256, easy", "lublin_256, 256, conservative", "lublin_256, 256, list",
        "KTH-SP2-1996-2.1-cln, 100, easy", "KTH-SP2-1996-2.1-cln, 100, conservative",
        "SDSC-SP2-1998-4.2-cln, 128, easy", "SDSC-SP2-1998-4.2-cln, 128, conservative",
        "lublin_256, 256, mpfs", "lublin_256, 256, lpfs", "lublin_256, 256, fpfs", "lublin_256, 256, fpmpfs",
        "KTH-SP2-1996-2.1-cln, 100, fpmpfs", "SDSC-SP2-1998-4.2-cln, 128, fpfs",
        "lublin_256, 256, smart-ffia", "lublin_256, 256, smart-nfiw-easy", "lublin_256, 256, psrs-conservative",
        "KTH-SP2-1996-2.1-cln, 100, smart-ffia-conservative", "KTH-SP2-1996-2.1-cln, 100, smart-nfiw",
        "KTH-SP2-1996-2.1-cln, 100, psrs-easy", "KTH-SP2-1996-2.1-cln, 100, psrs",
        "SDSC-SP2-1998-4.2-cln, 128, smart-ffia-easy", "SDSC-SP2-1998-4.2-cln, 128, smart-nfiw-conservative",
    })
    void everyRunIsFeasibleAndComplete(String trace, int nodes, String policy) throws IOException {
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", experiment(trace, nodes, policy).toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Set<Long> expected = JobsCsvFeasibility.expectedIdsFromSwf(SharedData.trace(trace));
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), Map.of("m1", nodes), expected);
    }

    /** Seed 004's workloads: every scheme, with and without WaitLimit, on both processor distributions. */
    @ParameterizedTest(name = "{0} waitLimit {1} on {2}")
    @CsvSource({
        "mpfs, 600, uniform", "lpfs, 600, uniform", "fpfs, 600, uniform", "fpmpfs, 600, uniform",
        "fplpfs, 600, uniform", "fpfs, 30, cenju3", "fpmpfs, 30, cenju3", "mpfs, 30, cenju3", "lpfs, 30, cenju3",
        "fpmpfs, , uniform", "mpfs, , cenju3",
    })
    void generatedWorkloadRunsAreFeasible(String policy, Long waitLimit, String processors) throws IOException {
        int nodes = processors.equals("uniform") ? 256 : 8;
        Path e = dir.resolve(policy + ".yaml");
        Files.writeString(e, "name: " + policy + "\nworkload: {generate: {model: poisson, jobs: 3000, nodes: " + nodes
                + ", load: 0.9, meanRunTime: 10, processors: " + processors + "}}\nmachines: [{name: m1, nodes: "
                + nodes + "}]\npolicy: " + policy + (waitLimit == null ? "" : "\nwaitLimit: " + waitLimit) + "\n");
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        Set<Long> expected = new java.util.HashSet<>();
        for (long id = 1; id <= 3000; id++) {
            expected.add(id);
        }
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), Map.of("m1", nodes), expected);
    }

    @Test
    void forkJoinRunWritesReplicationsAndIntervals() throws IOException {
        Path e = dir.resolve("fj.yaml");
        Files.writeString(e, "name: fj\nmodel: forkjoin\nforkjoin: {policy: sqfcfs, jobs: 24, warmup: 200, "
                + "measured: 2000, replications: 4}\n");
        Path out = dir.resolve("fj");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> reps = Files.readAllLines(out.resolve("replications.csv"));
        assertEquals(5, reps.size(), "header and 4 replications");
        var summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("sqfcfs", summary.at("/policy").asText());
        double mean = 0;
        for (String line : reps.subList(1, reps.size())) {
            mean += Double.parseDouble(line.split(",")[2]) / 4;
        }
        assertEquals(mean, summary.at("/metrics/throughput").asDouble(), 1e-12, "the mean of the replications");
        assertTrue(summary.at("/metrics/throughputHalfWidth").asDouble() > 0);
        // the same experiment again: the same replications
        Path again = dir.resolve("fj2");
        assertEquals(0, Cli.run("run", e.toString(), "--out", again.toString()).exit());
        assertEquals(reps, Files.readAllLines(again.resolve("replications.csv")));
    }

    @Test
    void ibtsRunComparesBothSchedulersOnTheSameJobs() throws IOException {
        Path e = dir.resolve("ibts.yaml");
        Files.writeString(e, "name: ib\nmodel: ibts\nibts: {processors: 64, jobsPerClass: 5, meanLength: 500, "
                + "replications: 3}\n");
        Path out = dir.resolve("ib");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        var summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertTrue(summary.at("/metrics/ibtsRunningTimePercent").asDouble() > 100, "IBTS-parallel is faster");
        assertTrue(summary.at("/metrics/ibtsIdleTimePercent").asDouble()
                > summary.at("/metrics/parallelIdleTimePercent").asDouble(), "and idles less");
        assertEquals(4, Files.readAllLines(out.resolve("replications.csv")).size());
        // the folder is this experiment's: a second run replaces it, another experiment is refused, as for a grid
        assertEquals(0, Cli.run("run", e.toString(), "--out", out.toString()).exit());
        Path other = dir.resolve("other.yaml");
        Files.writeString(other, "name: ib2\nmodel: ibts\nibts: {processors: 32, jobsPerClass: 5, meanLength: 500, "
                + "replications: 1}\n");
        Cli refused = Cli.run("run", other.toString(), "--out", out.toString());
        assertEquals(2, refused.exit(), refused.err());
        assertTrue(refused.err().contains("holds the results of a different experiment"), refused.err());
        assertEquals(4, Files.readAllLines(out.resolve("replications.csv")).size(), "left as it was");
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource(delimiter = '|', value = {
        "smart-nfiw-conservative | {weighted: true, recompute: 1}",
        "smart-ffia-easy | {weighted: true, gamma: 3}",
        "psrs-conservative | {weighted: true}",
        "psrs | {recompute: 0.5}",
    })
    void everyParameterisedOrderIsFeasible(String policy, String parameters) throws IOException {
        Path e = experiment("KTH-SP2-1996-2.1-cln", 100, policy);
        Files.writeString(e, Files.readString(e) + "policyParameters: " + parameters + "\n");
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        Set<Long> expected = JobsCsvFeasibility.expectedIdsFromSwf(SharedData.trace("KTH-SP2-1996-2.1-cln"));
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), Map.of("m1", 100), expected);
    }

    /**
     * PFCFS1-3 of thesis Table 4.1, and a setting with many switches and a resume penalty, on 6,000 CTC jobs on 128
     * nodes (jobs wider dropped, as in chapter 4): the checker replays every piece of every preempted job.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "pfcfs1 |", "pfcfs2 |", "pfcfs3 |", "pfcfs | {x: 45, n: unlimited, delay: 120, delta: 60, penalty: 5}",
    })
    void pfcfsOnCtcIsFeasiblePieceByPiece(String policy, String parameters) throws IOException {
        Path e = dir.resolve(policy + ".yaml");
        Files.writeString(e, "name: " + policy + "\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 16000, maxNodes: 128}\nmachines: [{name: m1, nodes: 128}]\npolicy: "
                + policy + (parameters == null ? "" : "\npolicyParameters: " + parameters) + "\n");
        Path out = dir.resolve("out");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        Set<Long> expected = new java.util.HashSet<>();
        long preempted = 0;
        long pieceCount = 0;
        int pieces = List.of(rows.get(0).split(",")).indexOf("pieces");
        for (String line : rows.subList(1, rows.size())) {
            expected.add(Long.parseLong(line.substring(0, line.indexOf(','))));
            String p = line.split(",", -1)[pieces];
            preempted += p.isEmpty() ? 0 : 1;
            pieceCount += p.isEmpty() ? 0 : p.split(";").length;
        }
        // schedule.swf: every piece is a partial execution after its job's summary line, and the file reads back as
        // the jobs of jobs.csv, one each
        long partial = Files.readAllLines(out.resolve("schedule.swf")).stream().filter(l -> !l.startsWith(";"))
                .map(l -> l.strip().split("\\s+")[10]).filter(st -> st.equals("2") || st.equals("3")).count();
        assertEquals(pieceCount, partial);
        assertEquals(expected.size(), new gridmarket.sim.workload.SwfReader().read(out.resolve("schedule.swf"))
                .jobs().size());
        assertTrue(expected.size() > 5900, "the 6,000 jobs but the few wider than 128, dropped: " + expected.size());
        assertTrue(preempted > 10, "wide jobs preempted others: " + preempted);
        List<String> found = JobsCsvFeasibility.violations(out.resolve("jobs.csv"), Map.of("m1", 128), expected,
                parameters == null ? 0 : 5);
        assertEquals(List.of(), found);
        // the backlog chart counts a preempted job's nodes only in its pieces, so utilization never passes 100 %
        var plot = (org.jfree.chart.plot.CombinedDomainXYPlot) new gridmarket.charts.Charts()
                .build(gridmarket.charts.ChartKind.BACKLOG, List.of(out), new gridmarket.charts.ChartOptions())
                .get(0).chart().getPlot();
        var utilization = ((org.jfree.chart.plot.XYPlot) plot.getSubplots().get(1)).getDataset();
        double peak = 0;
        for (int i = 0; i < utilization.getItemCount(0); i++) {
            peak = Math.max(peak, utilization.getYValue(0, i));
        }
        assertTrue(peak <= 1 + 1e-9 && peak > 0.9, "utilization peaks at " + peak);
    }

    /** Theorem 1 on a real trace: with no job wider than half the machine, PFCFS is FCFS, job by job. */
    @Test
    void pfcfsWithoutWideJobsIsFcfsOnCtc() throws IOException {
        Map<String, String> starts = new java.util.HashMap<>();
        for (String policy : List.of("fcfs", "pfcfs1")) {
            Path e = dir.resolve(policy + ".yaml");
            Files.writeString(e, "name: " + policy + "\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                    + "\n  shape: {from: 10000, to: 16000, maxNodes: 64}\nmachines: [{name: m1, nodes: 128}]\n"
                    + "policy: " + policy + "\n");
            Path out = dir.resolve(policy);
            Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
            assertEquals(0, r.exit(), r.err());
            StringBuilder b = new StringBuilder();
            List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
            int pieces = List.of(lines.get(0).split(",")).indexOf("pieces");
            for (String line : lines) {
                String[] f = line.split(",", -1);
                b.append(f[0]).append(' ').append(f[5]).append(' ').append(f[pieces]).append('\n');
            }
            starts.put(policy, b.toString());
        }
        assertEquals(starts.get("fcfs"), starts.get("pfcfs1"));
    }

    /** Table 5.1's m64: machine name to nodes. */
    private static Map<String, Integer> m64Nodes() {
        Map<String, Integer> m64 = new java.util.HashMap<>();
        int[] sizes = {64, 64, 64, 64, 32, 32, 32, 32, 32, 32, 8, 8, 8, 8, 8, 8, 8, 8};
        for (int i = 0; i < sizes.length; i++) {
            m64.put("m" + (i + 1), sizes[i]);
        }
        return m64;
    }

    /** The job ids of a jobs.csv's rows (header first). */
    private static Set<Long> jobIds(List<String> rows) {
        Set<Long> ids = new java.util.HashSet<>();
        for (String line : rows.subList(1, rows.size())) {
            ids.add(Long.parseLong(line.substring(0, line.indexOf(','))));
        }
        return ids;
    }

    @Test
    void multiSiteRunIsFeasibleOnEveryMachine() throws IOException {
        Path e = dir.resolve("multisite.yaml");
        Files.writeString(e, "name: ms\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 13000, split: none}\nconfiguration: m64\nstrategy: multisite\n"
                + "multisite: {overhead: 0.3}\n");
        Path out = dir.resolve("ms");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        Map<String, Integer> m64 = m64Nodes();
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        Set<Long> expected = jobIds(rows);
        assertEquals(3000, expected.size());
        assertTrue(rows.stream().anyMatch(l -> l.contains(",completed,") && !l.contains(",1,completed,")),
                "some jobs ran multi-site");
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), m64, expected);
    }

    @Test
    void conservativeJobSharingRunIsFeasibleOnEveryMachine() throws IOException {
        Path e = dir.resolve("cons.yaml");
        Files.writeString(e, "name: cj\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 13000, split: largest}\nconfiguration: m64\nstrategy: jobsharing\n"
                + "policy: conservative\n");
        Path out = dir.resolve("cj");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
        Map<String, Integer> m64 = m64Nodes();
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        Set<Long> expected = jobIds(rows);
        assertTrue(expected.size() >= 3000, "every job, wide ones split: " + expected.size());
        long machines = rows.stream().skip(1).map(l -> l.split(",")[10]).distinct().count();
        assertTrue(machines > 4, "jobs spread over the machines: " + machines);
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), m64, expected);
    }

    @Test
    void marketRunIsFeasibleAndReportsItsTrading() throws IOException {
        Path e = dir.resolve("market.yaml");
        Files.writeString(e, "name: mkt\nworkload:\n  swf: " + SharedData.trace("CTC-SP2-1996-3.1-cln")
                + "\n  shape: {from: 10000, to: 12000, split: local}\nconfiguration: m128\nstrategy: market\n"
                + "market: {mf: MF1, uf: UF3}\n");
        Path out = dir.resolve("m");
        Cli r = Cli.run("run", e.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Set<Long> expected = new java.util.HashSet<>();
        for (String line : Files.readAllLines(out.resolve("jobs.csv")).subList(1, 0 + Files.readAllLines(
                out.resolve("jobs.csv")).size())) {
            expected.add(Long.parseLong(line.substring(0, line.indexOf(','))));
        }
        assertTrue(expected.size() > 1900, "the extract's jobs: " + expected.size());
        Map<String, Integer> m128 = Map.of("m1", 128, "m2", 128, "m3", 128, "m4", 128);
        JobsCsvFeasibility.assertFeasible(out.resolve("jobs.csv"), m128, expected);
        var summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("MF1", summary.at("/market/mf").asText());
        long messages = 0;
        List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            messages += Long.parseLong(f[header.indexOf("messages")]);
            if (f[header.indexOf("status")].equals("completed")) {
                assertTrue(Long.parseLong(f[header.indexOf("start")])
                        <= Long.parseLong(f[header.indexOf("promised_start")]), "starts no later than promised: " + line);
                assertTrue(Double.parseDouble(f[header.indexOf("price")]) >= 0, "a price is never negative: " + line);
            }
        }
        assertEquals(summary.at("/market/messages").asLong(), messages, "per-job messages add up to the total");
    }

    @Test
    void sameExperimentTwiceGivesIdenticalResults() throws IOException {
        Path e = experiment("lublin_256", 256, "conservative");
        assertEquals(0, Cli.run("run", e.toString(), "--out", dir.resolve("a").toString()).exit());
        assertEquals(0, Cli.run("run", e.toString(), "--out", dir.resolve("b").toString()).exit());
        for (String f : new String[] {"jobs.csv", "schedule.swf", "experiment.yaml"}) {
            assertEquals(Files.readString(dir.resolve("a/" + f)), Files.readString(dir.resolve("b/" + f)), f);
        }
        assertEquals(metrics(dir.resolve("a/summary.json")), metrics(dir.resolve("b/summary.json")));
        assertTrue(Files.size(dir.resolve("a/jobs.csv")) > 100_000);
    }

    @Test
    void defaultExperimentRunsAndTheSeedMatters() throws IOException {
        Cli r = Cli.run("run", "--out", dir.resolve("d").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("default-easy: 2000 jobs, 2000 completed"), r.out());
        String jobs = Files.readString(dir.resolve("d/jobs.csv"));
        assertEquals(2001, jobs.lines().count());
        Path other = dir.resolve("seed2.yaml");
        String text = new String(RunCommand.class.getResourceAsStream(RunCommand.DEFAULT_EXPERIMENT).readAllBytes())
                .replace("seed: 1", "seed: 2");
        Files.writeString(other, text);
        assertEquals(0, Cli.run("run", other.toString(), "--out", dir.resolve("s2").toString()).exit());
        assertNotEquals(jobs, Files.readString(dir.resolve("s2/jobs.csv")));
    }

    @Test
    void resultsFolderHoldsEveryFileAndNoPartialOnes() throws IOException {
        Path out = dir.resolve("r");
        assertEquals(0, Cli.run("run", experiment("lublin_256", 256, "easy").toString(), "--out", out.toString())
                .exit());
        try (var s = Files.list(out)) {
            assertEquals(Set.of("jobs.csv", "schedule.swf", "experiment.yaml", "summary.json", "charts"),
                    s.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }
        var summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(483419.148, summary.at("/metrics/awrt").asDouble(), 0.001, "AWRT in the reference README");
        assertEquals(97155.995, summary.at("/metrics/meanWait").asDouble(), 0.001, "mean wait in the README");
        assertEquals(10000, summary.at("/metrics/completed").asInt());
        assertTrue(Files.readString(out.resolve("experiment.yaml")).contains("policy: easy"));
    }

    private static String metrics(Path summary) throws IOException {
        String s = Files.readString(summary);
        return s.substring(s.indexOf("\"metrics\""), s.indexOf("\"performance\""));
    }
}
