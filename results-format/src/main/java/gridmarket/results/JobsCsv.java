package gridmarket.results;

import gridmarket.sim.result.JobStatus;

import java.io.IOException;
import java.io.Writer;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * {@code jobs.csv}: the one writer and reader of {@link JobRow}s. A column is a name and how a row's cell is
 * written; adding one is one entry in {@link #COLUMN_LIST} (and one component of {@link JobRow}).
 */
public final class JobsCsv {
    private record Column(String name, BiConsumer<StringBuilder, JobRow> cell) {
    }

    private static final List<Column> COLUMN_LIST = List.of(
            new Column("job_id", (b, r) -> b.append(r.jobId())),
            new Column("part", (b, r) -> b.append(r.part())),
            new Column("site", (b, r) -> CsvFile.appendField(b, r.site())),
            new Column("user", (b, r) -> b.append(r.user())),
            new Column("submit", (b, r) -> b.append(r.submit())),
            new Column("start", (b, r) -> b.append(r.start())),
            new Column("end", (b, r) -> b.append(r.end())),
            new Column("nodes", (b, r) -> b.append(r.nodes())),
            new Column("run_time", (b, r) -> b.append(r.runTime())),
            new Column("estimate", (b, r) -> b.append(r.estimate())),
            new Column("machine", (b, r) -> CsvFile.appendField(b, r.machine())),
            new Column("multisite", (b, r) -> b.append(r.multisite())),
            new Column("status", (b, r) -> b.append(r.status().key())),
            new Column("reason", (b, r) -> CsvFile.appendField(b, r.reason())),
            new Column("node_ids", (b, r) -> b.append(r.nodeIds())),
            // the market's columns are empty for other strategies, and a price or utility is empty where no
            // offer was accepted
            new Column("price", (b, r) -> number(b, r.market() == null ? Double.NaN : r.market().price())),
            new Column("utility", (b, r) -> number(b, r.market() == null ? Double.NaN : r.market().utility())),
            new Column("offers", (b, r) -> b.append(r.market() == null ? "" : Long.toString(r.market().offers()))),
            new Column("messages", (b, r) -> b.append(r.market() == null ? "" : Long.toString(r.market().messages()))),
            new Column("promised_start", (b, r) -> b.append(r.market() == null || r.market().promisedStart() == null
                    ? "" : r.market().promisedStart().toString())),
            new Column("pieces", (b, r) -> b.append(r.pieces())),
            new Column("cause", (b, r) -> b.append(r.cause())));

    /** The columns of {@code jobs.csv}, in order. */
    public static final List<String> COLUMNS = COLUMN_LIST.stream().map(Column::name).toList();

    /** The header line of {@code jobs.csv}, without its newline. */
    public static final String HEADER = String.join(",", COLUMNS);

    private JobsCsv() {
    }

    private static void number(StringBuilder b, double v) {
        if (!Double.isNaN(v)) {
            b.append(v);
        }
    }

    /** Writes the header and one line per row. */
    public static void write(Writer w, Iterable<JobRow> rows) throws IOException {
        w.write(HEADER);
        w.write('\n');
        StringBuilder b = new StringBuilder(128);
        for (JobRow r : rows) {
            b.setLength(0);
            for (int c = 0; c < COLUMN_LIST.size(); c++) {
                if (c > 0) {
                    b.append(',');
                }
                COLUMN_LIST.get(c).cell().accept(b, r);
            }
            b.append('\n');
            w.write(b.toString());
        }
    }

    /** How many leading columns every {@code jobs.csv} has; the columns after them may be absent. */
    private static final int CORE = COLUMNS.indexOf("node_ids") + 1;
    /** The market's columns, {@code price} to {@code promised_start}. */
    private static final int MARKET_FROM = COLUMNS.indexOf("price");
    private static final int MARKET_TO = COLUMNS.indexOf("promised_start") + 1;
    private static final int PIECES = COLUMNS.indexOf("pieces");
    private static final int CAUSE = COLUMNS.indexOf("cause");
    private static final int SUBMIT = COLUMNS.indexOf("submit");
    private static final int START = COLUMNS.indexOf("start");
    private static final int END = COLUMNS.indexOf("end");
    private static final int NODES = COLUMNS.indexOf("nodes");
    private static final int MACHINE = COLUMNS.indexOf("machine");
    private static final int NODE_IDS = COLUMNS.indexOf("node_ids");

    /**
     * The rows of the {@code jobs.csv} last read or written, with the file's identity when they were: a run's
     * figures each read its {@code jobs.csv}, just written, and parsing a large one costs more than drawing it.
     * Soft, so it never holds memory the JVM needs.
     */
    private static SoftReference<Known> last;

    /**
     * Rows known to be the content of a file while its real path, modification time and size are these; with the
     * line each row starts on if they were parsed, {@code null} if this process wrote them.
     */
    private record Known(Path realPath, FileTime modified, long size, List<JobRow> rows, int[] lines) {
        static Known of(Path file, List<JobRow> rows) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Known(file.toRealPath(), a.lastModifiedTime(), a.size(), rows, null);
        }

        boolean sameFile(Known other) {
            return realPath.equals(other.realPath) && modified.equals(other.modified) && size == other.size;
        }
    }

    /**
     * Tells the reader that {@code file} now holds exactly {@code rows}, as {@link #write} wrote them: until the
     * file changes, {@link #read} returns them without parsing. Call it after the file is in its final place.
     */
    public static void written(Path file, List<JobRow> rows) {
        try {
            Known k = Known.of(file, Collections.unmodifiableList(new ArrayList<>(rows)));
            synchronized (JobsCsv.class) {
                last = new SoftReference<>(k);
            }
        } catch (IOException e) {
            // not remembered: the next read parses the file
        }
    }

    /**
     * Reads a {@code jobs.csv} written by {@link #write}. The columns up to {@code node_ids} must be there; the
     * market's may be missing (files of older versions), and columns this version does not know are passed over.
     * Every row must be one a run can write: no column twice, no row that ends before it starts or a completed job
     * that starts before its submission, a completed job on a named machine holding as many nodes as its
     * {@code node_ids} (ascending ranges of node numbers) name. The list is unmodifiable.
     *
     * @throws ResultsException naming the file, line and column of a missing column or a bad cell
     */
    public static List<JobRow> read(Path file) {
        return known(file).rows();
    }

    /**
     * As {@link #read(Path)}, and every completed job's nodes inside its machine: {@code machineNodes} gives the
     * machines' sizes by name (the summary's {@code machines.NAME.nodes}); a machine it does not name is refused,
     * unless it is empty (sizes unknown).
     *
     * @throws ResultsException naming the file, line and column of a row outside its machine, too
     */
    public static List<JobRow> read(Path file, Map<String, Integer> machineNodes) {
        Known k = known(file);
        if (k.lines() != null && !machineNodes.isEmpty()) { // rows this process wrote come from the model itself
            for (int r = 0; r < k.rows().size(); r++) {
                JobRow j = k.rows().get(r);
                if (j.status() != JobStatus.COMPLETED) {
                    continue;
                }
                Integer size = machineNodes.get(j.machine());
                String where = file + ":" + k.lines()[r] + ": column '";
                if (size == null) {
                    throw new ResultsException(where + "machine': not a machine of the run's summary (it has "
                            + String.join(", ", machineNodes.keySet()) + ") '" + j.machine() + "'");
                }
                long highest = highestNode(j.nodeIds());
                if (highest >= size) {
                    throw new ResultsException(where + "node_ids': node " + highest + " is outside machine "
                            + j.machine() + " (" + size + " nodes, 0 to " + (size - 1) + ") '" + j.nodeIds() + "'");
                }
            }
        }
        return k.rows();
    }

    private static Known known(Path file) {
        Known now;
        try {
            now = Known.of(file, null);
        } catch (IOException e) {
            now = null; // CsvFile names the problem
        }
        if (now != null) {
            synchronized (JobsCsv.class) {
                Known hit = last == null ? null : last.get();
                if (hit != null && hit.sameFile(now)) {
                    return hit;
                }
            }
        }
        CsvFile csv = CsvFile.read(file);
        List<JobRow> rows = Collections.unmodifiableList(parse(csv));
        int[] lines = new int[rows.size()];
        for (int r = 0; r < lines.length; r++) {
            lines[r] = csv.line(r);
        }
        Known k = new Known(now == null ? null : now.realPath(), now == null ? null : now.modified(),
                now == null ? -1 : now.size(), rows, lines);
        if (now != null) {
            synchronized (JobsCsv.class) {
                last = new SoftReference<>(k);
            }
        }
        return k;
    }

    private static List<JobRow> parse(CsvFile csv) {
        List<String> header = csv.header();
        for (int i = 0; i < header.size(); i++) {
            if (COLUMNS.contains(header.get(i)) && header.indexOf(header.get(i)) < i) {
                throw new ResultsException(csv.path() + ":1: column '" + header.get(i) + "' appears twice (columns "
                        + (header.indexOf(header.get(i)) + 1) + " and " + (i + 1) + ")");
            }
        }
        int[] c = new int[COLUMNS.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = i < CORE || csv.has(COLUMNS.get(i)) ? csv.column(COLUMNS.get(i)) : -1;
        }
        List<JobRow> rows = new ArrayList<>(csv.size());
        for (int r = 0; r < csv.size(); r++) {
            rows.add(checked(csv, r, c, new JobRow(csv.whole(r, c[0]), (int) csv.whole(r, c[1]), csv.text(r, c[2]),
                    (int) csv.whole(r, c[3]), csv.whole(r, c[4]), csv.whole(r, c[5]), csv.whole(r, c[6]),
                    (int) csv.whole(r, c[7]), csv.whole(r, c[8]), csv.whole(r, c[9]), csv.text(r, c[10]),
                    (int) csv.whole(r, c[11]), status(csv, r, c[12]), csv.text(r, c[13]), csv.text(r, c[14]),
                    market(csv, r, c), pieces(csv, r, c[PIECES]),
                    c[CAUSE] < 0 ? "" : csv.text(r, c[CAUSE]))));
        }
        return rows;
    }

    /** A row as a run writes it, or an error naming its line, column and value. */
    private static JobRow checked(CsvFile csv, int r, int[] c, JobRow j) {
        if (j.submit() < 0) {
            throw csv.bad(r, c[SUBMIT], "negative, got");
        }
        if (j.end() < j.start()) {
            throw csv.bad(r, c[END], "the row ends before it starts (start " + j.start() + "), got");
        }
        if (j.status() != JobStatus.COMPLETED) {
            return j;
        }
        if (j.start() < j.submit()) {
            throw csv.bad(r, c[START], "a completed job starts before its submission (submit " + j.submit()
                    + "), got");
        }
        if (j.machine().isEmpty()) {
            throw csv.bad(r, c[MACHINE], "a completed job names its machine, got");
        }
        if (j.nodes() < 1) {
            throw csv.bad(r, c[NODES], "a completed job holds at least one node, got");
        }
        long held = nodeCount(j.nodeIds());
        if (held < 0) {
            throw csv.bad(r, c[NODE_IDS], "not ascending node ranges such as 0-15;32, got");
        }
        if (held != j.nodes()) {
            throw csv.bad(r, c[NODE_IDS], "names " + held + " nodes, but the row holds " + j.nodes() + ", got");
        }
        return j;
    }

    /** The nodes of ascending, disjoint ranges {@code 0-15;32}, or -1 if the text is not such ranges. */
    private static long nodeCount(String ranges) {
        long count = 0;
        long previous = -1;
        for (String part : ranges.split(";", -1)) {
            int dash = part.indexOf('-');
            long lo = node(dash < 0 ? part : part.substring(0, dash));
            long hi = dash < 0 ? lo : node(part.substring(dash + 1));
            if (lo < 0 || hi < lo || lo <= previous) {
                return -1;
            }
            count += hi - lo + 1;
            previous = hi;
        }
        return count;
    }

    /** The highest node of ranges already checked by {@link #nodeCount}: the end of the last range. */
    private static long highestNode(String ranges) {
        String last = ranges.substring(ranges.lastIndexOf(';') + 1);
        return node(last.substring(last.indexOf('-') + 1));
    }

    /** A node number of at most nine digits, or -1. */
    private static long node(String digits) {
        if (digits.isEmpty() || digits.length() > 9) {
            return -1;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(digits);
    }

    /** The market's cells of a row, or {@code null} where they are all empty (another strategy's run). */
    private static JobRow.Market market(CsvFile csv, int r, int[] c) {
        boolean any = false;
        for (int i = MARKET_FROM; i < MARKET_TO; i++) {
            any |= cell(csv, r, c[i]);
        }
        if (!any) {
            return null;
        }
        int m = MARKET_FROM;
        return new JobRow.Market(cell(csv, r, c[m]) ? csv.number(r, c[m]) : Double.NaN,
                cell(csv, r, c[m + 1]) ? csv.number(r, c[m + 1]) : Double.NaN,
                cell(csv, r, c[m + 2]) ? csv.whole(r, c[m + 2]) : 0,
                cell(csv, r, c[m + 3]) ? csv.whole(r, c[m + 3]) : 0,
                cell(csv, r, c[m + 4]) ? Long.valueOf(csv.whole(r, c[m + 4])) : null);
    }

    /** A {@code pieces} cell, checked so that {@link JobRow#stretches()} can read it: {@code start-end;start-end}. */
    private static String pieces(CsvFile csv, int r, int column) {
        if (column < 0) {
            return "";
        }
        String v = csv.text(r, column);
        if (!v.isEmpty()) {
            try {
                JobRow.parsePieces(v);
            } catch (IllegalArgumentException e) {
                throw csv.bad(r, column, "not a list of pieces start-end;start-end");
            }
        }
        return v;
    }

    private static boolean cell(CsvFile csv, int r, int column) {
        return column >= 0 && !csv.text(r, column).isEmpty();
    }

    private static JobStatus status(CsvFile csv, int record, int column) {
        String v = csv.text(record, column);
        for (JobStatus s : JobStatus.values()) {
            if (s.key().equals(v)) {
                return s;
            }
        }
        throw csv.bad(record, column, "not a job status (completed or rejected)");
    }
}
