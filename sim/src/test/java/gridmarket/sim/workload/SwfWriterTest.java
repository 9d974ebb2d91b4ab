package gridmarket.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gridmarket.sim.workload.PoissonWorkloadGenerator.ProcessorDistribution;
import gridmarket.sim.workload.SwfWriter.ScheduledJob;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SwfWriterTest {

    private static String write(Workload w) throws IOException {
        StringWriter out = new StringWriter();
        SwfWriter.write(out, w);
        return out.toString();
    }

    private static Workload read(String text) throws IOException {
        return new SwfReader().read("test.swf", new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)));
    }

    private static Job job(long id, int order, long submit, long run, long estimate, int nodes, long requested) {
        return new Job(id, order, submit, run, estimate, nodes, 3, 1, requested);
    }

    @Test
    void generatedWorkloadRoundTrips() throws IOException {
        Workload w = new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder().jobs(3000).load(0.9)
                .overEstimation(1.5).users(7).seed(9).build()).generate();
        Workload back = read(write(w));
        assertEquals(w.jobs(), back.jobs());
        assertEquals(w.header(), back.header());
        assertEquals("256", back.headerValue("MaxNodes"));
    }

    @Test
    void cenju3WorkloadRoundTrips() throws IOException {
        Workload w = new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder().jobs(500).nodes(8)
                .processors(ProcessorDistribution.CENJU3).seed(4).build()).generate();
        assertEquals(w.jobs(), read(write(w)).jobs());
    }

    @ParameterizedTest
    @ValueSource(strings = {"w.swf", "w.swf.gz"})
    void fileRoundTrips(String name, @TempDir Path dir) throws IOException {
        Workload w = new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder().jobs(300).seed(2).build())
                .generate();
        Path file = dir.resolve(name);
        SwfWriter.write(file, w);
        Workload back = new SwfReader().read(file);
        assertEquals(w.jobs(), back.jobs());
        assertEquals(w.header(), back.header());
        assertEquals(name.endsWith(".gz"), Files.readAllBytes(file)[0] == (byte) 0x1f);
    }

    @Test
    void traceJobsRoundTripIncludingUnknownAndShortRequests() throws IOException {
        String trace = String.join("\n",
                "; Version: 2.2",
                "; MaxNodes: 64",
                "1 0 5 100 8 -1 -1 8 200 -1 1 4 -1 -1 -1 -1 -1 -1",
                "2 10 0 50 -1 -1 -1 4 -1 -1 1 5 -1 -1 -1 -1 -1 -1",
                "3 10 0 80 16 -1 -1 16 60 -1 0 6 -1 -1 -1 -1 -1 -1",
                "4 20 -1 0 16 -1 -1 16 60 -1 5 6 -1 -1 -1 -1 -1 -1",
                "");
        Workload w = read(trace);
        assertEquals(3, w.jobs().size());
        Workload back = read(write(w));
        assertEquals(w.jobs(), back.jobs());
        assertEquals(List.of("Version: 2.2", "MaxNodes: 64"), back.header());
    }

    @Test
    void recordLayoutIsFixed() throws IOException {
        Workload w = new Workload("x", List.of("MaxNodes: 8", ""), List.of(job(1, 0, 0, 10, 10, 4, 10)), Map.of());
        assertEquals("; MaxNodes: 8\n;\n1 0 -1 10 4 -1 -1 4 10 -1 1 3 -1 -1 -1 -1 -1 -1\n", write(w));
    }

    @Test
    void estimateSurvivesWhenTheRequestedTimeWouldNotGiveItBack() throws IOException {
        Job j = job(1, 0, 0, 10, 25, 2, -1);
        assertEquals(25, SwfWriter.requestedTimeField(j));
        Job back = read(write(new Workload("x", List.of(), List.of(j), Map.of()))).jobs().get(0);
        assertEquals(25, back.estimate());
        assertEquals(10, back.runTime());
    }

    @Test
    void jobsAreWrittenInSubmissionOrder() throws IOException {
        Job late = job(1, 0, 50, 10, 10, 1, 10);
        Job early = job(2, 1, 5, 10, 10, 1, 10);
        StringWriter out = new StringWriter();
        SwfWriter.write(out, List.of(), List.of(late, early));
        assertEquals(List.of(2L, 1L), read(out.toString()).jobs().stream().map(Job::id).toList());
    }

    @Test
    void multiLineHeaderEntriesBecomeSeveralComments() throws IOException {
        StringWriter out = new StringWriter();
        SwfWriter.write(out, List.of("Note: a\nNote: b"), List.of());
        assertEquals("; Note: a\n; Note: b\n", out.toString());
    }

    @Test
    void scheduleRecordsWaitRunTimeAllocationAndStatus() throws IOException {
        Job a = job(1, 0, 0, 100, 120, 8, 120);
        Job b = job(2, 1, 10, 50, 50, 300, 50);
        Job c = job(3, 2, 20, 30, 30, 4, 30);
        List<ScheduledJob> schedule = List.of(
                ScheduledJob.completed(c, 100, 130, 4),
                ScheduledJob.rejected(b),
                ScheduledJob.completed(a, 0, 110, 8));
        StringWriter out = new StringWriter();
        SwfWriter.writeSchedule(out, List.of("MaxNodes: 16", "Note: FCFS"), schedule);
        assertEquals(String.join("\n",
                "; MaxNodes: 16",
                "; Note: FCFS",
                "1 0 0 110 8 -1 -1 8 120 -1 1 3 -1 -1 -1 -1 -1 -1",
                "2 10 -1 -1 -1 -1 -1 300 50 -1 5 3 -1 -1 -1 -1 -1 -1",
                "3 20 80 30 4 -1 -1 4 30 -1 1 3 -1 -1 -1 -1 -1 -1",
                ""), out.toString());

        Workload back = read(out.toString());
        assertEquals(List.of(1L, 3L), back.jobs().stream().map(Job::id).toList());
        assertEquals(110, back.jobs().get(0).runTime(), "the run time as simulated");
        assertEquals(1, back.drops().get(DropReason.NON_POSITIVE_RUN_TIME));
        assertEquals("16", back.headerValue("MaxNodes"));
    }

    /**
     * A preempted job: its summary line (run time = what it ran, 40 + 60 s) and then its pieces as SWF's partial
     * executions (status 2, then 3 for the last); read back, the pieces are parts of it, not jobs.
     */
    @Test
    void aPreemptedJobIsItsSummaryLineAndItsPieces() throws IOException {
        Job a = job(1, 0, 0, 100, 100, 4, 100);
        Job b = job(2, 1, 5, 20, 20, 8, 20);
        List<ScheduledJob> schedule = List.of(
                new ScheduledJob(a, 0, 120, 4, true, List.of(new gridmarket.sim.result.Piece(0, 40),
                        new gridmarket.sim.result.Piece(60, 120))),
                ScheduledJob.completed(b, 40, 60, 8));
        StringWriter out = new StringWriter();
        SwfWriter.writeSchedule(out, List.of(), schedule);
        assertEquals(String.join("\n",
                "1 0 0 100 4 -1 -1 4 100 -1 1 3 -1 -1 -1 -1 -1 -1",
                "1 0 0 40 4 -1 -1 4 100 -1 2 3 -1 -1 -1 -1 -1 -1",
                "1 0 60 60 4 -1 -1 4 100 -1 3 3 -1 -1 -1 -1 -1 -1",
                "2 5 35 20 8 -1 -1 8 20 -1 1 3 -1 -1 -1 -1 -1 -1",
                ""), out.toString());
        Workload back = read(out.toString());
        assertEquals(List.of(1L, 2L), back.jobs().stream().map(Job::id).toList());
        assertEquals(100, back.jobs().get(0).runTime(), "the time it ran, over its pieces");
        assertThrows(IllegalArgumentException.class, () -> new ScheduledJob(a, 0, 130, 4, true,
                List.of(new gridmarket.sim.result.Piece(0, 40), new gridmarket.sim.result.Piece(60, 120))));
    }

    /** A partial execution without its job's summary line just before it is read as a job, as traces have them. */
    @Test
    void aLonePartialExecutionIsAJob() throws IOException {
        Workload w = read("1 0 0 40 4 -1 -1 4 100 -1 2 3 -1 -1 -1 -1 -1 -1\n"
                + "2 5 0 40 4 -1 -1 4 100 -1 1 3 -1 -1 -1 -1 -1 -1\n"
                + "3 5 0 40 4 -1 -1 4 100 -1 0 3 -1 -1 -1 -1 -1 -1\n");
        assertEquals(List.of(1L, 2L, 3L), w.jobs().stream().map(Job::id).toList());
    }

    @Test
    void scheduleOfExactRunsRoundTripsToTheWorkload() throws IOException {
        Workload w = new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder().jobs(200).seed(8).build())
                .generate();
        List<ScheduledJob> schedule = w.jobs().stream()
                .map(j -> ScheduledJob.completed(j, j.submit() + j.id(), j.submit() + j.id() + j.runTime(),
                        j.nodes()))
                .toList();
        StringWriter out = new StringWriter();
        SwfWriter.writeSchedule(out, w.header(), schedule);
        assertEquals(w.jobs(), read(out.toString()).jobs());
    }

    @Test
    void impossibleScheduleEntriesAreRejected() {
        Job j = job(7, 0, 100, 10, 10, 2, 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScheduledJob.completed(j, 50, 60, 2));
        assertEquals("job 7: submit 100, start 50, end 60, nodes 2", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ScheduledJob.completed(j, 100, 90, 2));
        assertThrows(IllegalArgumentException.class, () -> ScheduledJob.completed(j, 100, 110, 0));
    }
}
