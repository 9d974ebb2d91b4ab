package gridmarket.app.check;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * Independent replay of a run's {@code jobs.csv}: checks that the recorded schedule is feasible without using any
 * scheduler code, so a bug in the simulator cannot hide itself by also being in the checker.
 *
 * <p>The file is RFC 4180 CSV with a header line; columns are found by name and unknown columns are ignored. The
 * columns read are {@code job_id, part, site, submit, start, end, nodes, machine, multisite, status, reason,
 * node_ids}. Times are integer seconds of simulated time; a row holds its nodes over the half-open interval
 * {@code [start, end)}, so a node may be released and taken again at the same instant.
 *
 * <p>{@code part} is the trace-shaping part: 0 for a whole job, 1..k for the k independent jobs that trace shaping
 * cut a wide job into (same job number, each scheduled on its own). {@code multisite} is the number of machines one
 * (job, part) ran on at once: 1 for an ordinary completed row, k &ge; 2 for a multi-site run, which is then recorded
 * as k rows of that (job, part), one per machine, each with that machine's share of the nodes; 0 or empty when
 * rejected.
 *
 * <p>Checks, each reported as one human-readable line per finding (file line numbers are 1-based, the header being
 * line 1):
 * <ul>
 *   <li>every expected job appears and no other job does;</li>
 *   <li>rows are grouped by (job, part): a lone row has multisite 1 (completed) or 0 (rejected); several rows are
 *       valid only as one multi-site run (every row's multisite equal to the row count, distinct machines, all
 *       completed, one common start and end), anything else is a duplicate; a job has either one part-0 group or
 *       only parts &ge; 1, and those without gaps (1..k);</li>
 *   <li>a completed row starts no earlier than its submission and, where the optional column {@code promised_start}
 *       holds a value (market runs), no later than that promise; it ends after it starts, names a known machine, and lists
 *       exactly {@code nodes} distinct node ids, each in {@code [0, machine size)};</li>
 *   <li>no node is held by two rows at overlapping times;</li>
 *   <li>a preempted job (SPEC C7) lists its runs in the optional column {@code pieces} as {@code a-b;c-d;...}: each
 *       piece ends after it starts and before the next one starts, the first starts at {@code start}, the last ends at
 *       {@code end}, all hold the row's nodes (so no node is held by two running pieces, the overlap replay taking
 *       each piece as a row of its own), and together they last the row's {@code run_time} plus the resume penalty
 *       once per resumption;</li>
 *   <li>a job that node failures killed says so in its {@code reason}, one attempt each, separated by {@code "; "}:
 *       {@code killed on M nodes R at T (run since S)} (M and R joined by {@code +} for a multi-site attempt); its
 *       pieces are those attempts, {@code S-T} each, then its last run, which holds the row's nodes and lasts at most
 *       its {@code run_time} (a checkpoint may have kept part of the work); each attempt holds R on M over
 *       {@code [S, T)} in the overlap replay;</li>
 *   <li>with the run's {@code outages.csv} ({@code machine,node_ids,start,end,kind}): no row holds a node while it
 *       is out of service (outages take part in the overlap replay), and every killed attempt ended as an outage
 *       of one of its nodes began;</li>
 *   <li>a completed local job (local load beside the grid) has the reason {@code local} and is checked as any
 *       other;</li>
 *   <li>a rejected row gives a reason, holds no nodes and has multisite 0 or empty; one rejected after node
 *       failures killed it lists those attempts first in its reason, then the rejection, and its pieces are exactly
 *       the attempts, each in the overlap replay and each ended by an outage as above;</li>
 *   <li>status is {@code completed} or {@code rejected}, and the origin site is named.</li>
 * </ul>
 * Assumption: job numbers are unique in the trace; {@link #expectedIdsFromSwf(Path)} refuses traces where they are not,
 * because a repeated number would make a duplicated row indistinguishable from two jobs.
 */
public final class JobsCsvFeasibility {

    /** Columns the checks need; the others (user, run_time, estimate, ...) are informational. */
    private static final List<String> REQUIRED = List.of(
            "job_id", "part", "site", "submit", "start", "end", "nodes", "machine", "multisite", "status", "reason",
            "node_ids");

    private static final String COMPLETED = "completed";
    private static final String REJECTED = "rejected";

    /** How many findings {@link #assertFeasible} prints; the rest are only counted. */
    private static final int SHOWN_IN_ASSERTION = 20;

    private JobsCsvFeasibility() {
    }

    /**
     * Checks a {@code jobs.csv} file and lists every violation found.
     *
     * @param jobsCsv      the results file, plain or gzip-compressed; {@code null} not permitted
     * @param machineNodes node count of each machine, by machine name; {@code null} not permitted
     * @param expectedIds  the job numbers the run must report, each in at least one row (one row, trace-shaping
     *                     parts, or the machine shares of a multi-site run); {@code null} not permitted
     * @return the violations in a stable order (row checks in file order, then per-job checks by job number, then
     *         missing jobs, then overlaps per machine); empty when the schedule is feasible
     * @throws IOException if the file cannot be read (a malformed file is reported as violations, not thrown)
     */
    public static List<String> violations(Path jobsCsv, Map<String, Integer> machineNodes, Set<Long> expectedIds)
            throws IOException {
        return violations(jobsCsv, machineNodes, expectedIds, 0);
    }

    /**
     * As {@link #violations(Path, Map, Set)}, for a run whose preempted jobs pay {@code resumePenalty} seconds each
     * time they resume.
     */
    public static List<String> violations(Path jobsCsv, Map<String, Integer> machineNodes, Set<Long> expectedIds,
                                          long resumePenalty) throws IOException {
        Objects.requireNonNull(jobsCsv, "jobsCsv");
        Objects.requireNonNull(machineNodes, "machineNodes");
        Objects.requireNonNull(expectedIds, "expectedIds");
        List<String> out = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        try (InputStream in = openMaybeGzip(jobsCsv)) {
            if (!readRows(new CsvRecords(in), machineNodes, resumePenalty, rows, out)) {
                // Without the columns every job would also be reported missing, burying the one real finding.
                return out;
            }
        }
        checkJobs(rows, expectedIds, out);
        checkOverlaps(rows, machineNodes, out);
        return out;
    }

    /**
     * As {@link #violations(Path, Map, Set)}, for a run with node failures: its {@code outages.csv} takes part in the
     * overlap replay, and every killed attempt must end as an outage of one of its nodes begins.
     */
    public static List<String> violations(Path jobsCsv, Map<String, Integer> machineNodes, Set<Long> expectedIds,
                                          Path outagesCsv) throws IOException {
        Objects.requireNonNull(outagesCsv, "outagesCsv");
        List<String> out = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        try (InputStream in = openMaybeGzip(jobsCsv)) {
            if (!readRows(new CsvRecords(in), machineNodes, 0, rows, out)) {
                return out;
            }
        }
        List<Row> outages = readOutages(outagesCsv, machineNodes, out);
        checkCauses(rows, outages, out);
        checkJobs(rows, expectedIds, out);
        List<Row> all = new ArrayList<>(rows);
        all.addAll(outages);
        checkOverlaps(all, machineNodes, out);
        return out;
    }

    /** How many attempts node failures killed, over all rows (a multi-site attempt once). */
    public static long killedAttempts(Path jobsCsv) throws IOException {
        List<String> out = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        try (InputStream in = openMaybeGzip(jobsCsv)) {
            readRows(new CsvRecords(in), Map.of(), 0, rows, out);
        }
        Set<String> seen = new HashSet<>();
        long n = 0;
        for (Row r : rows) {
            if (r.kills != null && seen.add(r.jobId + "/" + r.part)) {
                n += r.kills.stream().map(Kill::at).distinct().count();
            }
        }
        return n;
    }

    /** Reads {@code outages.csv} as rows of the overlap replay. */
    private static List<Row> readOutages(Path file, Map<String, Integer> machineNodes, List<String> out)
            throws IOException {
        List<Row> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty() || !lines.get(0).equals("machine,node_ids,start,end,kind")) {
            out.add(file + ":1: header is not machine,node_ids,start,end,kind");
            return rows;
        }
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            String where = file.getFileName() + ":" + (i + 1) + ": ";
            if (f.length != 5 || !(f[4].equals("failure") || f[4].equals("maintenance"))) {
                out.add(where + "not machine,node_ids,start,end,failure|maintenance: " + lines.get(i));
                continue;
            }
            Integer size = machineNodes.get(f[0]);
            int[] ranges = parseNodeIds(f[1]);
            long start;
            long end;
            try {
                start = Long.parseLong(f[2]);
                end = Long.parseLong(f[3]);
            } catch (NumberFormatException e) {
                out.add(where + "start or end is not a number");
                continue;
            }
            if (size == null || ranges == null || end <= start) {
                out.add(where + "unknown machine, bad node ids or end before start: " + lines.get(i));
                continue;
            }
            Row r = new Row(i + 1, -1, 0, COMPLETED, f[0]);
            r.what = f[4] + " (" + where.strip() + ")";
            r.start = start;
            r.end = end;
            r.sweepRanges = checkAndMerge(ranges, size, null, new Where(i + 1, null, null), out);
            rows.add(r);
        }
        return rows;
    }

    /** Every killed attempt ended as an outage began on its machine, on one of its nodes. */
    private static void checkCauses(List<Row> rows, List<Row> outages, List<String> out) {
        for (Row r : rows) {
            if (r.kills == null) {
                continue;
            }
            for (long at : r.kills.stream().map(Kill::at).distinct().toList()) {
                boolean caused = false; // a multi-site attempt dies with a failure of any of its parts
                for (Kill k : r.kills) {
                    for (Row o : outages) {
                        caused |= k.at == at && o.machine.equals(k.machine) && o.start == at
                                && intersects(o.sweepRanges, k.ranges);
                    }
                }
                if (!caused) {
                    out.add(r.label() + ": killed at " + at + " but no outage of its nodes began then");
                }
            }
        }
    }

    private static boolean intersects(int[] a, int[] b) {
        for (int i = 0; i < a.length; i += 2) {
            for (int j = 0; j < b.length; j += 2) {
                if (a[i] <= b[j + 1] && b[j] <= a[i + 1]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Fails when {@link #violations} finds anything.
     *
     * @param jobsCsv      the results file; {@code null} not permitted
     * @param machineNodes node count of each machine, by machine name; {@code null} not permitted
     * @param expectedIds  the job numbers the run must report; {@code null} not permitted
     * @throws AssertionError naming the file, the number of violations and the first twenty of them
     * @throws IOException    if the file cannot be read
     */
    public static void assertFeasible(Path jobsCsv, Map<String, Integer> machineNodes, Set<Long> expectedIds)
            throws IOException {
        List<String> found = violations(jobsCsv, machineNodes, expectedIds);
        if (found.isEmpty()) {
            return;
        }
        StringBuilder msg = new StringBuilder()
                .append(jobsCsv).append(": ").append(found.size()).append(" violation(s)");
        for (String v : found.subList(0, Math.min(SHOWN_IN_ASSERTION, found.size()))) {
            msg.append(System.lineSeparator()).append("  ").append(v);
        }
        if (found.size() > SHOWN_IN_ASSERTION) {
            msg.append(System.lineSeparator()).append("  ... and ").append(found.size() - SHOWN_IN_ASSERTION)
                    .append(" more");
        }
        throw new AssertionError(msg.toString());
    }

    /** The job ids of a run's {@code jobs.csv} (its first column), each once. */
    public static Set<Long> jobIds(Path jobsCsv) throws IOException {
        Set<Long> ids = new HashSet<>();
        List<String> lines = Files.readAllLines(jobsCsv);
        for (String line : lines.subList(1, lines.size())) {
            ids.add(Long.parseLong(line.substring(0, line.indexOf(','))));
        }
        return ids;
    }

    /**
     * Reads the job numbers a run must report from a Standard Workload Format trace: field 1 of every data line whose
     * run time (field 4) is positive and whose processor count (field 5 if positive, else field 8) is positive.
     * Jobs wider than every machine are kept, since the run must still report them (as rejected).
     *
     * <p>Data lines are the non-empty lines not starting with {@code ;}. A data line without exactly 18
     * whitespace-separated fields, with an unparsable number in a field used here, or repeating a job number is an
     * error, because silently skipping it would shrink the expected set and weaken the check.
     *
     * @param swfMaybeGz the trace, plain or gzip-compressed (recognised by its magic bytes, not its name);
     *                   {@code null} not permitted
     * @return the job numbers, in no particular order
     * @throws IOException if the file cannot be read or a data line is malformed (the message names file and line)
     */
    public static Set<Long> expectedIdsFromSwf(Path swfMaybeGz) throws IOException {
        Objects.requireNonNull(swfMaybeGz, "swfMaybeGz");
        Set<Long> ids = new HashSet<>();
        String[] f = new String[18];
        // ISO-8859-1 maps every byte, so odd bytes in header comments cannot fail the read.
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(openMaybeGzip(swfMaybeGz), StandardCharsets.ISO_8859_1))) {
            int lineNo = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith(";")) {
                    continue;
                }
                int count = splitFields(trimmed, f);
                if (count != f.length) {
                    throw new IOException(swfMaybeGz + ":" + lineNo + ": expected 18 fields, found " + count);
                }
                long id = swfLong(f, 0, swfMaybeGz, lineNo);
                double runTime = swfDouble(f, 3, swfMaybeGz, lineNo);
                double allocated = swfDouble(f, 4, swfMaybeGz, lineNo);
                double procs = allocated > 0 ? allocated : swfDouble(f, 7, swfMaybeGz, lineNo);
                if (runTime > 0 && procs > 0 && !ids.add(id)) {
                    throw new IOException(swfMaybeGz + ":" + lineNo + ": job number " + id + " appears twice");
                }
            }
        }
        return ids;
    }

    /**
     * Splits on runs of whitespace into {@code into} (fields past its length are counted, not kept); a hand loop
     * because a regex split per line was the bulk of the time on a 300,000-job trace.
     *
     * @return the number of fields on the line
     */
    private static int splitFields(String line, String[] into) {
        int count = 0;
        int i = 0;
        int n = line.length();
        while (true) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == n) {
                return count;
            }
            int j = i;
            while (j < n && !Character.isWhitespace(line.charAt(j))) {
                j++;
            }
            if (count < into.length) {
                into[count] = line.substring(i, j);
            }
            count++;
            i = j;
        }
    }

    private static long swfLong(String[] f, int index, Path file, int lineNo) throws IOException {
        try {
            return Long.parseLong(f[index]);
        } catch (NumberFormatException e) {
            throw new IOException(file + ":" + lineNo + ": field " + (index + 1) + " is not an integer: '" + f[index]
                    + "'", e);
        }
    }

    private static double swfDouble(String[] f, int index, Path file, int lineNo) throws IOException {
        try {
            return Double.parseDouble(f[index]);
        } catch (NumberFormatException e) {
            throw new IOException(file + ":" + lineNo + ": field " + (index + 1) + " is not a number: '" + f[index]
                    + "'", e);
        }
    }

    private static InputStream openMaybeGzip(Path file) throws IOException {
        BufferedInputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            return b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
        } catch (IOException e) {
            in.close();
            throw e;
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Row parsing and per-row checks (b, d, e)

    /** One data row, reduced to what the checks need. */
    private static final class Row {
        final int line;
        final long jobId;
        final int part;
        final String status;
        final String machine;
        /** The multisite count; 0 for a rejected row, -1 when it did not parse or the status is unknown. */
        int multisite = -1;
        long submit;
        long start;
        long end;
        /** Whether start and end parsed, so per-job time comparisons are meaningful. */
        boolean timesKnown;
        /**
         * Sorted, merged, in-range node ranges as {@code [a0, b0, a1, b1, ...]} (inclusive), or {@code null} when the
         * row takes no part in the overlap sweep (not completed, unknown machine, bad times or unparsable ids).
         */
        int[] sweepRanges;
        /** A preempted row's pieces as {@code [start0, end0, start1, end1, ...]}; {@code null} if it ran in one. */
        long[] pieces;
        /** The attempts node failures killed, one per machine of each, in time order; {@code null} if none. */
        List<Kill> kills;
        /** What an outage row is, for its findings; {@code null} for a job's row. */
        String what;

        Row(int line, long jobId, int part, String status, String machine) {
            this.line = line;
            this.jobId = jobId;
            this.part = part;
            this.status = status;
            this.machine = machine;
        }

        String label() {
            return what != null ? what : "job " + jobId + " part " + part + " (line " + line + ")";
        }
    }

    /** One machine's share of a killed attempt: its nodes (merged ranges) over {@code [start, at)}. */
    private record Kill(String machine, int[] ranges, long start, long at) {
    }

    /** The reason of a completed local job (local load beside the grid), which ran once like any other. */
    private static final String LOCAL = "local";

    private static final java.util.regex.Pattern KILL = java.util.regex.Pattern.compile(
            "killed on (\\S+) nodes (\\S+) at (\\d+) \\(run since (\\d+)\\)");

    /** The killed attempts a completed row's reason lists, or {@code null} (a finding) if it lists none. */
    private static List<Kill> parseKills(String reason, Map<String, Integer> machineNodes, Where at,
                                         List<String> out) {
        List<Kill> kills = new ArrayList<>();
        for (String one : reason.split("; ")) {
            java.util.regex.Matcher m = KILL.matcher(one);
            if (!m.matches()) {
                out.add(at + "reason '" + one + "' of a completed job is not 'killed on M nodes R at T (run since S)'");
                return null;
            }
            String[] machines = m.group(1).split("\\+");
            String[] nodes = m.group(2).split("\\+");
            if (machines.length != nodes.length) {
                out.add(at + "reason '" + one + "' names " + machines.length + " machine(s) and " + nodes.length
                        + " node list(s)");
                return null;
            }
            for (int k = 0; k < machines.length; k++) {
                int[] ranges = parseNodeIds(nodes[k]);
                if (ranges == null) {
                    out.add(at + "reason '" + one + "': bad node ids '" + nodes[k] + "'");
                    return null;
                }
                kills.add(new Kill(machines[k], checkAndMerge(ranges, machineNodes.get(machines[k]), null, at, out),
                        Long.parseLong(m.group(4)), Long.parseLong(m.group(3))));
            }
        }
        return kills;
    }

    /**
     * The killed attempts a rejected row's reason lists before its rejection's message (a job rejected after node
     * failures killed it), or {@code null} if it lists none.
     */
    private static List<Kill> killsBeforeRejection(String reason, Map<String, Integer> machineNodes, Where at,
                                                   List<String> out) {
        String[] parts = reason.split("; ");
        int k = 0;
        while (k < parts.length && KILL.matcher(parts[k]).matches()) {
            k++;
        }
        if (k == 0) {
            return null;
        }
        if (k == parts.length) {
            out.add(at + "rejected after " + k + " killed attempt(s) without saying why");
        }
        return parseKills(String.join("; ", Arrays.copyOf(parts, k)), machineNodes, at, out);
    }

    /** Returns {@code false} when the header is unusable, so no row could be read. */
    private static boolean readRows(CsvRecords csv, Map<String, Integer> machineNodes, long penalty, List<Row> rows,
                                    List<String> out) throws IOException {
        List<String> header;
        try {
            header = csv.next();
        } catch (CsvFormatException e) {
            out.add(e.getMessage());
            return false;
        }
        if (header == null) {
            out.add("empty file: no header line");
            return false;
        }
        if (!header.isEmpty() && header.get(0).startsWith("\uFEFF")) {
            header.set(0, header.get(0).substring(1));
        }
        Map<String, Integer> column = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            column.putIfAbsent(header.get(i).trim(), i);
        }
        List<String> missing = new ArrayList<>();
        for (String name : REQUIRED) {
            if (!column.containsKey(name)) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            out.add("line 1: header lacks column(s) " + missing + "; found " + header);
            return false;
        }
        Columns c = new Columns(column);
        while (true) {
            List<String> rec;
            try {
                rec = csv.next();
            } catch (CsvFormatException e) {
                // After an unterminated quote the rest of the file cannot be split into records reliably.
                out.add(e.getMessage());
                return true;
            }
            if (rec == null) {
                return true;
            }
            int line = csv.recordLine();
            if (rec.size() == 1 && rec.get(0).isEmpty()) {
                continue;
            }
            if (rec.size() != header.size()) {
                out.add("line " + line + ": " + rec.size() + " fields, header has " + header.size());
                if (rec.size() <= c.maxIndex) {
                    continue;
                }
            }
            Row row = parseRow(rec, line, c, machineNodes, penalty, out);
            if (row != null) {
                rows.add(row);
            }
        }
    }

    /** Indices of the required columns. */
    private static final class Columns {
        final int jobId;
        final int part;
        final int site;
        final int submit;
        final int start;
        final int end;
        final int nodes;
        final int machine;
        final int multisite;
        final int status;
        final int reason;
        final int nodeIds;
        /** The market's promise, optional: -1 if the file has no such column. */
        final int promisedStart;
        /** A preempted job's pieces and the run time they must add up to, optional: -1 if absent. */
        final int pieces;
        final int runTime;
        final int maxIndex;

        Columns(Map<String, Integer> column) {
            jobId = column.get("job_id");
            part = column.get("part");
            site = column.get("site");
            submit = column.get("submit");
            start = column.get("start");
            end = column.get("end");
            nodes = column.get("nodes");
            machine = column.get("machine");
            multisite = column.get("multisite");
            status = column.get("status");
            reason = column.get("reason");
            nodeIds = column.get("node_ids");
            promisedStart = column.getOrDefault("promised_start", -1);
            pieces = column.getOrDefault("pieces", -1);
            runTime = column.getOrDefault("run_time", -1);
            maxIndex = Collections.max(List.of(jobId, part, site, submit, start, end, nodes, machine, multisite,
                    status, reason, nodeIds));
        }
    }

    /** Returns {@code null} when the row cannot even be attributed to a job. */
    private static Row parseRow(List<String> rec, int line, Columns c, Map<String, Integer> machineNodes,
                                long penalty, List<String> out) {
        Where at = new Where(line, null, null);
        Long jobId = parseLong(rec.get(c.jobId), "job_id", at, out);
        if (jobId == null) {
            return null;
        }
        Long part = parseLong(rec.get(c.part), "part", at, out);
        if (part == null) {
            return null;
        }
        at = new Where(line, jobId, part);
        if (part < 0 || part > Integer.MAX_VALUE) {
            out.add(at + "part " + part + " is negative or too large");
            return null;
        }
        String status = rec.get(c.status);
        String machine = rec.get(c.machine);
        Row row = new Row(line, jobId, part.intValue(), status, machine);
        if (rec.get(c.site).isBlank()) {
            out.add(at + "site is empty");
        }
        String nodeIds = rec.get(c.nodeIds);
        String multisite = rec.get(c.multisite);
        if (REJECTED.equals(status)) {
            if (rec.get(c.reason).isBlank()) {
                out.add(at + "rejected without a reason");
            }
            if (!nodeIds.isEmpty()) {
                out.add(at + "rejected but holds nodes '" + nodeIds + "'");
            }
            if (multisite.isEmpty() || "0".equals(multisite)) {
                row.multisite = 0;
            } else {
                out.add(at + "rejected but multisite is '" + multisite + "'; expected 0 or empty");
            }
            row.kills = killsBeforeRejection(rec.get(c.reason), machineNodes, at, out);
            if (row.kills != null && c.pieces >= 0 && c.pieces < rec.size() && !rec.get(c.pieces).isEmpty()) {
                row.pieces = checkPieces(rec.get(c.pieces), row, false, null, penalty, at, out);
            } else if (row.kills != null) {
                out.add(at + "killed " + row.kills.size() + " time(s) but lists no pieces");
            }
            return row;
        }
        if (!COMPLETED.equals(status)) {
            out.add(at + "status '" + status + "' is neither '" + COMPLETED + "' nor '" + REJECTED + "'");
            return row;
        }
        Long machines = parseLong(multisite, "multisite", at, out);
        if (machines != null) {
            if (machines < 1 || machines > Integer.MAX_VALUE) {
                out.add(at + "multisite " + machines + " on a completed row; expected at least 1");
            } else {
                row.multisite = machines.intValue();
            }
        }
        Long submit = parseLong(rec.get(c.submit), "submit", at, out);
        Long start = parseLong(rec.get(c.start), "start", at, out);
        Long end = parseLong(rec.get(c.end), "end", at, out);
        Long nodes = parseLong(rec.get(c.nodes), "nodes", at, out);
        boolean timesOk = start != null && end != null;
        if (timesOk) {
            row.start = start;
            row.end = end;
            row.timesKnown = true;
            if (end <= start) {
                out.add(at + "end " + end + " <= start " + start);
                timesOk = false;
            }
        }
        if (submit != null) {
            row.submit = submit;
            if (c.promisedStart >= 0 && c.promisedStart < rec.size() && !rec.get(c.promisedStart).isEmpty()
                    && start != null) {
                Long promised = parseLong(rec.get(c.promisedStart), "promised_start", at, out);
                if (promised != null && start > promised) {
                    out.add(at + "start " + start + " is later than the promised start " + promised);
                }
            }
            if (start != null && start < submit) {
                out.add(at + "start " + start + " < submit " + submit);
            }
        }
        Integer size = machineNodes.get(machine);
        if (size == null) {
            out.add(at + "unknown machine '" + machine + "'");
        }
        int[] ranges = parseNodeIds(nodeIds);
        if (ranges == null) {
            out.add(at + "node_ids '" + nodeIds + "' is not a ';'-separated list of ids and ranges a-b with a <= b");
            return row;
        }
        int[] merged = checkAndMerge(ranges, size, nodes, at, out);
        if (size != null && timesOk) {
            row.sweepRanges = merged;
        }
        if (!rec.get(c.reason).isEmpty() && !rec.get(c.reason).equals(LOCAL)) {
            row.kills = parseKills(rec.get(c.reason), machineNodes, at, out);
        }
        if (c.pieces >= 0 && c.pieces < rec.size() && !rec.get(c.pieces).isEmpty()) {
            Long runTime = c.runTime >= 0 ? parseLong(rec.get(c.runTime), "run_time", at, out) : null;
            row.pieces = checkPieces(rec.get(c.pieces), row, timesOk, runTime, penalty, at, out);
        } else if (row.kills != null) {
            out.add(at + "killed " + row.kills.size() + " time(s) but lists no pieces");
        }
        return row;
    }

    /**
     * Parses and checks a preempted row's pieces ({@code a-b;c-d}).
     *
     * @return the pieces as {@code [a, b, c, d, ...]}, or {@code null} (row left out of the overlap replay) if malformed
     */
    private static long[] checkPieces(String text, Row row, boolean timesOk, Long runTime, long penalty, Where at,
                                      List<String> out) {
        String[] parts = text.split(";", -1);
        long[] p = new long[2 * parts.length];
        for (int k = 0; k < parts.length; k++) {
            int dash = parts[k].indexOf('-', 1);
            try {
                p[2 * k] = Long.parseLong(parts[k].substring(0, Math.max(dash, 0)));
                p[2 * k + 1] = Long.parseLong(parts[k].substring(dash + 1));
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                out.add(at + "pieces '" + text + "' is not a ';'-separated list of start-end");
                row.sweepRanges = null;
                return null;
            }
        }
        boolean ok = true;
        long total = 0;
        for (int k = 0; k < parts.length; k++) {
            if (p[2 * k + 1] <= p[2 * k]) {
                out.add(at + "piece " + parts[k] + " ends no later than it starts");
                ok = false;
            }
            // a killed job may run again as its attempt is killed (on other nodes); a resumed one only later
            if (k > 0 && (row.kills != null ? p[2 * k] < p[2 * k - 1] : p[2 * k] <= p[2 * k - 1])) {
                out.add(at + "piece " + parts[k] + " starts before piece " + parts[k - 1] + " has ended, or as it ends");
                ok = false;
            }
            total += p[2 * k + 1] - p[2 * k];
        }
        if (timesOk && (p[0] != row.start || p[p.length - 1] != row.end)) {
            out.add(at + "pieces '" + text + "' do not span [" + row.start + ", " + row.end + ")");
            ok = false;
        }
        if (row.kills != null) {
            List<Long> killedAt = row.kills.stream().map(Kill::at).distinct().toList();
            boolean ran = COMPLETED.equals(row.status); // a rejected row lists only its killed attempts
            if (parts.length != killedAt.size() + (ran ? 1 : 0)) {
                out.add(at + "pieces '" + text + "' are not the " + killedAt.size() + " killed attempt(s)"
                        + (ran ? " and a last run" : ""));
                ok = false;
            } else {
                for (Kill k : row.kills) {
                    int i = killedAt.indexOf(k.at());
                    if (p[2 * i] != k.start() || p[2 * i + 1] != k.at()) {
                        out.add(at + "piece " + parts[i] + " is not the attempt killed at " + k.at() + " (run since "
                                + k.start() + ")");
                        ok = false;
                    }
                }
                long last = p[p.length - 1] - p[p.length - 2];
                if (ran && runTime != null && last > runTime) {
                    out.add(at + "the last run lasts " + last + " s, more than run_time " + runTime);
                }
            }
        } else if (runTime != null && total != runTime + penalty * (parts.length - 1)) {
            out.add(at + "pieces last " + total + " s in all; run_time " + runTime + " plus "
                    + (parts.length - 1) + " resumption(s) of " + penalty + " s is " + (runTime + penalty
                    * (parts.length - 1)));
        }
        if (!ok) {
            row.sweepRanges = null;
            return null;
        }
        return p;
    }

    /**
     * The prefix of a row's findings. Kept as an object, turned into text only when a finding is written, because
     * building the text for each of hundreds of thousands of clean rows was a sizeable share of the run time.
     */
    private static final class Where {
        private final int line;
        private final Long jobId;
        private final Long part;

        Where(int line, Long jobId, Long part) {
            this.line = line;
            this.jobId = jobId;
            this.part = part;
        }

        @Override
        public String toString() {
            return jobId == null ? "line " + line + ": " : "line " + line + " (job " + jobId + " part " + part + "): ";
        }
    }

    private static Long parseLong(String s, String name, Where at, List<String> out) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            out.add(at + name + " '" + s + "' is not an integer");
            return null;
        }
    }

    /**
     * Parses {@code 0-15;32;40-41} into {@code [0, 15, 32, 32, 40, 41]}. Only digits, {@code ;} and one {@code -}
     * per range are accepted: no signs, no spaces, no empty items.
     *
     * @return the inclusive ranges, or {@code null} if the text is malformed or empty
     */
    private static int[] parseNodeIds(String s) {
        int[] ranges = new int[8];
        int n = 0;
        int i = 0;
        int len = s.length();
        while (true) {
            long a = 0;
            int digits = 0;
            for (; i < len && isAsciiDigit(s.charAt(i)) && a <= Integer.MAX_VALUE; i++, digits++) {
                a = a * 10 + (s.charAt(i) - '0');
            }
            if (digits == 0 || a > Integer.MAX_VALUE) {
                return null;
            }
            long b = a;
            if (i < len && s.charAt(i) == '-') {
                i++;
                b = 0;
                digits = 0;
                for (; i < len && isAsciiDigit(s.charAt(i)) && b <= Integer.MAX_VALUE; i++, digits++) {
                    b = b * 10 + (s.charAt(i) - '0');
                }
                if (digits == 0 || b > Integer.MAX_VALUE || b < a) {
                    return null;
                }
            }
            if (n + 2 > ranges.length) {
                ranges = Arrays.copyOf(ranges, ranges.length * 2);
            }
            ranges[n++] = (int) a;
            ranges[n++] = (int) b;
            if (i == len) {
                return Arrays.copyOf(ranges, n);
            }
            if (s.charAt(i) != ';') {
                return null;
            }
            i++;
        }
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * Checks the id count against {@code nodes}, the id range against the machine size and that no id repeats;
     * returns the ranges sorted, merged and clipped to the machine, ready for the sweep.
     */
    private static int[] checkAndMerge(int[] ranges, Integer size, Long nodes, Where at, List<String> out) {
        int k = ranges.length / 2;
        long count = 0;
        long[] packed = new long[k];
        for (int i = 0; i < k; i++) {
            count += (long) ranges[2 * i + 1] - ranges[2 * i] + 1;
            packed[i] = ((long) ranges[2 * i] << 32) | ranges[2 * i + 1];
        }
        if (nodes != null && count != nodes) {
            out.add(at + "node_ids list " + count + " node(s), nodes says " + nodes);
        }
        Arrays.sort(packed);
        int[] merged = new int[2 * k];
        int m = 0;
        boolean duplicateReported = false;
        boolean rangeReported = false;
        for (long p : packed) {
            int a = (int) (p >>> 32);
            int b = (int) p;
            if (size != null && b >= size && !rangeReported) {
                out.add(at + "node id " + Math.max(a, size) + " outside [0, " + size + ")");
                rangeReported = true;
            }
            if (m > 0 && a <= merged[m - 1]) {
                if (!duplicateReported) {
                    out.add(at + "node id " + a + " listed twice");
                    duplicateReported = true;
                }
                merged[m - 1] = Math.max(merged[m - 1], b);
            } else {
                merged[m++] = a;
                merged[m++] = b;
            }
        }
        merged = Arrays.copyOf(merged, m);
        if (size == null) {
            return merged;
        }
        int[] clipped = new int[m];
        int c = 0;
        for (int i = 0; i < m; i += 2) {
            if (merged[i] < size) {
                clipped[c++] = merged[i];
                clipped[c++] = Math.min(merged[i + 1], size - 1);
            }
        }
        return Arrays.copyOf(clipped, c);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Per-job and per-(job, part) checks (a, b)

    /**
     * Groups rows by job and part through a sort rather than a hash map of lists: results files are usually close to
     * job order, so the stable sort is nearly linear and avoids a boxed key and a list per job.
     */
    private static void checkJobs(List<Row> rows, Set<Long> expectedIds, List<String> out) {
        Row[] sorted = rows.toArray(new Row[0]);
        Arrays.sort(sorted, Comparator.comparingLong((Row r) -> r.jobId).thenComparingInt(r -> r.part));
        List<Row> view = Arrays.asList(sorted);
        long[] present = new long[sorted.length];
        int distinct = 0;
        for (int i = 0; i < sorted.length; ) {
            int j = i + 1;
            while (j < sorted.length && sorted[j].jobId == sorted[i].jobId) {
                j++;
            }
            long id = sorted[i].jobId;
            present[distinct++] = id;
            if (!expectedIds.contains(id)) {
                out.add("job " + id + " (line " + sorted[i].line + ") is not an expected job");
            }
            checkJob(id, view.subList(i, j), out);
            i = j;
        }
        List<Long> missing = new ArrayList<>();
        for (Long id : expectedIds) {
            if (Arrays.binarySearch(present, 0, distinct, id) < 0) {
                missing.add(id);
            }
        }
        Collections.sort(missing);
        for (Long id : missing) {
            out.add("job " + id + " is missing");
        }
    }

    /** Checks one job's rows, sorted by part: each (job, part) group, then how the parts fit together. */
    private static void checkJob(long id, List<Row> rows, List<String> out) {
        int n = rows.size();
        boolean hasZero = false;
        int groups = 0;
        int maxPart = 0;
        for (int i = 0; i < n; ) {
            int j = i + 1;
            while (j < n && rows.get(j).part == rows.get(i).part) {
                j++;
            }
            checkGroup(rows.subList(i, j), out);
            int part = rows.get(i).part;
            hasZero |= part == 0;
            maxPart = Math.max(maxPart, part);
            groups++;
            i = j;
        }
        if (hasZero) {
            if (groups > 1) {
                List<String> zero = new ArrayList<>();
                List<String> other = new ArrayList<>();
                for (Row r : rows) {
                    (r.part == 0 ? zero : other).add(Integer.toString(r.line));
                }
                out.add("job " + id + " mixes part 0 (lines " + String.join(", ", zero) + ") with parts >= 1 (lines "
                        + String.join(", ", other) + ")");
            }
        } else if (maxPart != groups) {
            // Parts are distinct and >= 1, so fewer parts than the highest number means some part is lost.
            TreeSet<Integer> parts = new TreeSet<>();
            for (Row r : rows) {
                parts.add(r.part);
            }
            out.add("job " + id + " (lines " + lines(rows) + "): trace-shaping parts " + parts + " are not 1.."
                    + maxPart);
        }
    }

    /** Checks the rows of one (job, part): a lone ordinary row, or the machine shares of one multi-site run. */
    private static void checkGroup(List<Row> group, List<String> out) {
        Row first = group.get(0);
        if (group.size() == 1) {
            if (COMPLETED.equals(first.status) && first.multisite > 1) {
                out.add(first.label() + ": multisite " + first.multisite + " but the only row of its job and part");
            }
            return;
        }
        boolean claimsMultiSite = false;
        for (Row r : group) {
            claimsMultiSite |= r.multisite > 1;
        }
        if (!claimsMultiSite) {
            out.add("job " + first.jobId + " part " + first.part + " appears on " + group.size() + " rows (lines "
                    + lines(group) + ")");
            return;
        }
        String at = "job " + first.jobId + " part " + first.part + " multi-site rows (lines " + lines(group) + "): ";
        TreeSet<Integer> counts = new TreeSet<>();
        Set<String> machines = new HashSet<>();
        for (Row r : group) {
            if (r.multisite >= 0) {
                counts.add(r.multisite);
            }
            if (!machines.add(r.machine)) {
                out.add(at + "two rows on machine '" + r.machine + "'");
            }
            if (!COMPLETED.equals(r.status)) {
                out.add(at + "line " + r.line + " has status '" + r.status + "'; all rows must be completed");
            }
        }
        if (counts.size() > 1 || (counts.size() == 1 && counts.first() != group.size())) {
            out.add(at + group.size() + " rows but multisite says " + counts);
        }
        Row timed = null;
        for (Row r : group) {
            if (!r.timesKnown) {
                continue;
            }
            if (timed == null) {
                timed = r;
            } else if (r.start != timed.start || r.end != timed.end) {
                out.add(at + "line " + timed.line + " runs [" + timed.start + ", " + timed.end + ") but line "
                        + r.line + " runs [" + r.start + ", " + r.end + "); rows must start and end together");
                break;
            }
        }
    }

    private static String lines(List<Row> group) {
        StringBuilder sb = new StringBuilder();
        for (Row r : group) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(r.line);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Node overlap sweep (c)

    private static void checkOverlaps(List<Row> rows, Map<String, Integer> machineNodes, List<String> out) {
        Map<String, List<Row>> byMachine = new LinkedHashMap<>();
        Set<String> attempts = new HashSet<>(); // a multi-site job's rows each list all its killed attempts
        for (Row r : rows) {
            // a row rejected after failures killed it held nodes only in its killed attempts
            boolean attemptsOnly = r.kills != null && r.pieces != null && REJECTED.equals(r.status);
            if (r.sweepRanges == null && !attemptsOnly) {
                continue;
            }
            List<Row> machine = attemptsOnly ? null : byMachine.computeIfAbsent(r.machine, m -> new ArrayList<>());
            if (r.pieces == null) {
                machine.add(r);
                continue;
            }
            if (r.kills != null) { // each killed attempt on its own nodes, the last run on the row's
                for (Kill k : r.kills) {
                    Row attempt = new Row(r.line, r.jobId, r.part, r.status, k.machine());
                    attempt.start = k.start();
                    attempt.end = k.at();
                    attempt.sweepRanges = k.ranges();
                    if (machineNodes.containsKey(k.machine())
                            && attempts.add(r.jobId + "/" + r.part + "/" + k.machine() + "/" + k.at())) {
                        byMachine.computeIfAbsent(k.machine(), m -> new ArrayList<>()).add(attempt);
                    }
                }
                if (attemptsOnly) {
                    continue;
                }
                Row last = new Row(r.line, r.jobId, r.part, r.status, r.machine);
                last.start = r.pieces[r.pieces.length - 2];
                last.end = r.end;
                last.sweepRanges = r.sweepRanges;
                machine.add(last);
                continue;
            }
            for (int k = 0; k < r.pieces.length; k += 2) { // a preempted job holds its nodes only while it runs
                Row piece = new Row(r.line, r.jobId, r.part, r.status, r.machine);
                piece.start = r.pieces[k];
                piece.end = r.pieces[k + 1];
                piece.sweepRanges = r.sweepRanges;
                machine.add(piece);
            }
        }
        for (Map.Entry<String, List<Row>> e : byMachine.entrySet()) {
            sweep(e.getKey(), machineNodes.get(e.getKey()), e.getValue(), out);
        }
    }

    /**
     * Replays one machine's rows in time order with the current holder of every node. At equal times ends come
     * before starts, which is what makes back-to-back use of a node legal under half-open intervals.
     *
     * <p>When two rows clash on a node, the one that ends later keeps it: any third row overlapping the earlier-ending
     * one on that node then also overlaps the kept one, so no clash goes unreported.
     */
    private static void sweep(String machine, int size, List<Row> rows, List<String> out) {
        int n = rows.size();
        long[] events = sortedEvents(rows);
        if (events == null) {
            out.add("machine '" + machine + "': times span too wide to replay; overlaps not checked");
            return;
        }
        int indexBits = indexBits(n);
        long indexMask = (1L << indexBits) - 1;
        int[] owner = new int[size];
        Arrays.fill(owner, -1);
        for (long ev : events) {
            int idx = (int) (ev & indexMask);
            boolean isStart = ((ev >>> indexBits) & 1) == 1;
            Row r = rows.get(idx);
            int[] ranges = r.sweepRanges;
            if (!isStart) {
                for (int i = 0; i < ranges.length; i += 2) {
                    for (int node = ranges[i]; node <= ranges[i + 1]; node++) {
                        if (owner[node] == idx) {
                            owner[node] = -1;
                        }
                    }
                }
                continue;
            }
            Map<Integer, int[]> clashes = null;
            for (int i = 0; i < ranges.length; i += 2) {
                for (int node = ranges[i]; node <= ranges[i + 1]; node++) {
                    int o = owner[node];
                    if (o < 0) {
                        owner[node] = idx;
                        continue;
                    }
                    if (clashes == null) {
                        clashes = new LinkedHashMap<>();
                    }
                    int[] stat = clashes.computeIfAbsent(o, k -> new int[] {0, -1});
                    if (stat[0]++ == 0) {
                        stat[1] = node;
                    }
                    if (r.end > rows.get(o).end) {
                        owner[node] = idx;
                    }
                }
            }
            if (clashes != null) {
                for (Map.Entry<Integer, int[]> c : clashes.entrySet()) {
                    Row o = rows.get(c.getKey());
                    int count = c.getValue()[0];
                    out.add("machine '" + machine + "': overlap on node " + c.getValue()[1]
                            + (count > 1 ? " (and " + (count - 1) + " more node(s))" : "") + " between "
                            + o.label() + " [" + o.start + ", " + o.end + ") and "
                            + r.label() + " [" + r.start + ", " + r.end + ")");
                }
            }
        }
    }

    private static int indexBits(int n) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
    }

    /**
     * Encodes each event as one long, {@code ((time - minTime) * 2 + isStart) << indexBits | rowIndex}, so a primitive
     * sort orders them by time, ends first, without boxing 2n objects.
     *
     * @return the sorted events, or {@code null} if the time span is too wide to pack
     */
    private static long[] sortedEvents(List<Row> rows) {
        int n = rows.size();
        int indexBits = indexBits(n);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Row r : rows) {
            min = Math.min(min, r.start);
            max = Math.max(max, r.end);
        }
        // The span must leave room for the start/end bit and the row index. Even with 2^31 rows that allows 2^31 s,
        // far beyond any real trace, so refusing wider spans is simpler than a second, boxed code path.
        long span = max - min;
        if (span < 0 || span >= (1L << (62 - indexBits))) {
            return null;
        }
        long[] events = new long[2 * n];
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            events[2 * i] = (((r.end - min) << 1) << indexBits) | i;
            events[2 * i + 1] = ((((r.start - min) << 1) | 1) << indexBits) | i;
        }
        Arrays.sort(events);
        return events;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // RFC 4180 reader

    /** A syntax error that stops the reading, such as an unterminated quoted field. */
    private static final class CsvFormatException extends IOException {
        private static final long serialVersionUID = 1L;

        CsvFormatException(String message) {
            super(message);
        }
    }

    /**
     * Splits a UTF-8 byte stream into records of fields. Quoted fields may hold commas, line breaks and doubled
     * quotes; lines end with LF, CRLF or CR. Text after a closing quote is kept rather than refused, since the
     * checker's business is the schedule, not pedantry about quoting.
     *
     * <p>It works on bytes and decodes each field on its own: the delimiters are ASCII and UTF-8 never uses ASCII
     * bytes inside a multi-byte character, so this splits exactly as decoding first would, at half the cost.
     */
    private static final class CsvRecords {
        private final InputStream in;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private int len;
        private byte[] field = new byte[256];
        private int fieldLen;
        private int line = 1;
        private int recordLine;

        CsvRecords(InputStream in) {
            this.in = in;
        }

        /** The 1-based physical line on which the last record returned by {@link #next()} began. */
        int recordLine() {
            return recordLine;
        }

        private int read() throws IOException {
            if (pos == len) {
                len = in.read(buf, 0, buf.length);
                pos = 0;
                if (len <= 0) {
                    len = 0;
                    return -1;
                }
            }
            return buf[pos++] & 0xff;
        }

        private int peek() throws IOException {
            int c = read();
            if (c >= 0) {
                pos--;
            }
            return c;
        }

        private void append(int b) {
            if (fieldLen == field.length) {
                field = Arrays.copyOf(field, field.length * 2);
            }
            field[fieldLen++] = (byte) b;
        }

        private void endField(List<String> fields) {
            fields.add(new String(field, 0, fieldLen, StandardCharsets.UTF_8));
            fieldLen = 0;
        }

        /** Returns the next record, or {@code null} at the end of the input. */
        List<String> next() throws IOException {
            int c = read();
            if (c < 0) {
                return null;
            }
            recordLine = line;
            List<String> fields = new ArrayList<>(16);
            fieldLen = 0;
            boolean quoted = false;
            boolean wasQuoted = false;
            while (true) {
                if (quoted) {
                    if (c < 0) {
                        throw new CsvFormatException("line " + recordLine + ": quoted field never closed");
                    }
                    if (c == '"') {
                        if (peek() == '"') {
                            read();
                            append('"');
                        } else {
                            quoted = false;
                        }
                    } else {
                        if (c == '\n') {
                            line++;
                        }
                        append(c);
                    }
                } else if (c == '"' && fieldLen == 0 && !wasQuoted) {
                    quoted = true;
                    wasQuoted = true;
                } else if (c == ',') {
                    endField(fields);
                    wasQuoted = false;
                } else if (c == '\n' || c == '\r' || c < 0) {
                    if (c == '\r' && peek() == '\n') {
                        read();
                    }
                    if (c >= 0) {
                        line++;
                    }
                    endField(fields);
                    return fields;
                } else {
                    append(c);
                }
                c = read();
            }
        }
    }
}
