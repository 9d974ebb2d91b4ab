package gridmarket.sim.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SPEC W1's field rules, drops, and every malformed line named by file, line, field and value. */
class SwfReaderTest {
    @TempDir
    Path dir;

    private Path swf(String text) throws IOException {
        Path p = dir.resolve("t.swf");
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    /** Job numbers, increasing as in a trace (a number read twice is an error). */
    private static int numbered;

    private static String line(String submit, String run, String alloc, String req, String reqTime) {
        return ++numbered + " " + submit + " -1 " + run + " " + alloc + " -1 -1 " + req + " " + reqTime
                + " -1 1 7 1 -1 -1 -1 -1 -1\n";
    }

    private String error(String text) throws IOException {
        Path p = swf(text);
        return assertThrows(WorkloadException.class, () -> new SwfReader().read(p)).getMessage();
    }

    @Test
    void fieldRules() throws IOException {
        Workload w = new SwfReader().read(swf("; MaxNodes: 8\n" + line("10", "100", "4", "6", "200")
                + line("5", "100", "-1", "6", "-1") + line("20", "300", "2", "2", "200")
                + line("30", "0", "2", "2", "200") + line("40", "10", "-1", "-1", "20")));
        assertEquals(List.of("MaxNodes: 8"), w.header());
        assertEquals(3, w.jobs().size());
        Job first = w.jobs().get(0); // submitted at 5: jobs are sorted by submit time and renumbered
        assertEquals(5, first.submit());
        assertEquals(0, first.order());
        assertEquals(6, first.nodes(), "requested processors when none were allocated");
        assertEquals(100, first.estimate(), "no requested time: the run time");
        Job second = w.jobs().get(1);
        assertEquals(4, second.nodes(), "allocated processors first");
        assertEquals(200, second.estimate());
        assertEquals(7, second.user());
        assertEquals(300, w.jobs().get(2).estimate(), "estimate = max(requested time, run time)");
        assertEquals(1, w.drops().get(DropReason.NON_POSITIVE_RUN_TIME));
        assertEquals(1, w.drops().get(DropReason.NON_POSITIVE_PROCESSORS));
    }

    @Test
    void killAtEstimateCutsTheRunTime() throws IOException {
        Workload w = new SwfReader(SwfReader.OnBadLine.FAIL, true).read(swf(line("0", "300", "2", "2", "200")));
        assertEquals(200, w.jobs().get(0).runTime());
        assertEquals(200, w.jobs().get(0).estimate());
    }

    @Test
    void decimalsAreRoundedAndGzipIsRecognisedByContent() throws IOException {
        Path p = dir.resolve("t.swf"); // no .gz in the name
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(line("1.6", "99.5", "4", "4", "-1").getBytes(StandardCharsets.US_ASCII));
        }
        Job j = new SwfReader().read(p).jobs().get(0);
        assertEquals(2, j.submit());
        assertEquals(100, j.runTime());
    }

    @Test
    void malformedLinesNameFileLineFieldAndValue() throws IOException {
        String good = line("0", "100", "4", "4", "200");
        assertTrue(error(good + "2 10 -1 100 4 -1\n").endsWith("t.swf:2: expected 18 fields, found 6 (truncated line?)"));
        assertTrue(error(good.strip() + " 9\n").endsWith("t.swf:1: expected 18 fields, found more"));
        assertTrue(error(line("0", "1O0", "4", "4", "200")).endsWith("t.swf:1: field 4 (run time): '1O0' is not a number"));
        assertTrue(error(line("0", "99999999999999999999", "4", "4", "1"))
                .endsWith(":1: field 4 (run time): '99999999999999999999' is out of range (at most 1000000000000 in size)"));
        assertTrue(error(line("0", "1000000000001", "4", "4", "1")).contains("field 4 (run time)"));
        assertEquals(1_000_000_000_000L, new SwfReader().read(swf(line("0", "1000000000000", "4", "4", "1")))
                .jobs().get(0).runTime(), "the largest value is allowed");
        assertTrue(error(line("0", "100", "2147483648", "4", "1")).contains("field 5 (allocated processors)"));
        assertEquals(Integer.MAX_VALUE, new SwfReader().read(swf(line("0", "100", "2147483647", "4", "1")))
                .jobs().get(0).nodes());
        assertTrue(error(line("0", "1e300", "4", "4", "1")).contains("out of range"));
        assertTrue(error(line("0", "-1e300", "4", "4", "1")).contains("out of range"));
        assertTrue(error(line("NaN", "100", "4", "4", "1")).contains("field 2 (submit time): 'NaN' is not a number"));
        assertTrue(error(line("-5", "100", "4", "4", "1")).endsWith("t.swf:1: field 2 (submit time): -5 is negative"));
        assertTrue(error(line("0", "x".repeat(100), "4", "4", "1")).contains("'" + "x".repeat(24) + "...'"));
        assertTrue(error("\u007fELF\n").contains("t.swf:1: not SWF text: a control character U+007F at column 1"));
        assertTrue(error(good.replace("200", "2\u00e90")).contains("not ASCII"));
        assertTrue(error(good + "\t" + good.replace(' ', '\t').replace("\n", "\u0001\n")).contains("t.swf:2:"));
    }

