package gridmarket.sim.workload;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * Reads a trace in the Standard Workload Format, plain or gzip-compressed (recognised by its content, not its name).
 *
 * <p>Field rules (SPEC W1): processors = allocated (field 5) if positive, else requested (field 8); run time = field 4;
 * requested time = field 9 if positive, else the run time; estimate = max(requested time, run time), or with
 * {@code killAtEstimate} the run time is cut to the requested time. Records with a non-positive run time or processor
 * count are dropped and counted. Every one of the 18 fields must be a number; a decimal in a field used as a time or
 * count is rounded to the nearest integer. A field beyond {@link #MAX_FIELD} in size (beyond {@code int} for counts
 * and ids), a kept job with a negative submit time, a line that is not text, and a trace with no jobs are errors.
 */
public final class SwfReader {
    /** Names of the 18 SWF fields, 1-based in messages. */
    static final String[] FIELD_NAMES = {
        "job number", "submit time", "wait time", "run time", "allocated processors", "average cpu time",
        "used memory", "requested processors", "requested time", "requested memory", "status", "user id",
        "group id", "executable number", "queue number", "partition number", "preceding job", "think time"};

    /**
     * Largest size of a field, about 31,700 years in seconds: far beyond any trace, and small enough that sums of
     * times stay exact in MASON's double time.
     */
    public static final long MAX_FIELD = 1_000_000_000_000L;
    /** Fields read as {@code int} (0-based): allocated and requested processors, status, user id. */
    private static final Set<Integer> INT_FIELDS = Set.of(4, 7, 10, 11);
    /** Longest value echoed in a message: a binary file must not flood the terminal. */
    private static final int SHOWN = 24;

    /** What to do with a malformed line. */
    public enum OnBadLine {
        /** Stop with an error naming file, line, field and value. */
        FAIL,
        /** Count the line as dropped ({@link DropReason#BAD_LINE}) and go on. */
        SKIP
    }

    private final OnBadLine onBadLine;
    private final boolean killAtEstimate;

    /** A reader with the defaults: fail on a bad line, estimates never kill. */
    public SwfReader() {
        this(OnBadLine.FAIL, false);
    }

    public SwfReader(OnBadLine onBadLine, boolean killAtEstimate) {
        this.onBadLine = onBadLine;
        this.killAtEstimate = killAtEstimate;
    }

