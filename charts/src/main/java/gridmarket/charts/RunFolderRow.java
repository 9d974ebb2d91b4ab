package gridmarket.charts;

import gridmarket.results.JobRow;
import gridmarket.results.JobsCsv;
import gridmarket.charts.data.ResultRow;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The one run a per-run figure (Gantt, backlog) is drawn from: its row, folder and jobs ({@code jobs.csv}). */
record RunFolderRow(ResultRow row, Path folder, List<JobRow> jobs) {
    /**
     * The single run left after {@code --where}.
     *
     * @throws ChartException if none or several are left, or its folder or {@code jobs.csv} cannot be read
     */
    static RunFolderRow single(TableLayout layout, ChartKind kind) {
        List<ResultRow> rows = layout.rows();
        if (rows.size() != 1) {
            List<String> names = rows.stream().limit(3).map(ResultRow::name).toList();
            throw new ChartException("the " + kind.key() + " chart shows one run, but " + rows.size() + " match ("
                    + String.join(", ", names) + (rows.size() > 3 ? ", ..." : "") + "); give one run folder or "
                    + "narrow with --where");
        }
        ResultRow row = rows.get(0);
        Path folder = row.folder().orElseThrow(() -> new ChartException(row.source() + ": run " + row.name()
                + ": its run folder was not found; give the run folder instead"));
        return new RunFolderRow(row, folder, JobsCsv.read(folder.resolve("jobs.csv"), machineNodes(row)));
    }

    /** The machines' sizes the row gives ({@code machines.NAME.nodes}), so that no job is drawn outside them. */
    private static Map<String, Integer> machineNodes(ResultRow row) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        for (String c : row.cells().keySet()) {
            if (c.startsWith("machines.") && c.endsWith(".nodes") && row.has(c)) {
                double n = row.number(c);
                if (n < 1 || n > Integer.MAX_VALUE || n != Math.rint(n)) {
                    throw new ChartException(row.source() + ": run " + row.name() + ": column '" + c
                            + "': not a number of nodes '" + row.get(c) + "'");
                }
                sizes.put(c.substring("machines.".length(), c.length() - ".nodes".length()), (int) n);
            }
        }
        return sizes;
    }

    /** The run's {@code jobs.csv}, for messages. */
    Path jobsFile() {
        return folder.resolve("jobs.csv");
    }

    /** The run's machines, in natural order, from its {@code machines.NAME.nodes} values. */
    List<String> machines() {
        TreeSet<String> names = new TreeSet<>(ValueOrder::compare);
        for (String c : row.cells().keySet()) {
            if (c.startsWith("machines.") && c.endsWith(".nodes") && row.has(c)) {
                names.add(c.substring("machines.".length(), c.length() - ".nodes".length()));
            }
        }
        return new ArrayList<>(names);
    }

    /** A subtitle naming the run by its parameters, or by its folder. */
    String describe(java.util.Collection<String> parameters) {
        List<String> parts = new ArrayList<>();
        for (String p : parameters) {
            if (row.has(p)) {
                parts.add(p.equals(Labels.OVERHEAD) ? Labels.part(p, row.get(p)) : p + "=" + row.get(p));
            }
        }
        return parts.isEmpty() ? "run " + row.name() : String.join(", ", parts);
    }
}
