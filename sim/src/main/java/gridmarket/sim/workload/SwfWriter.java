package gridmarket.sim.workload;

import gridmarket.sim.result.Piece;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;

/**
 * Writes jobs in the Standard Workload Format (version 2.2): either a workload as a trace, or a simulated schedule.
 *
 * <p>Output: first the header, one comment line {@code "; " + line} per header entry (an entry containing line
 * breaks becomes several comment lines; an empty entry a bare {@code ;}), so fields such as {@code MaxNodes: 256} pass
 * through as given; then one line per job with the 18 fields separated by one space, -1 where a value is unknown,
 * in submission order (submit time, then {@link Job#order()}), as SWF requires. Lines end with {@code \n} on every
 * platform and the text is US-ASCII, as SwfReader reads it, so the same jobs give byte-identical
 * files everywhere.
 *
 * <p>Round trip: {@link SwfReader#read(Path)} with its defaults gives back jobs equal to the ones written (and the
 * header lines, stripped of surrounding blanks). Field 9 carries {@link Job#requestedTime()}; for a job whose
 * estimate SwfReader would not recover from it ({@code max(requested > 0 ? requested : runTime, runTime)}), such as a
 * job built in code with an unknown requested time but a longer estimate, field 9 carries the estimate instead,
 * because the estimate is what schedulers saw.
 *
 * <p>All methods are stateless; the class is not instantiable.
 */
public final class SwfWriter {
    /** SWF status (field 11) of a job that ran to its end. */
    public static final int STATUS_COMPLETED = 1;
    /** SWF status of a job that ran and failed; the simulator does not produce it, but traces carry it through. */
    public static final int STATUS_FAILED = 0;
    /** SWF status of a cancelled job; written for jobs the simulation rejected, which never ran. */
    public static final int STATUS_CANCELLED = 5;
    /** SWF status of a partial execution that will be continued (a piece of a preempted job before its last). */
    public static final int STATUS_PARTIAL = 2;
    /** SWF status of the last partial execution of a job that then completed. */
    public static final int STATUS_LAST_PARTIAL = 3;

    private static final Comparator<Job> SUBMISSION_ORDER =
            Comparator.comparingLong(Job::submit).thenComparingInt(Job::order);

    private SwfWriter() {
    }

    /**
     * One job of a simulated schedule.
     *
     * <p>A completed job ran from {@code start} to {@code end} (seconds of simulated time) on {@code nodes} nodes;
     * {@code end - start} may differ from the job's run time where the simulation adds overhead (multi-site runs). For
     * a rejected job ({@code completed == false}) start, end and nodes carry no meaning and are not written.
     *
     * @param job       the job as the workload gave it; {@code null} not permitted
     * @param start     start time in seconds, not before the submit time (completed jobs)
     * @param end       end time in seconds, not before the start (completed jobs)
     * @param nodes     nodes allocated, greater than zero (completed jobs)
     * @param completed whether the job ran to its end; {@code false} for a rejected job
     * @param pieces    the runs of a job that was preempted (PFCFS), in time order from {@code start} to {@code end};
     *                  empty for a job that ran in one piece
     */
    public record ScheduledJob(Job job, long start, long end, int nodes, boolean completed, List<Piece> pieces) {

        public ScheduledJob {
            Objects.requireNonNull(job, "job");
            if (completed && (start < job.submit() || end < start || nodes <= 0)) {
                throw new IllegalArgumentException("job " + job.id() + ": submit " + job.submit() + ", start "
                        + start + ", end " + end + ", nodes " + nodes);
            }
            pieces = List.copyOf(pieces);
            if (!pieces.isEmpty() && (pieces.get(0).start() != start || pieces.get(pieces.size() - 1).end() != end)) {
                throw new IllegalArgumentException("job " + job.id() + ": pieces " + pieces + " do not span ["
                        + start + ", " + end + ")");
            }
        }

        /** A job that ran in one piece (or never ran). */
        public ScheduledJob(Job job, long start, long end, int nodes, boolean completed) {
            this(job, start, end, nodes, completed, List.of());
        }

        /** A job that ran from {@code start} to {@code end} seconds on {@code nodes} nodes. */
        public static ScheduledJob completed(Job job, long start, long end, int nodes) {
            return new ScheduledJob(job, start, end, nodes, true);
        }

        /** A job that never ran; start and end are set to its submit time, nodes to 0. */
        public static ScheduledJob rejected(Job job) {
            return new ScheduledJob(job, job.submit(), job.submit(), 0, false);
        }
    }

    /** Writes a workload as a trace: its header, then its jobs. See {@link #write(Writer, List, List)}. */
    public static void write(Writer out, Workload workload) throws IOException {
        write(out, workload.header(), workload.jobs());
    }

    /**
     * Writes jobs as a trace. Per job: 1 id, 2 submit, 3 wait -1 (a trace of submitted work has not been scheduled
     * yet), 4 run time, 5 allocated processors = 8 requested processors = nodes, 9 requested time (see the class
     * comment), 11 the job's status, 12 user; every other field -1. The writer is flushed, not closed.
     *
     * @param out    where to write; {@code null} not permitted
     * @param header header lines without their leading {@code ;}; {@code null} not permitted
     * @param jobs   the jobs, written in submission order whatever their order in the list
     */
    public static void write(Writer out, List<String> header, List<Job> jobs) throws IOException {
        writeHeader(out, header);
        List<Job> sorted = new ArrayList<>(jobs);
        sorted.sort(SUBMISSION_ORDER);
        long[] f = new long[18];
        for (Job j : sorted) {
            fill(f, j);
            f[4] = j.nodes();
            f[10] = j.status();
            writeRecord(out, f);
        }
        out.flush();
    }

