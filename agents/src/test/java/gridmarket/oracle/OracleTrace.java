package gridmarket.oracle;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Independent SWF reader for the oracle (SPEC W1), written without looking at gridmarket's reader.
 *
 * <p>Rules: fields are whitespace separated, lines starting with ';' are header comments, blank lines are
 * ignored, every data line has 18 fields. Job id = field 1, submit = field 2, run time = field 4,
 * processors = field 5 if > 0 else field 8, estimate = max(field 9 if > 0 else run time, run time).
 * Jobs with run time <= 0 or processors <= 0 are dropped (counted). Jobs wider than the machine are kept
 * out of {@link #jobs()} and listed in {@link #tooWide()}. Jobs are returned in submit order, ties in
 * trace order (stable sort).
 *
 * @param jobs     simulated jobs, submit order
 * @param tooWide  ids of jobs with procs > nodes (valid otherwise), trace order
 * @param dropped  number of jobs dropped for run time <= 0 or processors <= 0
 */
public record OracleTrace(List<OracleJob> jobs, List<Long> tooWide, int dropped) {

    /** Reads {@code swf} (plain or gzip, detected by magic bytes) for a machine of {@code nodes} nodes. */
    public static OracleTrace read(Path swf, int nodes) throws IOException {
        List<OracleJob> jobs = new ArrayList<>();
        List<Long> tooWide = new ArrayList<>();
        int dropped = 0;
        try (BufferedReader in = open(swf)) {
            String line;
            int lineNo = 0;
            while ((line = in.readLine()) != null) {
                lineNo++;
                String s = line.strip();
                if (s.isEmpty() || s.startsWith(";")) {
                    continue;
                }
                String[] f = s.split("\\s+");
                if (f.length != 18) {
                    throw new IOException(swf + ":" + lineNo + ": expected 18 fields, found " + f.length);
                }
                long id = field(f, 1, swf, lineNo);
                long submit = field(f, 2, swf, lineNo);
                long run = field(f, 4, swf, lineNo);
                long alloc = field(f, 5, swf, lineNo);
                long req = field(f, 8, swf, lineNo);
                long reqTime = field(f, 9, swf, lineNo);
                long procs = alloc > 0 ? alloc : req;
                if (run <= 0 || procs <= 0) {
                    dropped++;
                    continue;
                }
                if (procs > nodes) {
                    tooWide.add(id);
                    continue;
                }
                long estimate = Math.max(reqTime > 0 ? reqTime : run, run);
                jobs.add(new OracleJob(id, submit, run, estimate, (int) procs));
            }
        }
        jobs.sort(Comparator.comparingLong(OracleJob::submit)); // List.sort is stable
        return new OracleTrace(List.copyOf(jobs), List.copyOf(tooWide), dropped);
    }

    private static long field(String[] f, int oneBased, Path file, int lineNo) throws IOException {
        String v = f[oneBased - 1];
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IOException(file + ":" + lineNo + ": field " + oneBased + " is not an integer: '" + v + "'");
        }
    }

    private static BufferedReader open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file));
        raw.mark(2);
        int b0 = raw.read();
        int b1 = raw.read();
        raw.reset();
        InputStream in = (b0 == 0x1f && b1 == 0x8b) ? new GZIPInputStream(raw, 1 << 16) : raw;
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 1 << 16);
    }
}
