package gridmarket.app;

import gridmarket.agents.SharedData;
import gridmarket.results.JobRow;
import gridmarket.results.JobsCsv;
import gridmarket.sim.result.JobStatus;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batsim's formats: workloads converted SWF -> Batsim JSON -> SWF keep every job, runs on a Batsim workload equal
 * runs on its SWF, and Batsim's {@code jobs.csv}, read back by a reader written from Batsim's documentation (not
 * from gridmarket's writer), holds the schedule of gridmarket's own {@code jobs.csv}.
 */
class BatsimFormatsTest {
    /** Batsim's jobs.csv columns, in Batsim's order (Batsim's documentation, "Jobs" output). */
    private static final String BATSIM_HEADER = "job_id,workload_name,profile,submission_time,"
            + "requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,"
            + "finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata";

    @TempDir
    Path dir;

    private static Path extract() {
        try {
            return Path.of(BatsimFormatsTest.class.getResource("/batsim/CTC-SP2-1996-3.1-cln.first1500.swf.gz")
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path trace(String name) {
        return "extract".equals(name) ? extract() : SharedData.trace(name);
    }

    @ParameterizedTest(name = "{0}, Batsim {1}")
    @CsvSource({"extract, 4", "extract, 5", "KTH-SP2-1996-2.1-cln, 4", "CTC-SP2-1996-3.1-cln, 5"})
    void swfToBatsimToSwfKeepsEveryJob(String name, int version) {
        Path swf = trace(name);
        Path json = dir.resolve("w.json");
        Path back = dir.resolve("back.swf");
        Cli to = Cli.run("convert", swf.toString(), "--out", json.toString(), "--batsim-version", "" + version);
        assertEquals(0, to.exit(), to.err());
        Cli from = Cli.run("convert", json.toString(), "--out", back.toString());
        assertEquals(0, from.exit(), from.err());
        List<Job> before = new SwfReader().read(swf).jobs();
        List<Job> after = new SwfReader().read(back).jobs();
        assertEquals(before.size(), after.size(), "jobs");
        int ranToLimit = 0;
        for (int i = 0; i < before.size(); i++) {
            Job a = before.get(i);
            Job b = after.get(i);
            String job = "job " + a.id();
            assertEquals(a.id(), b.id(), job);
            assertEquals(a.submit(), b.submit(), job + " submit");
            assertEquals(a.runTime(), b.runTime(), job + " run time (no r + 1)");
            assertEquals(a.estimate(), b.estimate(), job + " estimate");
            assertEquals(a.nodes(), b.nodes(), job + " width");
            assertEquals(a.user(), b.user(), job + " user");
            ranToLimit += a.requestedTime() > 0 && a.runTime() >= a.requestedTime() ? 1 : 0;
        }
        // the jobs Batsim's own converter would drop are there
        assertTrue(ranToLimit > 0, "no job ran to its requested time: the test shows nothing");
        String text = readString(json);
        assertTrue(text.contains("\"type\": \"" + (version == 4 ? "delay" : "DelayProfile") + "\""), text.substring(0,
                200));
    }

    /** A run on a Batsim workload is the run on the SWF it was converted from, job by job. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"local-easy", "market-m128"})
    void runOnBatsimWorkloadEqualsRunOnItsSwf(String kind) throws IOException {
        Path json = dir.resolve("w.json");
        assertEquals(0, Cli.run("convert", extract().toString(), "--out", json.toString()).exit());
        Path swfRun = run(experiment("swf-" + kind, "swf: " + extract(), kind), "swf");
        Path jsonRun = run(experiment("json-" + kind, "batsim: " + json, kind), "json");
        List<String> a = Files.readAllLines(swfRun.resolve("jobs.csv"));
        List<String> b = Files.readAllLines(jsonRun.resolve("jobs.csv"));
        assertTrue(a.size() > 1400, "jobs: " + a.size());
        assertEquals(a, b);
    }

    private Path experiment(String name, String workload, String kind) throws IOException {
        Path e = dir.resolve(name + ".yaml");
        String grid = kind.equals("local-easy") ? "machines: [{name: m1, nodes: 338}]\nstrategy: local\npolicy: easy\n"
                : "configuration: m128\nstrategy: market\npolicy: easy\nmarket: {mf: MF1, uf: UF1, coAllocation: "
                + "needed, rescheduling: compress}\n";
        Files.writeString(e, "name: " + name + "\nseed: 1\nworkload: {" + workload + "}\n" + grid);
        return e;
    }

    private Path run(Path experiment, String out, String... more) {
        Path o = dir.resolve(out);
        List<String> args = new ArrayList<>(List.of("run", experiment.toString(), "--out", o.toString(),
                "--no-charts"));
        args.addAll(List.of(more));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return o;
    }

    /**
     * Batsim's jobs.csv of a market run on four machines (co-allocated jobs among them), read by {@link BatsimJobs}:
     * exact header, canonical interval sets, derived times as documented, and per job the start, end and node set
     * of gridmarket's jobs.csv (machine k's node i as resource 128 k + i, machines end to end in grid order).
     */
    @Test
    void batsimJobsHoldOurSchedule() throws IOException {
        Path out = run(experiment("market", "swf: " + extract(), "market-m128"), "market", "--batsim");
        Path batsimCsv = out.resolve("batsim/jobs.csv");
        assertEquals(BATSIM_HEADER, Files.readAllLines(batsimCsv).get(0));
        Map<String, BatsimJobs.Row> batsim = BatsimJobs.read(batsimCsv);
        Map<String, Integer> offset = Map.of("m1", 0, "m2", 128, "m3", 256, "m4", 384);
        Map<String, TreeSet<Integer>> ours = new HashMap<>();
        Map<String, JobRow> first = new HashMap<>();
        int multi = 0;
        for (JobRow r : JobsCsv.read(out.resolve("jobs.csv"))) {
            String id = r.part() == 0 ? "" + r.jobId() : r.jobId() + "." + r.part();
            first.putIfAbsent(id, r);
            TreeSet<Integer> nodes = ours.computeIfAbsent(id, k -> new TreeSet<>());
            multi += r.multisite() > 1 && nodes.isEmpty() ? 1 : 0;
            if (r.status() == JobStatus.COMPLETED) {
                for (String range : r.nodeIds().split(";")) {
                    String[] ab = range.split("-");
                    int a = Integer.parseInt(ab[0]);
                    int b = ab.length == 1 ? a : Integer.parseInt(ab[1]);
                    for (int n = a; n <= b; n++) {
                        nodes.add(offset.get(r.machine()) + n);
                    }
                }
            }
        }
        assertTrue(multi > 0, "no co-allocated job: the mapping of several machines is not shown");
        assertEquals(first.keySet(), batsim.keySet());
        double sumWait = 0;
        long lastEnd = 0;
        long firstSubmit = Long.MAX_VALUE;
        for (Map.Entry<String, JobRow> e : first.entrySet()) {
            JobRow r = e.getValue();
            BatsimJobs.Row b = batsim.get(e.getKey());
            assertEquals(r.status() == JobStatus.COMPLETED, b.success(), e.getKey());
            assertEquals(r.submit(), b.submission(), 0, e.getKey());
            if (b.success()) {
                assertEquals(r.start(), b.start(), 0, e.getKey());
                assertEquals(r.end(), b.finish(), 0, e.getKey());
                assertEquals(ours.get(e.getKey()), b.resources(), e.getKey());
                assertTrue(b.metadata().contains("machine=" + r.machine()), b.metadata());
                assertTrue(b.metadata().contains("price="), b.metadata());
                sumWait += b.waiting();
                lastEnd = Math.max(lastEnd, (long) b.finish());
                firstSubmit = Math.min(firstSubmit, (long) b.submission());
            }
        }
        String schedule = readString(out.resolve("batsim/schedule.json"));
        String summary = readString(out.resolve("summary.json"));
        double meanWait = sumWait / batsim.size();
        assertEquals(meanWait, number(schedule, "mean_waiting_time"), 1e-6);
        assertEquals(meanWait, number(summary, "meanWait"), 1e-6);
        assertEquals(lastEnd - firstSubmit, number(schedule, "makespan"), 0);
        assertEquals(lastEnd - firstSubmit, number(summary, "makespan"), 0);
    }

    /** Without --batsim nothing changes: the same files, byte for byte, and no batsim folder. */
    @Test
    void withoutTheOptionOutputsAreUnchanged() throws IOException {
        Path e = experiment("easy", "swf: " + extract(), "local-easy");
        Path plain = run(e, "plain");
        Path with = run(e, "with", "--batsim");
        assertFalse(Files.exists(plain.resolve("batsim")));
        assertTrue(Files.isRegularFile(with.resolve("batsim/schedule.json")));
        for (String f : List.of("jobs.csv", "schedule.swf", "experiment.yaml")) {
            assertEquals(readString(plain.resolve(f)), readString(with.resolve(f)), f);
        }
        Path converted = dir.resolve("converted");
        assertEquals(0, Cli.run("convert", plain.toString(), "--out", converted.toString()).exit());
        assertEquals(readString(with.resolve("batsim/jobs.csv")), readString(converted.resolve("jobs.csv")));
        assertEquals(readString(with.resolve("batsim/schedule.json")), readString(converted.resolve("schedule.json")));
    }

    /** Jobs wider than the machine are rejected: Batsim's REJECTED lines, and its means over all jobs. */
    @Test
    void rejectedJobsAreBatsimsRejectedLines() throws IOException {
        Path e = dir.resolve("narrow.yaml");
        Files.writeString(e, "name: narrow\nworkload: {swf: " + extract() + "}\nmachines: [{name: m1, nodes: 64}]\n"
                + "policy: easy\n");
        Path out = run(e, "narrow", "--batsim");
        Map<String, BatsimJobs.Row> batsim = BatsimJobs.read(out.resolve("batsim/jobs.csv"));
        long rejected = batsim.values().stream().filter(r -> !r.success()).count();
        String summary = readString(out.resolve("summary.json"));
        assertTrue(rejected > 0, "no job wider than 64 nodes");
        assertEquals(number(summary, "rejected"), rejected, 0);
        String schedule = readString(out.resolve("batsim/schedule.json"));
        assertEquals(rejected, number(schedule, "nb_jobs_rejected"), 0);
        double sumWait = batsim.values().stream().filter(BatsimJobs.Row::success).mapToDouble(BatsimJobs.Row::waiting)
                .sum();
        assertEquals(sumWait / batsim.size(), number(schedule, "mean_waiting_time"), 1e-6);
        assertEquals(sumWait / (batsim.size() - rejected), number(summary, "meanWait"), 1e-6);
        assertTrue(batsim.values().stream().filter(r -> !r.success()).allMatch(r -> r.metadata().contains(
                "cause=too_wide")));
    }

    /** sweep --batsim writes every run's Batsim files; convert writes the same for a sweep made without. */
    @Test
    void sweepWritesAndConvertRewritesEveryRunsBatsimFiles() throws IOException {
        Files.writeString(dir.resolve("base.yaml"), "name: b\nseed: 1\nworkload: {generate: {model: poisson, jobs: "
                + "200, nodes: 64, load: 0.8, meanRunTime: 600}}\nmachines: [{name: m1, nodes: 64}]\npolicy: easy\n");
        Path sweep = dir.resolve("sweep.yaml");
        Files.writeString(sweep, "name: s\nexperiment: base.yaml\nvary:\n  policy: [fcfs, easy]\n");
        Path with = dir.resolve("with");
        Path without = dir.resolve("without");
        assertEquals(0, Cli.run("sweep", sweep.toString(), "--out", with.toString(), "--no-charts", "--batsim",
                "--threads", "1").exit());
        assertEquals(0, Cli.run("sweep", sweep.toString(), "--out", without.toString(), "--no-charts",
                "--threads", "1").exit());
        Cli c = Cli.run("convert", without.toString());
        assertEquals(0, c.exit(), c.err());
        for (String run : List.of("policy=fcfs", "policy=easy")) {
            for (String f : List.of("batsim/jobs.csv", "batsim/schedule.json")) {
                Path a = with.resolve("runs").resolve(run).resolve(f);
                assertTrue(Files.isRegularFile(a), a.toString());
                assertEquals(readString(a), readString(without.resolve("runs").resolve(run).resolve(f)), run + f);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "missing subtime | {\"id\": \"7\", \"res\": 2, \"profile\": \"p\"} | job '7': field subtime: missing",
        "negative res | {\"id\": \"7\", \"subtime\": 0, \"res\": -2, \"profile\": \"p\"} | job '7': field res: -2 is negative",
        "undefined profile | {\"id\": 7, \"subtime\": 0, \"res\": 2, \"profile\": \"q\"} | job '7': field profile: 'q' is not defined",
        "other type | {\"id\": \"7\", \"subtime\": 0, \"res\": 2, \"profile\": \"s\"} | job '7': field profile: 's' is of type 'smpi'",
    })
    void badWorkloadIsOneLineNamingFileJobAndField(String what, String job, String expected) throws IOException {
        Path w = dir.resolve("bad.json");
        Files.writeString(w, "{\"nb_res\": 4, \"jobs\": [{\"id\": \"1\", \"subtime\": 0, \"res\": 1, \"profile\": "
                + "\"p\"}, " + job + "], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 5}, \"s\": "
                + "{\"type\": \"smpi\", \"trace\": \"x\"}}}");
        for (String[] args : List.of(new String[] {"validate", w.toString()},
                new String[] {"convert", w.toString(), "--out", dir.resolve("x.swf").toString()})) {
            Cli r = Cli.run(args);
            assertEquals(2, r.exit(), what);
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(w.toString()) && r.err().contains(expected), r.err());
        }
    }

    private static double number(String json, String key) {
        int at = json.indexOf("\"" + key + "\"");
        assertTrue(at >= 0, key);
        int from = json.indexOf(':', at) + 1;
        int to = from;
        while (to < json.length() && ",\n}".indexOf(json.charAt(to)) < 0) {
            to++;
        }
        return Double.parseDouble(json.substring(from, to).strip());
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new AssertionError(p + ": " + e.getMessage());
        }
    }
}
