package gridmarket.results;

import gridmarket.sim.result.JobStatus;
import gridmarket.sim.workload.BatsimIds;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's jobs in Batsim's {@code jobs.csv} format: Batsim's columns in Batsim's order, one line per job (the rows
 * of a multi-site job joined into one), so that Batsim's users and Evalys read a gridmarket schedule as they read
 * Batsim's.
 *
 * <p>Conventions are Batsim's: times in decimal seconds with six decimals; {@code allocated_resources} as the
 * canonical interval set of resource indices ({@code 0-3 5 7}; {@link BatsimResources} maps a grid's nodes to
 * them); {@code execution_time = finish - start}, {@code waiting_time = start - submission},
 * {@code turnaround_time = finish - submission}, {@code stretch = turnaround / execution}; a rejected job has
 * {@code success} 0, {@code final_state} {@code REJECTED} and those fields, its resources and its energy empty;
 * {@code consumed_energy} is -1 (no energy model); {@code metadata} is quoted and holds {@code key=value} pairs
 * separated by {@code ;}: the site, the machine(s) ({@code m1+m2} for a multi-site job), and for a market job the
 * price and promised start, for a rejected job the cause.
 */
public final class BatsimJobsCsv {
    /** Where a run writes its Batsim files, inside the run's folder. */
    public static final String FOLDER = "batsim";
    /** The file's name in {@link #FOLDER}. */
    public static final String FILE = "jobs.csv";
    /** The header line, without its newline: Batsim's columns in Batsim's order. */
    public static final String HEADER = "job_id,workload_name,profile,submission_time,requested_number_of_resources,"
            + "requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,"
            + "turnaround_time,stretch,allocated_resources,consumed_energy,metadata";
    /** The workload name of every job: Batsim's name of its first workload. */
    public static final String WORKLOAD = "w0";

    private BatsimJobsCsv() {
    }

    /**
     * One job as Batsim reports it.
     *
     * @param start     start, seconds; meaningless if rejected
     * @param end       end, seconds; meaningless if rejected
     * @param resources the canonical interval set of its resources; empty if rejected
     */
    public record BatsimJob(String jobId, String profile, long submit, long width, long requested, boolean completed,
                            long start, long end, String resources, String metadata) {
    }

    /**
     * The jobs of a run's {@code jobs.csv} rows, in the order of their first rows.
     *
     * @throws ResultsException if a row names a machine outside {@code grid} or has a bad {@code node_ids} cell
     */
    public static List<BatsimJob> jobs(List<JobRow> rows, BatsimResources grid) {
        Map<String, List<JobRow>> byJob = new LinkedHashMap<>();
        for (JobRow r : rows) {
            byJob.computeIfAbsent(BatsimIds.jobId(r.jobId(), r.part()), k -> new ArrayList<>(1)).add(r);
        }
        List<BatsimJob> jobs = new ArrayList<>(byJob.size());
        byJob.forEach((id, parts) -> jobs.add(job(id, parts, grid)));
        return jobs;
    }

    private static BatsimJob job(String id, List<JobRow> parts, BatsimResources grid) {
        JobRow first = parts.get(0);
        boolean completed = first.status() == JobStatus.COMPLETED;
        StringBuilder meta = new StringBuilder("site=").append(first.site());
        long width = 0;
        List<long[]> ranges = new ArrayList<>();
        if (completed) {
            meta.append(";machine=");
            for (int i = 0; i < parts.size(); i++) {
                JobRow r = parts.get(i);
                width += r.nodes();
                meta.append(i > 0 ? "+" : "").append(r.machine());
                addRanges(ranges, r.nodeIds(), grid.offset(r.machine()));
            }
        } else {
            width = first.nodes();
            meta.append(";cause=").append(first.cause());
        }
        JobRow.Market m = first.market();
        if (m != null && !Double.isNaN(m.price())) {
            meta.append(";price=").append(m.price());
        }
        if (m != null && m.promisedStart() != null) {
            meta.append(";promised_start=").append(m.promisedStart());
        }
        return new BatsimJob(id, BatsimIds.profile(first.runTime()), first.submit(), width, first.estimate(),
                completed, first.start(), first.end(), completed ? canonical(ranges) : "", meta.toString());
    }

    /** Adds the ranges of a {@code node_ids} cell ({@code 0-15;32}), moved by {@code offset}. */
    private static void addRanges(List<long[]> to, String cell, long offset) {
        if (cell.isEmpty()) {
            return;
        }
        for (String range : cell.split(";", -1)) {
            int dash = range.indexOf('-');
            try {
                long a = Long.parseLong(dash < 0 ? range : range.substring(0, dash));
                long b = dash < 0 ? a : Long.parseLong(range.substring(dash + 1));
                if (a < 0 || b < a) {
                    throw new NumberFormatException();
                }
                to.add(new long[] {a + offset, b + offset});
            } catch (NumberFormatException e) {
                throw new ResultsException("node_ids '" + cell + "' is not a list of ranges a-b;c");
            }
        }
    }

    /** Batsim's canonical form: maximal disjoint closed intervals, ascending, {@code a-b} or {@code a}, by spaces. */
    static String canonical(List<long[]> ranges) {
        long[][] sorted = ranges.toArray(new long[0][]);
        Arrays.sort(sorted, (x, y) -> Long.compare(x[0], y[0]));
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < sorted.length) {
            long from = sorted[i][0];
            long to = sorted[i][1];
            i++;
            while (i < sorted.length && sorted[i][0] <= to + 1) {
                to = Math.max(to, sorted[i][1]);
                i++;
            }
            b.append(b.length() > 0 ? " " : "").append(from);
            if (to > from) {
                b.append('-').append(to);
            }
        }
        return b.toString();
    }

    /** Writes the header and one line per job. */
    public static void write(Writer w, List<BatsimJob> jobs) throws IOException {
        w.write(HEADER);
        w.write('\n');
        StringBuilder b = new StringBuilder(160);
        for (BatsimJob j : jobs) {
            b.setLength(0);
            b.append(j.jobId()).append(',').append(WORKLOAD).append(',').append(j.profile()).append(',');
            seconds(b, j.submit()).append(',').append(j.width()).append(',');
            seconds(b, j.requested()).append(',');
            if (j.completed()) {
                b.append("1,COMPLETED_SUCCESSFULLY,");
                seconds(b, j.start()).append(',');
                seconds(b, j.end() - j.start()).append(',');
                seconds(b, j.end()).append(',');
                seconds(b, j.start() - j.submit()).append(',');
                seconds(b, j.end() - j.submit()).append(',');
                decimal(b, (double) (j.end() - j.submit()) / (j.end() - j.start())).append(',');
                b.append(j.resources()).append(",-1.000000,");
            } else {
                b.append("0,REJECTED,,,,,,,,,");
            }
            b.append('"').append(j.metadata()).append("\"\n");
            w.write(b.toString());
        }
    }

    /** Whole seconds as Batsim prints a time (C++'s {@code to_string} of a double: six decimals). */
    static StringBuilder seconds(StringBuilder b, long s) {
        return b.append(s).append(".000000");
    }

    /** A value as C++'s {@code to_string} of a double prints it: fixed, six decimals. */
    static StringBuilder decimal(StringBuilder b, double v) {
        return b.append(String.format(java.util.Locale.ROOT, "%.6f", v));
    }
}
