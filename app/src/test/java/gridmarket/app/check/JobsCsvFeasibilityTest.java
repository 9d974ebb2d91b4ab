package gridmarket.app.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shows that each check of {@link JobsCsvFeasibility} fires on a small hand-written file, and stays quiet on a valid
 * one. Every failing case asserts the exact number of findings, so a check that also fires spuriously is caught too.
 */
class JobsCsvFeasibilityTest {

    private static final String HEADER =
            "job_id,part,site,user,submit,start,end,nodes,run_time,estimate,machine,multisite,status,reason,node_ids";

    /** Two small machines: node ids 0..3 and 0..7. */
    private static final Map<String, Integer> MACHINES = Map.of("m4", 4, "m8", 8);

    @TempDir
    Path dir;

    private Path csv(String... rows) throws IOException {
        Path file = dir.resolve("jobs.csv");
        Files.writeString(file, HEADER + "\n" + String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    private static List<String> check(Path file, Long... expected) throws IOException {
        return JobsCsvFeasibility.violations(file, MACHINES, Set.of(expected));
    }

    private static void assertOne(List<String> found, String fragment) {
        assertEquals(1, found.size(), () -> "expected one violation, got " + found);
        assertTrue(found.get(0).contains(fragment), () -> "'" + found.get(0) + "' should mention '" + fragment + "'");
    }

    private Path piecesCsv(String... rows) throws IOException {
        Path file = dir.resolve("jobs.csv");
        Files.writeString(file, HEADER + ",pieces\n" + String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** Job 1 (nodes 0-1, 100 s) is suspended in [15, 35) while the wide job 2 holds every node. */
    private static final String WIDE = "2,0,s1,u1,10,15,35,4,20,20,m4,1,completed,,0-3,";

    @Test
    void preemptedPiecesAroundAWideJobAreAccepted() throws IOException {
        Path file = piecesCsv("1,0,s1,u1,0,0,120,2,100,100,m4,1,completed,,0-1,0-15;35-120", WIDE);
        assertEquals(List.of(), check(file, 1L, 2L));
        Path penalised = piecesCsv("1,0,s1,u1,0,0,123,2,100,100,m4,1,completed,,0-1,0-15;35-123", WIDE);
        assertEquals(List.of(), JobsCsvFeasibility.violations(penalised, MACHINES, Set.of(1L, 2L), 3));
    }

    @Test
    void aPieceRunningBesideTheWideJobOnItsNodesIsFound() throws IOException {
        Path file = piecesCsv("1,0,s1,u1,0,0,120,2,100,100,m4,1,completed,,0-1,0-20;40-120", WIDE);
        assertOne(check(file, 1L, 2L), "overlap on node 0");
    }

    @Test
    void piecesThatLoseOrGainRunTimeAreFound() throws IOException {
        assertOne(check(piecesCsv("1,0,s1,u1,0,0,125,2,100,100,m4,1,completed,,0-1,0-15;35-120", WIDE), 1L, 2L),
                "do not span [0, 125)");
        assertOne(check(piecesCsv("1,0,s1,u1,0,0,130,2,100,100,m4,1,completed,,0-1,0-15;35-130", WIDE), 1L, 2L),
                "pieces last 110 s in all; run_time 100");
        Path penalised = piecesCsv("1,0,s1,u1,0,0,120,2,100,100,m4,1,completed,,0-1,0-15;35-120", WIDE);
        assertOne(JobsCsvFeasibility.violations(penalised, MACHINES, Set.of(1L, 2L), 3), "plus 1 resumption(s)");
    }

    @Test
    void piecesOutOfOrderOrMalformedAreFound() throws IOException {
        assertOne(check(piecesCsv("1,0,s1,u1,0,0,105,2,100,100,m4,1,completed,,0-1,0-15;15-35;40-105", WIDE), 1L, 2L),
                "piece 15-35 starts before piece 0-15 has ended");
        assertOne(check(piecesCsv("1,0,s1,u1,0,0,120,2,100,100,m4,1,completed,,0-1,0-15;x", WIDE), 1L, 2L),
                "is not a ';'-separated list of start-end");
    }

    @Test
    void validFileIsAccepted() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,0,10,4,10,20,m4,1,completed,,0-3",
                // Takes the nodes job 1 frees at the same instant: legal under half-open intervals.
                "2,0,s1,u1,5,10,30,2,20,20,m4,1,completed,,0;3",
                "3,0,s2,u2,5,10,15,2,5,9,m4,1,completed,,1-2",
                "4,0,s2,u2,6,6,100,8,94,94,m8,1,completed,,0-7",
                "5,0,s1,u3,7,,,16,10,10,,0,rejected,wider than every machine,",
                // Rejected rows may leave multisite empty as well as 0.
                "6,0,s1,u3,7,,,16,10,10,,,rejected,wider than every machine,");
        assertEquals(List.of(), check(file, 1L, 2L, 3L, 4L, 5L, 6L));
        JobsCsvFeasibility.assertFeasible(file, MACHINES, Set.of(1L, 2L, 3L, 4L, 5L, 6L));
    }

    @Test
    void overlapOnOneNodeIsFound() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,0,10,2,10,10,m8,1,completed,,0-1",
                "2,0,s1,u1,0,9,20,2,11,11,m8,1,completed,,1-2");
        assertOne(check(file, 1L, 2L), "overlap on node 1 between job 1 part 0 (line 2)");
    }

