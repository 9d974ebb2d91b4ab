package gridmarket.sim.workload;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
            return read(name, in);
        } catch (NoSuchFileException e) {
            throw new WorkloadException(name + ": no such file");
        } catch (IOException e) {
            throw new WorkloadException(name + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Reads a trace's text. Lines are read as bytes: a line of printable ASCII whose fields are all whole numbers (in
     * a trace, nearly every line) is parsed without making a string of it; any other line is read as US-ASCII text
     * (a byte beyond ASCII becomes U+FFFD, as a decoder makes it) and goes the general way, which names what is
     * wrong.
     */
    Workload read(String name, InputStream in) throws IOException {
        Lines lines = new Lines(in);
        List<String> header = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        Map<DropReason, Integer> drops = new EnumMap<>(DropReason.class);
        long[] f = new long[18];
        long summaryId = NO_SUMMARY;
        JobNumbers numbers = new JobNumbers();
        int lineNo = 0;
        while (lines.next()) {
            lineNo++;
            byte[] b = lines.bytes;
            int s = lines.start;
            int e = lines.end;
            String bad;
            if (plain(b, s, e)) {
                // the only white space in such a line is blanks and tabs, so this is what strip() would do
                while (s < e && (b[s] == ' ' || b[s] == '\t')) {
                    s++;
                }
                while (e > s && (b[e - 1] == ' ' || b[e - 1] == '\t')) {
                    e--;
                }
                if (s == e) {
                    continue;
                }
                if (b[s] == ';') {
                    header.add(new String(b, s + 1, e - s - 1, StandardCharsets.US_ASCII).strip());
                    continue;
                }
                bad = wholeFields(b, s, e, f) ? null
                        : parseFields(new String(b, s, e - s, StandardCharsets.US_ASCII), f);
            } else {
                String t = new String(b, s, e - s, StandardCharsets.US_ASCII).strip();
                if (t.isEmpty()) {
                    continue;
                }
                if (t.charAt(0) == ';') {
                    header.add(t.substring(1).strip());
                    continue;
                }
                bad = parseFields(t, f);
            }
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
            if (partOfPrevious(f[10]) && f[0] == summaryId) {
                continue; // a partial execution of the job on the summary line before it (a preempted job's piece)
            }
            summaryId = partOfPrevious(f[10]) ? NO_SUMMARY : f[0];
            int firstLine = numbers.add(f[0], lineNo);
            if (firstLine > 0) {
                if (onBadLine == OnBadLine.SKIP) {
                    drops.merge(DropReason.BAD_LINE, 1, Integer::sum);
                    continue;
                }
                throw new WorkloadException(name + ":" + lineNo + ": field 1 (" + FIELD_NAMES[0] + "): " + f[0]
                        + " is the number of the job on line " + firstLine + " too");
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
     * The job numbers read so far, so that a number used twice is named rather than giving two jobs one id in the
     * results. Traces number their jobs in increasing order, which needs no set; the set (number to line) is built
     * only from the first number out of order on.
     */
    private static final class JobNumbers {
        private long last = Long.MIN_VALUE;
        private long[] numbers = new long[1024];
        private int[] lines = new int[1024];
        private int count;
        private Map<Long, Integer> lineOf;

        /** Records a number read on a line; returns the line it was first read on, or 0 if it is new. */
        int add(long number, int line) {
            if (lineOf == null && number > last) {
                last = number;
                if (count == numbers.length) {
                    numbers = Arrays.copyOf(numbers, count * 2);
                    lines = Arrays.copyOf(lines, count * 2);
                }
                numbers[count] = number;
                lines[count++] = line;
                return 0;
            }
            if (lineOf == null) {
                lineOf = new HashMap<>();
                for (int k = 0; k < count; k++) {
                    lineOf.put(numbers[k], lines[k]);
                }
                numbers = null;
                lines = null;
            }
            Integer first = lineOf.putIfAbsent(number, line);
            return first == null ? 0 : first;
        }
    }

    /** No summary line before: the job number a partial execution must repeat to be read as a part of it. */
    private static final long NO_SUMMARY = Long.MIN_VALUE;

    /** SWF statuses 2, 3 and 4: a partial execution of a checkpointed, swapped or preempted job. */
    private static boolean partOfPrevious(long status) {
        return status == 2 || status == 3 || status == 4;
    }

    /** Whether the bytes are printable ASCII, blanks and tabs only. */
    private static boolean plain(byte[] b, int from, int to) {
        for (int k = from; k < to; k++) {
            int c = b[k] & 0xFF;
            if ((c < ' ' && c != '\t') || c > '~') {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a line of exactly 18 whole numbers in range (an optional minus, at most 13 digits) into {@code f};
     * {@code false} for anything else (decimals, too many digits, a bad field), which {@link #parseFields} reads or
     * names.
     */
    private static boolean wholeFields(byte[] b, int from, int to, long[] f) {
        int field = 0;
        int i = from;
        while (i < to) {
            if (b[i] == ' ' || b[i] == '\t') {
                i++;
                continue;
            }
            if (field == 18) {
                return false;
            }
            boolean neg = b[i] == '-';
            if (neg) {
                i++;
            }
            int start = i;
            long v = 0;
            while (i < to && b[i] != ' ' && b[i] != '\t') {
                int c = b[i] - '0';
                if (c < 0 || c > 9 || i - start == 13) {
                    return false;
                }
                v = v * 10 + c;
                i++;
            }
            long max = field == 4 || field == 7 || field == 10 || field == 11 ? Integer.MAX_VALUE : MAX_FIELD;
            if (i == start || v > max) {
                return false;
            }
            f[field++] = neg ? -v : v;
        }
        return field == 18;
    }

    /**
     * The lines of a stream as byte ranges of a buffer, split as {@link java.io.BufferedReader#readLine()} splits
     * them: at {@code \n}, {@code \r} or {@code \r\n}; a last line without an end counts.
     */
    private static final class Lines {
        private final InputStream in;
        byte[] bytes = new byte[1 << 16];
        /** The current line: {@code bytes[start, end)}. */
        int start;
        int end;
        private int pos;
        private int limit;
        /** The last line ended at a {@code \r}: a {@code \n} right after it belongs to that end. */
        private boolean afterCr;

        Lines(InputStream in) {
            this.in = in;
        }

        boolean next() throws IOException {
            if (afterCr) {
                afterCr = false;
                if (pos == limit && !fill()) {
                    return false;
                }
                if (bytes[pos] == '\n') {
                    pos++;
                }
            }
            int i = pos;
            while (true) {
                while (i < limit) {
                    byte c = bytes[i];
                    if (c == '\n' || c == '\r') {
                        start = pos;
                        end = i;
                        pos = i + 1;
                        afterCr = c == '\r';
                        return true;
                    }
                    i++;
                }
                int scanned = i - pos;
                if (!fill()) {
                    if (pos < limit) {
                        start = pos;
                        end = limit;
                        pos = limit;
                        return true;
                    }
                    return false;
                }
                i = pos + scanned;
            }
        }

        /** Moves the unread bytes to the front, growing the buffer for a long line, and reads more; false at the end. */
        private boolean fill() throws IOException {
            if (pos > 0) {
                System.arraycopy(bytes, pos, bytes, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            if (limit == bytes.length) {
                bytes = java.util.Arrays.copyOf(bytes, 2 * bytes.length);
            }
            int n = in.read(bytes, limit, bytes.length - limit);
            if (n <= 0) {
                return false;
            }
            limit += n;
            return true;
        }
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
        long max = field == 4 || field == 7 || field == 10 || field == 11 ? Integer.MAX_VALUE : MAX_FIELD;
        if (digits) { // the common case, checked without making a string of the token
            if (v > max) {
                return where(t, start, end, field) + " is out of range (at most " + max + " in size)";
            }
            f[field] = neg ? -v : v;
            return null;
        }
        double d;
        try {
            d = Double.parseDouble(t.substring(start, end));
        } catch (NumberFormatException e) {
            return where(t, start, end, field) + " is not a number";
        }
        if (Double.isNaN(d)) {
            return where(t, start, end, field) + " is not a number";
        }
        if (Math.abs(d) > max) {
            return where(t, start, end, field) + " is out of range (at most " + max + " in size)";
        }
        f[field] = Math.round(d);
        return null;
    }

    /** The field and its value (cut if long) as messages name them. */
    private static String where(String t, int start, int end, int field) {
        String token = t.substring(start, end);
        String shown = token.length() <= SHOWN ? token : token.substring(0, SHOWN) + "...";
        return "field " + (field + 1) + " (" + FIELD_NAMES[field] + "): '" + shown + "'";
    }
}