    /**
     * Writes a workload as a trace to a file, gzip-compressed if the name ends in {@code .gz} (SwfReader recognises
     * either); an existing file is replaced.
     */
    public static void write(Path file, Workload workload) throws IOException {
        try (Writer out = open(file)) {
            write(out, workload);
        }
    }

    /**
     * Writes a simulated schedule. A completed job is written as it ran: 3 wait = start - submit, 4 run time = end -
     * start, 5 allocated processors = the nodes it held, 8 requested processors = the job's nodes, 11 status 1. A
     * rejected job never ran: 3 wait, 4 run time and 5 allocated processors are -1 (unknown, as for a job cancelled
     * before it started) and 11 status is 5, cancelled (not 0, failed, which in SWF means the job ran and failed). 1
     * id, 2 submit, 9 requested time and 12 user are the job's in both cases; every other field is -1. A preempted job
     * (PFCFS) is its summary line, status 1 with 4 run time = the time it ran (the sum of its pieces), followed by one
     * line per piece, as SWF writes partial executions: the same job number, 3 wait = the piece's start - submit, 4 run
     * time = the piece's length, 11 status 2 ("will be continued") for every piece but the last, 3 for the last.
     * Reading such a file back with SwfReader keeps the completed jobs, with the run times they had (partial
     * executions right after their job's summary line are parts of it, not jobs), and counts the rejected ones under
     * {@link DropReason#NON_POSITIVE_RUN_TIME}. The writer is flushed, not closed.
     *
     * @param out    where to write; {@code null} not permitted
     * @param header header lines without their leading {@code ;} (e.g. the workload's, plus notes on the run)
     * @param jobs   the scheduled jobs, written in submission order of their jobs whatever their order in the list
     */
    public static void writeSchedule(Writer out, List<String> header, List<ScheduledJob> jobs) throws IOException {
        writeHeader(out, header);
        List<ScheduledJob> sorted = new ArrayList<>(jobs);
        sorted.sort(Comparator.comparing(ScheduledJob::job, SUBMISSION_ORDER));
        long[] f = new long[18];
        for (ScheduledJob s : sorted) {
            fill(f, s.job());
            if (s.completed()) {
                f[2] = s.start() - s.job().submit();
                f[3] = s.pieces().isEmpty() ? s.end() - s.start()
                        : s.pieces().stream().mapToLong(Piece::length).sum();
                f[4] = s.nodes();
                f[10] = STATUS_COMPLETED;
            } else {
                f[3] = -1;
                f[4] = -1;
                f[10] = STATUS_CANCELLED;
            }
            writeRecord(out, f);
            for (int k = 0; k < s.pieces().size(); k++) { // partial executions after the summary line, as SWF has them
                Piece p = s.pieces().get(k);
                f[2] = p.start() - s.job().submit();
                f[3] = p.length();
                f[10] = k < s.pieces().size() - 1 ? STATUS_PARTIAL : STATUS_LAST_PARTIAL;
                writeRecord(out, f);
            }
        }
        out.flush();
    }

    /** Writes a simulated schedule to a file, gzip-compressed if the name ends in {@code .gz}. */
    public static void writeSchedule(Path file, List<String> header, List<ScheduledJob> jobs) throws IOException {
        try (Writer out = open(file)) {
            writeSchedule(out, header, jobs);
        }
    }

    /**
     * The value for field 9: the requested time if SwfReader turns it back into the job's estimate, else the
     * estimate.
     */
    static long requestedTimeField(Job j) {
        long requested = j.requestedTime();
        long readBack = Math.max(requested > 0 ? requested : j.runTime(), j.runTime());
        return readBack == j.estimate() ? requested : j.estimate();
    }

    /** Sets the fields every record shares; the caller fills 3, 4, 5 and 11. */
    private static void fill(long[] f, Job j) {
        Arrays.fill(f, -1);
        f[0] = j.id();
        f[1] = j.submit();
        f[3] = j.runTime();
        f[7] = j.nodes();
        f[8] = requestedTimeField(j);
        f[11] = j.user();
    }

    private static void writeHeader(Writer out, List<String> header) throws IOException {
        for (String entry : header) {
            for (String line : entry.split("\\R", -1)) {
                out.write(line.isEmpty() ? ";" : "; " + line);
                out.write('\n');
            }
        }
    }

    private static void writeRecord(Writer out, long[] f) throws IOException {
        StringBuilder b = new StringBuilder(96);
        for (int i = 0; i < f.length; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(f[i]);
        }
        b.append('\n');
        out.write(b.toString());
    }

    private static Writer open(Path file) throws IOException {
        OutputStream raw = Files.newOutputStream(file);
        try {
            OutputStream os = file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw;
            return new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.US_ASCII), 1 << 16);
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }
}