    @Test
    void overlapHiddenBehindAnEarlierClashIsStillFound() throws IOException {
        // Job 2 clashes with the long job 1; job 3 starts after job 2 ended but while job 1 still runs.
        Path file = csv(
                "1,0,s1,u1,0,0,100,1,100,100,m4,1,completed,,0",
                "2,0,s1,u1,0,10,20,1,10,10,m4,1,completed,,0",
                "3,0,s1,u1,0,50,60,1,10,10,m4,1,completed,,0");
        List<String> found = check(file, 1L, 2L, 3L);
        assertEquals(2, found.size(), found::toString);
        assertTrue(found.get(1).contains("job 1 part 0") && found.get(1).contains("job 3 part 0"), found::toString);
    }

    @Test
    void startAfterThePromisedStartIsFound() throws IOException {
        Path file = dir.resolve("jobs.csv");
        Files.writeString(file, HEADER + ",promised_start\n" + "1,0,s1,u1,0,40,60,1,20,20,m4,1,completed,,2,30\n"
                + "2,0,s1,u1,0,10,20,1,10,10,m4,1,completed,,3,10\n" + "3,0,s1,u1,0,0,0,1,10,10,,0,rejected,budget,,\n",
                StandardCharsets.UTF_8);
        assertOne(check(file, 1L, 2L, 3L), "start 40 is later than the promised start 30");
    }