    /**
     * Reads the whole trace.
     *
     * @throws WorkloadException for a missing file or, unless skipping, a malformed line
     */
    public Workload read(Path file) {
        String name = file.toString();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            InputStream in = raw;
            raw.mark(2);
            int b1 = raw.read();
            int b2 = raw.read();
            raw.reset();
            if (b1 == 0x1f && b2 == 0x8b) {
                in = new GZIPInputStream(raw, 1 << 16);
            }
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 1 << 16)) {
                return read(name, r);
            }
        } catch (NoSuchFileException e) {
            throw new WorkloadException(name + ": no such file");
        } catch (IOException e) {
            throw new WorkloadException(name + ": cannot read: " + e.getMessage());
        }
    }

    Workload read(String name, BufferedReader r) throws IOException {
        List<String> header = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        Map<DropReason, Integer> drops = new EnumMap<>(DropReason.class);
        long[] f = new long[18];
        String line;
        int lineNo = 0;
        while ((line = r.readLine()) != null) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (t.charAt(0) == ';') {
                header.add(t.substring(1).strip());
                continue;
            }
            String bad = parseFields(t, f);
            if (bad == null && f[1] < 0 && f[3] > 0 && (f[4] > 0 || f[7] > 0)) {
                bad = "field 2 (" + FIELD_NAMES[1] + "): " + f[1] + " is negative";
            }
            if (bad != null) {
                if (onBadLine == OnBadLine.SKIP) {
                    drops.merge(DropReason.BAD_LINE, 1, Integer::sum);
                    continue;
                }
                throw new WorkloadException(name + ":" + lineNo + ": " + bad);
            }
            long runTime = f[3];
            int procs = (int) (f[4] > 0 ? f[4] : f[7]);
            if (runTime <= 0) {
                drops.merge(DropReason.NON_POSITIVE_RUN_TIME, 1, Integer::sum);
                continue;
            }
            if (procs <= 0) {
                drops.merge(DropReason.NON_POSITIVE_PROCESSORS, 1, Integer::sum);
                continue;
            }
            long requested = f[8] > 0 ? f[8] : runTime;
            long estimate;
            if (killAtEstimate && requested < runTime) {
                runTime = requested;
                estimate = requested;
            } else {
                estimate = Math.max(requested, runTime);
            }
            jobs.add(new Job(f[0], jobs.size(), f[1], runTime, estimate, procs, (int) f[11], (int) f[10], f[8]));
        }
        if (jobs.isEmpty()) {
            int dropped = drops.values().stream().mapToInt(Integer::intValue).sum();
            throw new WorkloadException(name + ": no jobs" + (dropped == 0 ? " (the trace is empty or only comments)"
                    : " left (" + dropped + " records dropped: " + drops.entrySet().stream()
                    .map(e -> e.getValue() + " " + e.getKey().key()).collect(Collectors.joining(", ")) + ")"));
        }
        return new Workload(name, header, inSubmissionOrder(jobs), drops);
    }

    /**
     * Sorts jobs stably by submit time and renumbers their {@code order}; a trace already in order is left as it is.
     */
    public static List<Job> inSubmissionOrder(List<Job> jobs) {
        List<Job> sorted = new ArrayList<>(jobs);
        sorted.sort(Comparator.comparingLong(Job::submit).thenComparingInt(Job::order));
        List<Job> out = new ArrayList<>(sorted.size());
        for (Job j : sorted) {
            out.add(out.size() == j.order() ? j : j.withOrder(out.size()));
        }
        return out;
    }

    /** Splits a data line into the 18 fields; returns a description of what is wrong, or {@code null}. */
    private static String parseFields(String t, long[] f) {
        int n = t.length();
        for (int k = 0; k < n; k++) {
            char c = t.charAt(k);
            if ((c < ' ' && c != '\t') || c > '~') {
                return "not SWF text: a " + (c == '\uFFFD' ? "byte that is not ASCII" : String.format("control "
                        + "character U+%04X", (int) c)) + " at column " + (k + 1) + " (a binary or compressed file?)";
            }
        }
        int i = 0;
        int field = 0;
        while (i < n) {
            char c = t.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
                continue;
            }
            int start = i;
            while (i < n && t.charAt(i) != ' ' && t.charAt(i) != '\t') {
                i++;
            }
            if (field == 18) {
                return "expected 18 fields, found more";
            }
            String err = parseNumber(t, start, i, f, field);
            if (err != null) {
                return err;
            }
            field++;
        }
        if (field < 18) {
            return "expected 18 fields, found " + field + " (truncated line?)";
        }
        return null;
    }

    private static String parseNumber(String t, int start, int end, long[] f, int field) {
        int i = start;
        boolean neg = false;
        if (t.charAt(i) == '-') {
            neg = true;
            i++;
        }
        long v = 0;
        boolean digits = i < end;
        for (int k = i; k < end; k++) {
            char c = t.charAt(k);
            if (c < '0' || c > '9' || v > (Long.MAX_VALUE - 9) / 10) {
                digits = false;
                break;
            }
            v = v * 10 + (c - '0');
        }
        String token = t.substring(start, end);
        String shown = token.length() <= SHOWN ? token : token.substring(0, SHOWN) + "...";
        String where = "field " + (field + 1) + " (" + FIELD_NAMES[field] + "): '" + shown + "'";
        double d;
        if (digits) {
            d = neg ? -v : v;
        } else {
            try {
                d = Double.parseDouble(token);
            } catch (NumberFormatException e) {
                return where + " is not a number";
            }
            if (Double.isNaN(d)) {
                return where + " is not a number";
            }
        }
        long max = INT_FIELDS.contains(field) ? Integer.MAX_VALUE : MAX_FIELD;
        if (Math.abs(d) > max) {
            return where + " is out of range (at most " + max + " in size)";
        }
        f[field] = digits ? (neg ? -v : v) : Math.round(d);
        return null;
    }
}