    /** Lines are read as bytes: they must end where BufferedReader.readLine ends them, blanks stripped as strip(). */
    @Test
    void linesEndAtLfCrOrCrLfAndWhiteSpaceAroundThemIsIgnored() throws IOException {
        String a = line("0", "100", "4", "4", "200").strip();
        String b = line("10", "100", "4", "4", "200").strip();
        String c = line("20", "100", "4", "4", "200").strip();
        String d = line("30", "00000000000000100", "4", "4", "200").strip(); // too many digits for the quick way
        // a comment that puts its \r\n across the reader's 64 KiB buffer
        String comment = "; " + "x".repeat((1 << 16) - 3);
        Workload w = new SwfReader().read(swf(comment + "\r\n \t" + a + "\t \r" + b + "\u000b\f\r\n\r\n\u000b\n\t"
                + c + "\n" + d));
        assertEquals(List.of(0L, 10L, 20L, 30L), w.jobs().stream().map(Job::submit).toList());
        assertEquals(100, w.jobs().get(3).runTime());
        assertEquals(List.of("x".repeat((1 << 16) - 3)), w.header());
        assertTrue(error("\r\n" + a + "\r" + b + "\r\n2 10\n").endsWith("t.swf:4: expected 18 fields, found 2 "
                + "(truncated line?)"));
    }

    @Test
    void negativeSubmitTimesOfDroppedRecordsAreNoError() throws IOException {
        // LLNL Thunder has such records: all fields -1; they are dropped for their run time, not refused
        Workload w = new SwfReader().read(swf(line("0", "100", "4", "4", "200")
                + "299 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 36 -1 66 -1 2 -1 -1\n"));
        assertEquals(1, w.jobs().size());
        assertEquals(1, w.drops().get(DropReason.NON_POSITIVE_RUN_TIME));
    }

    @Test
    void aTraceWithoutJobsIsAnError() throws IOException {
        assertTrue(error("").endsWith("t.swf: no jobs (the trace is empty or only comments)"));
        assertTrue(error("; only\n\n; comments\n").contains("no jobs"));
        assertTrue(error(line("0", "0", "4", "4", "1")).endsWith("no jobs left (1 records dropped: 1 run_time<=0)"));
    }

    @Test
    void badLinesCanBeSkippedAndCounted() throws IOException {
        Workload w = new SwfReader(SwfReader.OnBadLine.SKIP, false).read(swf(line("0", "100", "4", "4", "200")
                + "2 10\n" + line("-3", "100", "4", "4", "1")));
        assertEquals(1, w.jobs().size());
        assertEquals(2, w.drops().get(DropReason.BAD_LINE));
    }

    @Test
    void aJobNumberReadTwiceIsNamedWithBothLines() throws IOException {
        String a = "7 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n";
        String b = "9 10 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n";
        String c = "8 20 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n";
        assertTrue(error(a + a.replace(" 0 ", " 5 ")).endsWith(
                "t.swf:2: field 1 (job number): 7 is the number of the job on line 1 too"), "in order");
        assertTrue(error("; header\n" + a + b + c + b).endsWith(
                "t.swf:5: field 1 (job number): 9 is the number of the job on line 3 too"), "after one out of order");
        assertEquals(3, new SwfReader().read(swf(a + b + c)).jobs().size(), "out of order but distinct");
        Workload skipped = new SwfReader(SwfReader.OnBadLine.SKIP, false).read(swf(a + b + a + c + b));
        assertEquals(3, skipped.jobs().size());
        assertEquals(2, skipped.drops().get(DropReason.BAD_LINE));
        // a preempted job's pieces after its summary line repeat its number, as SWF says they do
        String pieces = "3 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n"
                + "3 0 -1 60 4 -1 -1 4 200 -1 2 1 1 -1 -1 -1 -1 -1\n"
                + "3 0 -1 40 4 -1 -1 4 200 -1 3 1 1 -1 -1 -1 -1 -1\n";
        assertEquals(1, new SwfReader().read(swf(pieces)).jobs().size());
    }

    @Test
    void missingFile() {
        assertEquals(dir.resolve("nope.swf") + ": no such file", assertThrows(WorkloadException.class,
                () -> new SwfReader().read(dir.resolve("nope.swf"))).getMessage());
    }
}