    @Test
    void startBeforeSubmitIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,50,40,60,1,20,20,m4,1,completed,,2");
        assertOne(check(file, 1L), "start 40 < submit 50");
    }

    @Test
    void emptyRunIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,40,40,1,0,20,m4,1,completed,,2");
        assertOne(check(file, 1L), "end 40 <= start 40");
    }

    @Test
    void missingJobIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,0,10,1,10,10,m4,1,completed,,0");
        assertOne(check(file, 1L, 7L), "job 7 is missing");
    }

    @Test
    void unexpectedJobIsFound() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,0,10,1,10,10,m4,1,completed,,0",
                "9,0,s1,u1,0,0,10,1,10,10,m4,1,completed,,1");
        assertOne(check(file, 1L), "job 9 (line 3) is not an expected job");
    }

    @Test
    void duplicatedJobIsFound() throws IOException {
        // Same (job, part), both claiming to be the whole run on one machine: a duplicate, not a multi-site run.
        Path file = csv(
                "1,0,s1,u1,0,0,10,1,10,10,m4,1,completed,,0",
                "1,0,s1,u1,0,20,30,1,10,10,m8,1,completed,,0");
        assertOne(check(file, 1L), "job 1 part 0 appears on 2 rows (lines 2, 3)");
    }

    @Test
    void duplicatedRejectionIsFound() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,,,16,10,10,,0,rejected,too wide,",
                "1,0,s1,u1,0,,,16,10,10,,0,rejected,too wide,");
        assertOne(check(file, 1L), "job 1 part 0 appears on 2 rows (lines 2, 3)");
    }

    @Test
    void nodeCountMismatchIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,0,10,3,10,10,m4,1,completed,,0-1");
        assertOne(check(file, 1L), "node_ids list 2 node(s), nodes says 3");
    }

    @Test
    void nodeIdOutOfRangeIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,0,10,2,10,10,m4,1,completed,,3-4");
        assertOne(check(file, 1L), "node id 4 outside [0, 4)");
    }

    @Test
    void nodeIdListedTwiceIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,0,10,3,10,10,m8,1,completed,,0-1;1");
        assertOne(check(file, 1L), "node id 1 listed twice");
    }

    @Test
    void malformedNodeIdsAreFound() throws IOException {
        for (String ids : List.of("", "1;;2", "3-1", "-1", "1 ;2", "+1", "1-", "a")) {
            Path file = csv("1,0,s1,u1,0,0,10,1,10,10,m8,1,completed,,\"" + ids + "\"");
            assertOne(check(file, 1L), "node_ids '" + ids + "' is not");
        }
    }

    @Test
    void unknownMachineIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,0,10,1,10,10,m99,1,completed,,0");
        assertOne(check(file, 1L), "unknown machine 'm99'");
    }

    @Test
    void rejectedRowWithoutReasonIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,,,16,10,10,,0,rejected,,");
        assertOne(check(file, 1L), "rejected without a reason");
    }

    @Test
    void rejectedRowHoldingNodesIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,,,16,10,10,,0,rejected,too wide,0-3");
        assertOne(check(file, 1L), "rejected but holds nodes");
    }

    @Test
    void rejectedRowWithMultisiteIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,,,16,10,10,,1,rejected,too wide,");
        assertOne(check(file, 1L), "rejected but multisite is '1'");
    }

    @Test
    void completedRowWithoutMultisiteIsFound() throws IOException {
        assertOne(check(csv("1,0,s1,u1,0,0,10,1,10,10,m4,,completed,,0"), 1L), "multisite '' is not an integer");
        assertOne(check(csv("1,0,s1,u1,0,0,10,1,10,10,m4,0,completed,,0"), 1L), "multisite 0 on a completed row");
    }

    @Test
    void emptySiteIsFound() throws IOException {
        Path file = csv("1,0,,u1,0,0,10,1,10,10,m4,1,completed,,0");
        assertOne(check(file, 1L), "site is empty");
    }

    @Test
    void unknownStatusIsFound() throws IOException {
        Path file = csv("1,0,s1,u1,0,0,10,1,10,10,m4,1,done,,0");
        assertOne(check(file, 1L), "status 'done' is neither");
    }

    @Test
    void traceSplitPartsAtDifferentTimesAreAccepted() throws IOException {
        // Each part is a job of its own: own start, own machine, may reuse the nodes an earlier part freed.
        Path file = csv(
                "1,2,s1,u1,0,10,20,4,10,10,m4,1,completed,,0-3",
                "1,1,s1,u1,0,0,10,4,10,10,m4,1,completed,,0-3",
                "2,0,s2,u2,0,0,50,4,50,50,m8,1,completed,,0-3",
                "1,3,s1,u1,0,5,40,4,35,35,m8,1,completed,,4-7",
                // A part may also be rejected on its own.
                "3,1,s2,u2,0,50,80,8,30,30,m8,1,completed,,0-7",
                "3,2,s2,u2,0,,,9,30,30,,0,rejected,wider than every machine,");
        assertEquals(List.of(), check(file, 1L, 2L, 3L));
    }

    @Test
    void traceSplitPartWithAGapIsRefused() throws IOException {
        Path file = csv(
                "1,1,s1,u1,0,0,10,4,10,10,m4,1,completed,,0-3",
                "1,3,s1,u1,0,10,20,4,10,10,m4,1,completed,,0-3");
        assertOne(check(file, 1L), "trace-shaping parts [1, 3] are not 1..3");
    }

    @Test
    void duplicatedTraceSplitPartIsRefused() throws IOException {
        Path file = csv(
                "1,1,s1,u1,0,0,10,4,10,10,m4,1,completed,,0-3",
                "1,2,s1,u1,0,10,20,4,10,10,m4,1,completed,,0-3",
                "1,2,s1,u1,0,20,30,4,10,10,m4,1,completed,,0-3");
        assertOne(check(file, 1L), "job 1 part 2 appears on 2 rows (lines 3, 4)");
    }

    @Test
    void partZeroMixedWithPartOneIsRefused() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,0,10,4,10,10,m4,1,completed,,0-3",
                "1,1,s1,u1,0,10,20,4,10,10,m4,1,completed,,0-3");
        assertOne(check(file, 1L), "job 1 mixes part 0 (lines 2) with parts >= 1 (lines 3)");
    }

    @Test
    void multiSiteRunIsAccepted() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3",
                "1,0,s1,u1,0,5,50,6,45,60,m8,2,completed,,2-7",
                // A local job sharing m8 with job 1 on the nodes it leaves free.
                "2,0,s2,u1,0,0,100,2,100,100,m8,1,completed,,0-1",
                // A trace-split part may itself run multi-site.
                "3,1,s1,u2,0,100,110,8,10,10,m8,1,completed,,0-7",
                "3,2,s1,u2,0,50,60,4,10,10,m4,2,completed,,0-3",
                "3,2,s1,u2,0,50,60,6,10,10,m8,2,completed,,2-7");
        assertEquals(List.of(), check(file, 1L, 2L, 3L));
    }

    @Test
    void multiSiteRowsWithDifferentEndsAreRefused() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3",
                "1,0,s1,u1,0,5,51,6,46,60,m8,2,completed,,2-7");
        assertOne(check(file, 1L), "rows must start and end together");
    }

    @Test
    void multiSiteRowsWithDifferentStartsAreRefused() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3",
                "1,0,s1,u1,0,6,50,6,44,60,m8,2,completed,,2-7");
        assertOne(check(file, 1L), "line 2 runs [5, 50) but line 3 runs [6, 50)");
    }

    @Test
    void multiSiteRowsOnOneMachineAreRefused() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,2,45,60,m8,2,completed,,0-1",
                "1,0,s1,u1,0,5,50,2,45,60,m8,2,completed,,2-3");
        assertOne(check(file, 1L), "two rows on machine 'm8'");
    }

    @Test
    void multiSiteCountNotMatchingRowCountIsRefused() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,3,completed,,0-3",
                "1,0,s1,u1,0,5,50,6,45,60,m8,3,completed,,2-7");
        assertOne(check(file, 1L), "2 rows but multisite says [3]");
    }

    @Test
    void multiSiteCountsDisagreeingAreRefused() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3",
                "1,0,s1,u1,0,5,50,6,45,60,m8,1,completed,,2-7");
        assertOne(check(file, 1L), "2 rows but multisite says [1, 2]");
    }

    @Test
    void loneRowClaimingMultiSiteIsRefused() throws IOException {
        Path file = csv("1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3");
        assertOne(check(file, 1L), "multisite 2 but the only row of its job and part");
    }

    @Test
    void multiSiteRowsMustAllBeCompleted() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3",
                "1,0,s1,u1,0,,,6,45,60,,0,rejected,no room,");
        List<String> found = check(file, 1L);
        assertEquals(2, found.size(), found::toString);
        assertTrue(found.get(0).contains("line 3 has status 'rejected'"), found::toString);
        assertTrue(found.get(1).contains("2 rows but multisite says [0, 2]"), found::toString);
    }

    @Test
    void multiSiteShareOverlappingALocalJobIsFound() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,5,50,4,45,60,m4,2,completed,,0-3",
                "1,0,s1,u1,0,5,50,6,45,60,m8,2,completed,,2-7",
                "2,0,s2,u1,0,0,100,3,100,100,m8,1,completed,,0-2");
        assertOne(check(file, 1L, 2L), "machine 'm8': overlap on node 2 between job 2 part 0 (line 4)");
    }

    @Test
    void quotedReasonWithCommaIsParsed() throws IOException {
        Path file = csv(
                "1,0,s1,u1,0,,,300,10,10,,0,rejected,\"needs 300 nodes, \"\"m8\"\" has 8\",",
                "2,0,\"site, with comma\",\"user, with comma\",0,0,10,1,10,10,m4,1,completed,,\"0\"");
        assertEquals(List.of(), check(file, 1L, 2L));
    }

    @Test
    void columnsAreFoundByNameAndExtraColumnsIgnored() throws IOException {
        Path file = dir.resolve("jobs.csv");
        Files.writeString(file, String.join("\r\n",
                "status,node_ids,price,machine,end,multisite,start,submit,site,nodes,part,job_id,reason",
                "completed,0-1,\"1,5\",m4,10,1,0,0,s1,2,0,1,",
                "completed,1,2.0,m4,20,1,5,0,s1,1,0,2,") + "\r\n");
        List<String> found = check(file, 1L, 2L);
        assertOne(found, "overlap on node 1");
    }

    @Test
    void missingColumnIsReported() throws IOException {
        Path file = dir.resolve("jobs.csv");
        Files.writeString(file,
                "job_id,part,submit,start,end,nodes,machine,status,reason\n1,0,0,0,10,1,m4,completed,\n");
        assertOne(check(file, 1L), "lacks column(s) [site, multisite, node_ids]");
    }

    @Test
    void unterminatedQuoteIsReported() throws IOException {
        Path file = csv("1,0,s1,u1,0,,,300,10,10,,0,rejected,\"no end,");
        List<String> found = check(file, 1L);
        assertTrue(found.get(0).contains("quoted field never closed"), found::toString);
    }

    @Test
    void assertFeasibleNamesTheViolations() throws IOException {
        Path file = csv("1,0,s1,u1,50,40,60,1,20,20,m4,1,completed,,2");
        AssertionError e = assertThrows(AssertionError.class,
                () -> JobsCsvFeasibility.assertFeasible(file, MACHINES, Set.of(1L, 2L)));
        assertTrue(e.getMessage().contains("2 violation(s)"), e::getMessage);
        assertTrue(e.getMessage().contains("start 40 < submit 50"), e::getMessage);
        assertTrue(e.getMessage().contains("job 2 is missing"), e::getMessage);
    }

    @Test
    void expectedIdsFromGzippedSwf() throws IOException {
        Path swf = dir.resolve("tiny.swf.gz");
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(swf)),
                StandardCharsets.US_ASCII)) {
            w.write(String.join("\n",
                    "; Version: 2.2",
                    "; MaxNodes: 8",
                    ";",
                    "1 0 5 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1",
                    // Allocated unknown: the requested count (field 8) decides.
                    "2 10 0 50 -1 -1 -1 2 60 -1 1 1 1 -1 -1 -1 -1 -1",
                    "",
                    // Zero run time: dropped.
                    "3 20 0 0 4 -1 -1 4 60 -1 0 1 1 -1 -1 -1 -1 -1",
                    // No processor count at all: dropped.
                    "4 30 0 10 -1 -1 -1 -1 60 -1 1 1 1 -1 -1 -1 -1 -1",
                    // Wider than any machine: kept, the run must report it as rejected.
                    "   5 40 0 10 5000 -1 -1 5000 60 -1 1 1 1 -1 -1 -1 -1 -1  "));
        }
        assertEquals(Set.of(1L, 2L, 5L), JobsCsvFeasibility.expectedIdsFromSwf(swf));
    }

    @Test
    void expectedIdsFromPlainSwfRefusesShortLines() throws IOException {
        Path swf = dir.resolve("bad.swf");
        Files.writeString(swf, "; comment\n1 0 5 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n2 0 5 100 4\n");
        IOException e = assertThrows(IOException.class, () -> JobsCsvFeasibility.expectedIdsFromSwf(swf));
        assertTrue(e.getMessage().contains(":3: expected 18 fields, found 5"), e::getMessage);
    }

    /**
     * A valid schedule of 300,000 rows over two 1,000-node machines, so the sweep and the grouping are exercised at
     * scale: the first half are whole jobs, the second half jobs that trace shaping split into parts 1 and 2. There is
     * deliberately no time bound (a busy build machine must not fail it); a quadratic regression would still show as
     * a test that never ends.
     */
    @Test
    void largeFileIsCheckedQuickly() throws IOException {
        Map<String, Integer> machines = Map.of("a", 1000, "b", 1000);
        Path file = dir.resolve("big.csv.gz");
        Set<Long> ids = new HashSet<>();
        int rows = 300_000;
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(file));
             Writer w = new BufferedWriter(new OutputStreamWriter(gz, StandardCharsets.UTF_8))) {
            w.write(HEADER + "\n");
            long[] time = {0, 0};
            int[] cursor = {0, 0};
            for (int i = 0; i < rows; i++) {
                int m = i % 2;
                int width = 1 + (int) ((long) i * 7919 % 64);
                if (cursor[m] + width > 1000) {
                    // Next "shelf": starts exactly when the previous one ends, exercising end-before-start order.
                    time[m] += 10;
                    cursor[m] = 0;
                }
                int first = cursor[m];
                cursor[m] += width;
                String nodeIds = width == 1 ? Integer.toString(first) : first + "-" + (first + width - 1);
                long id = i < rows / 2 ? i : rows / 2 + (i - rows / 2) / 2;
                int part = i < rows / 2 ? 0 : 1 + i % 2;
                w.write(id + "," + part + ",s,u," + time[m] + "," + time[m] + "," + (time[m] + 10) + "," + width
                        + ",10,10," + (m == 0 ? "a" : "b") + ",1,completed,," + nodeIds + "\n");
                ids.add(id);
            }
        }
        List<String> found = JobsCsvFeasibility.violations(file, machines, ids);
        assertTrue(found.isEmpty(), () -> found.size() + " violation(s), first: " + found.get(0));
    }

    // ---- node failures: jobs.csv against outages.csv

    private Path outages(String... rows) throws IOException {
        Path file = dir.resolve("outages.csv");
        Files.writeString(file, "machine,node_ids,start,end,kind\n" + String.join("\n", rows) + "\n",
                StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Job 1 (nodes 0-1 of m4, 100 s) was killed at 40 when nodes 0-3 failed until 60, and ran again [60, 160);
     * job 2 ran on nodes 2-3 [0, 30).
     */
    private static final String KILLED = "1,0,s1,u1,0,0,160,2,100,100,m4,1,completed,"
            + "killed on m4 nodes 0-1 at 40 (run since 0),0-1,0-40;60-160";
    private static final String SHORT = "2,0,s1,u1,0,0,30,2,30,30,m4,1,completed,,2-3,";

    @Test
    void aKilledJobWithItsOutageIsFeasible() throws IOException {
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(KILLED, SHORT), MACHINES, Set.of(1L, 2L),
                outages("m4,0-3,40,60,failure"));
        assertEquals(List.of(), found);
        assertEquals(1, JobsCsvFeasibility.killedAttempts(piecesCsv(KILLED, SHORT)));
    }

    @Test
    void aJobOnAFailedNodeIsFound() throws IOException {
        // job 2 holds nodes 2-3 until 50, but they failed at 40
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(KILLED, SHORT.replace(",30,2,30,30,", ",50,2,50,50,")),
                MACHINES, Set.of(1L, 2L), outages("m4,0-3,40,60,failure"));
        assertOne(found, "overlap on node 2");
    }

    @Test
    void aKillWithoutAnOutageIsFound() throws IOException {
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(KILLED, SHORT), MACHINES, Set.of(1L, 2L),
                outages("m4,2-3,40,60,failure"));
        assertOne(found, "killed at 40 but no outage of its nodes began then");
    }

    @Test
    void aKilledAttemptMustBeAPiece() throws IOException {
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(KILLED.replace("0-40;60-160", "0-50;60-160"),
                SHORT), MACHINES, Set.of(1L, 2L), outages("m4,0-3,40,60,failure"));
        assertTrue(found.stream().anyMatch(f -> f.contains("is not the attempt killed at 40")), found.toString());
    }

    /** Job 1 as above, but rejected after the kill: its row lists the attempt alone, in its pieces and reason. */
    private static final String KILLED_THEN_REJECTED = "1,0,s1,u1,0,0,0,2,100,100,,0,rejected,"
            + "killed on m4 nodes 0-1 at 40 (run since 0); no acceptable offer within the search time (budgets),,0-40";

    @Test
    void aJobRejectedAfterAKillIsFeasibleAndItsAttemptCounts() throws IOException {
        Path file = piecesCsv(KILLED_THEN_REJECTED, SHORT);
        assertEquals(List.of(), JobsCsvFeasibility.violations(file, MACHINES, Set.of(1L, 2L),
                outages("m4,0-3,40,60,failure")));
        assertEquals(1, JobsCsvFeasibility.killedAttempts(file));
    }

    @Test
    void theKilledAttemptOfARejectedJobHoldsItsNodes() throws IOException {
        // job 2 on nodes 0-1 over [0, 30) shares them with the attempt [0, 40)
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(KILLED_THEN_REJECTED,
                SHORT.replace(",2-3,", ",0-1,")), MACHINES, Set.of(1L, 2L), outages("m4,0-3,40,60,failure"));
        assertOne(found, "overlap on node 0");
    }

    @Test
    void aRejectedJobsPiecesMustBeItsKilledAttempts() throws IOException {
        String twoPieces = KILLED_THEN_REJECTED.replace(",0-40", ",0-40;60-70");
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(twoPieces, SHORT), MACHINES, Set.of(1L, 2L),
                outages("m4,0-3,40,60,failure"));
        assertOne(found, "are not the 1 killed attempt(s)");
    }

    @Test
    void aJobDuringMaintenanceIsFound() throws IOException {
        List<String> found = JobsCsvFeasibility.violations(piecesCsv(SHORT), MACHINES, Set.of(2L),
                outages("m4,3,10,20,maintenance"));
        assertOne(found, "maintenance");
    }
}
