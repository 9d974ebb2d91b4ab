package gridmarket.results;

import gridmarket.sim.result.JobStatus;
import gridmarket.sim.result.RejectionReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobsCsvTest {
    @TempDir
    Path dir;

    private static final JobRow COMPLETED = new JobRow(7, 0, "s1", 3, 100, 160, 260, 4, 100, 120, "m1", 1,
            JobStatus.COMPLETED, "", "0-2;5", null);
    private static final JobRow REJECTED = new JobRow(8, 1, "s2", 4, 110, 110, 110, 99, 50, 60, "", 0,
            JobStatus.REJECTED, "needs 99 nodes, more than 64", "", new JobRow.Market(Double.NaN, Double.NaN, 3, 9,
            null), "", "too_wide");
    private static final JobRow TRADED = new JobRow(9, 0, "s1", 4, 120, 130, 180, 2, 50, 60, "m2", 2,
            JobStatus.COMPLETED, "", "3-4", new JobRow.Market(12.5, -30.0, 4, 12, 130L), "130-150;160-180", "");

    @Test
    void writesTheColumnsInOrderAndEachCellAsWritten() throws IOException {
        StringWriter w = new StringWriter();
        JobsCsv.write(w, List.of(COMPLETED, REJECTED, TRADED));
        assertEquals("""
                job_id,part,site,user,submit,start,end,nodes,run_time,estimate,machine,multisite,status,reason,\
                node_ids,price,utility,offers,messages,promised_start,pieces,cause
                7,0,s1,3,100,160,260,4,100,120,m1,1,completed,,0-2;5,,,,,,,
                8,1,s2,4,110,110,110,99,50,60,,0,rejected,"needs 99 nodes, more than 64",,,,3,9,,,too_wide
                9,0,s1,4,120,130,180,2,50,60,m2,2,completed,,3-4,12.5,-30.0,4,12,130,130-150;160-180,
                """, w.toString());
    }

    @Test
    void readsBackWhatItWrote() throws IOException {
        Path f = dir.resolve("jobs.csv");
        try (var w = Files.newBufferedWriter(f)) {
            JobsCsv.write(w, List.of(COMPLETED, TRADED));
        }
        assertEquals(List.of(COMPLETED, TRADED), JobsCsv.read(f));
    }

    /** A run hands its rows to the charts this way: they must be returned only while the file is unchanged. */
    @Test
    void rowsToldWrittenAreReadBackWithoutParsingUntilTheFileChanges() throws IOException {
        Path f = dir.resolve("jobs.csv");
        try (var w = Files.newBufferedWriter(f)) {
            JobsCsv.write(w, List.of(COMPLETED, TRADED));
        }
        // told other rows than the file holds, the reader returns them: it did not parse the file
        JobsCsv.written(f, List.of(TRADED));
        assertEquals(List.of(TRADED), JobsCsv.read(f));
        try (var w = Files.newBufferedWriter(f)) {
            JobsCsv.write(w, List.of(COMPLETED));
        }
        assertEquals(List.of(COMPLETED), JobsCsv.read(f), "a rewritten file is parsed again");
        assertThrows(UnsupportedOperationException.class, () -> JobsCsv.read(f).add(TRADED));
    }

    @Test
    void readsFilesWithoutTheMarketsColumnsAndPassesOverUnknownOnes() throws IOException {
        Path f = dir.resolve("jobs.csv");
        Files.writeString(f, "job_id,part,site,user,submit,start,end,nodes,run_time,estimate,machine,multisite,"
                + "status,reason,node_ids,price,utility,offers,messages,later\n"
                + "9,0,s1,4,120,130,180,2,50,60,m2,2,completed,,3-4,12.5,-30.0,4,12,x\n"
                + "7,0,s1,3,100,160,260,4,100,120,m1,1,completed,,0-2;5,,,,,\n");
        assertEquals(List.of(new JobRow(9, 0, "s1", 4, 120, 130, 180, 2, 50, 60, "m2", 2, JobStatus.COMPLETED, "",
                "3-4", new JobRow.Market(12.5, -30.0, 4, 12, null)), COMPLETED), JobsCsv.read(f));
        Files.writeString(f, "job_id,part,site\n1,0,s1\n");
        ResultsException e = assertThrows(ResultsException.class, () -> JobsCsv.read(f));
        assertEquals(f + ": no column 'user'", e.getMessage());
    }

    @Test
    void aBadPiecesCellIsNamedByLineAndColumn() throws IOException {
        Path f = dir.resolve("jobs.csv");
        Files.writeString(f, JobsCsv.HEADER + "\n7,0,s1,3,100,160,260,4,100,120,m1,1,completed,,0,,,,,,0-40;x;220,\n");
        ResultsException e = assertThrows(ResultsException.class, () -> JobsCsv.read(f));
        assertTrue(e.getMessage().startsWith(f + ":2: column 'pieces': not a list of pieces"), e.getMessage());
    }

    @Test
    void aBadStatusIsNamedByLineAndColumn() throws IOException {
        Path f = dir.resolve("jobs.csv");
        Files.writeString(f, JobsCsv.HEADER + "\n7,0,s1,3,100,160,260,4,100,120,m1,1,done,,0,,,,,,,\n");
        ResultsException e = assertThrows(ResultsException.class, () -> JobsCsv.read(f));
        assertTrue(e.getMessage().startsWith(f + ":2: column 'status': not a job status"), e.getMessage());
    }

    @Test
    void rowsARunCannotWriteAreNamedByLineColumnAndValue() throws IOException {
        Path f = dir.resolve("jobs.csv");
        String good = "7,0,s1,3,100,160,260,4,100,120,m1,1,completed,,0-2;5,,,,,,,\n";
        String[][] cases = {
            {good.replace(",160,260,", ",160,150,"),
                "3: column 'end': the row ends before it starts (start 160), got '150'"},
            {good.replace(",100,160,", ",200,160,"), "3: column 'start': a completed job starts before its submission"},
            {good.replace(",100,160,", ",-1,160,"), "3: column 'submit': negative, got '-1'"},
            {good.replace(",m1,", ",,"), "3: column 'machine': a completed job names its machine"},
            {good.replace(",0-2;5,", ",0-2,"), "3: column 'node_ids': names 3 nodes, but the row holds 4, got '0-2'"},
            {good.replace(",0-2;5,", ",5;0-2,"), "3: column 'node_ids': not ascending node ranges"},
            {good.replace(",0-2;5,", ",0-2;2-2,"), "3: column 'node_ids': not ascending node ranges"},
            {good.replace(",4,100,120,", ",0,100,120,").replace(",0-2;5,", ",,"), "3: column 'nodes': a completed "
                + "job holds at least one node"},
            {good.replace(",,,,,,,", ",1e400,,,,,,"), "3: column 'price': not a finite number '1e400'"},
        };
        for (String[] c : cases) {
            Files.writeString(f, JobsCsv.HEADER + "\n" + good + c[0]);
            ResultsException e = assertThrows(ResultsException.class, () -> JobsCsv.read(f), c[1]);
            assertTrue(e.getMessage().startsWith(f + ":" + c[1]), e.getMessage());
        }
        Files.writeString(f, JobsCsv.HEADER + ",end\n" + good.replace("\n", ",260\n"));
        ResultsException e = assertThrows(ResultsException.class, () -> JobsCsv.read(f));
        assertEquals(f + ":1: column 'end' appears twice (columns 7 and 23)", e.getMessage());
    }

    @Test
    void nodesOutsideTheirMachineAreRefusedWhenTheSizesAreKnown() throws IOException {
        Path f = dir.resolve("jobs.csv");
        try (var w = Files.newBufferedWriter(f)) {
            JobsCsv.write(w, List.of(COMPLETED, REJECTED, TRADED));
        }
        assertEquals(3, JobsCsv.read(f, Map.of("m1", 6, "m2", 5)).size(), "node 5 of 6, node 4 of 5: inside");
        ResultsException e = assertThrows(ResultsException.class, () -> JobsCsv.read(f, Map.of("m1", 5,
                "m2", 5)));
        assertEquals(f + ":2: column 'node_ids': node 5 is outside machine m1 (5 nodes, 0 to 4) '0-2;5'",
                e.getMessage());
        e = assertThrows(ResultsException.class, () -> JobsCsv.read(f, Map.of("m1", 6)));
        assertTrue(e.getMessage().startsWith(f + ":4: column 'machine': not a machine of the run's summary"),
                e.getMessage());
        assertEquals(3, JobsCsv.read(f, Map.of()).size(), "sizes unknown: not checked");
    }

    /** The README lists the columns of jobs.csv; this fails when the list and the writer diverge. */
    @Test
    void readmeListsTheColumnsTheWriterWrites() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        Matcher m = Pattern.compile("- `jobs\\.csv`:[^\\n]*\\n\\s*`([^`]+)`").matcher(readme);
        assertTrue(m.find(), "README.md has a jobs.csv column list");
        assertEquals(JobsCsv.HEADER, m.group(1));
    }

    /** The README names every rejection cause a summary counts, by its key. */
    @Test
    void readmeNamesEveryRejectionCause() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md")).replaceAll("\\s+", " ");
        Matcher m = Pattern.compile("counts rejected jobs per cause: ([^)]*)\\)").matcher(readme);
        assertTrue(m.find(), "README.md lists the rejection causes");
        assertEquals(java.util.Arrays.stream(RejectionReason.values()).map(r -> "`" + r.key() + "`").toList(),
                List.of(m.group(1).split(", ")));
    }
}
