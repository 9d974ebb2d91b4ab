package gridmarket.config;

import gridmarket.sim.failure.OutageWindow;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a failure trace or a maintenance schedule (the same format): CSV with the header {@code machine,nodes,start,end} and one failure per line (the machine's
 * name; {@code all} or how many nodes fail; when they fail and are repaired, integer seconds on the workload's clock).
 * Blank lines and lines starting with {@code #} are skipped. A window must end after it starts (at 0 or later), name a
 * machine of the grid, take at most its nodes, and lie in the run: start before the last job's submit time and end
 * after the first job's.
 */
public final class FailureTrace {
    private static final String HEADER = "machine,nodes,start,end";

    private FailureTrace() {
    }

    /**
     * The failure trace an experiment names, read against its grid (machines in site order, as the model indexes
     * them) and its workload's submit times; empty if it names none.
     *
     * @throws ConfigException {@code file:line: field: value ...} for the first bad line
     */
    public static List<OutageWindow> trace(ExperimentSpec spec, long firstSubmit, long lastSubmit) {
        return spec.getFailures() == null ? List.of() : read(spec, "failures.trace", spec.getFailures().getTrace(),
                firstSubmit, lastSubmit);
    }

    /** The maintenance windows an experiment names, read and checked as {@link #trace} reads failures. */
    public static List<OutageWindow> maintenance(ExperimentSpec spec, long firstSubmit, long lastSubmit) {
        return spec.getFailures() == null ? List.of() : read(spec, "failures.maintenance",
                spec.getFailures().getMaintenance(), firstSubmit, lastSubmit);
    }

    private static List<OutageWindow> read(ExperimentSpec spec, String key, String file, long firstSubmit,
                                           long lastSubmit) {
        if (file == null) {
            return List.of();
        }
        if (Files.isDirectory(Path.of(file))) {
            throw new ConfigException(key + ": '" + file + "' is a folder, not a CSV file of windows");
        }
        Map<String, int[]> machines = new java.util.LinkedHashMap<>();
        for (SiteSpec site : spec.resolvedSites()) {
            for (MachineSpec m : site.getMachines()) {
                machines.put(m.getName(), new int[] {machines.size(), m.getNodes()});
            }
        }
        return read(Path.of(file), machines, firstSubmit, lastSubmit);
    }

    /**
     * @param machines the grid's machines: name to (index, nodes)
     * @throws ConfigException {@code file:line: field: value ...} for the first bad line
     */
    public static List<OutageWindow> read(Path file, Map<String, int[]> machines, long firstSubmit, long lastSubmit) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the failure trace (" + e.getMessage() + ")");
        }
        List<OutageWindow> windows = new ArrayList<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            int no = i + 1;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.replace(" ", "").equals(HEADER)) {
                    throw bad(file, no, "header", line, "must be " + HEADER);
                }
                header = true;
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != 4) {
                throw bad(file, no, "line", line, "needs 4 fields (" + HEADER + "), has " + f.length);
            }
            int[] machine = machines.get(f[0].strip());
            if (machine == null) {
                throw bad(file, no, "machine", f[0].strip(), "is not a machine of the grid " + machines.keySet());
            }
            String n = f[1].strip();
            int nodes;
            if (n.equals("all")) {
                nodes = machine[1];
            } else {
                nodes = (int) whole(file, no, "nodes", n);
                if (nodes < 1 || nodes > machine[1]) {
                    throw bad(file, no, "nodes", n, "must be all or 1 to " + machine[1]);
                }
            }
            long start = whole(file, no, "start", f[2].strip());
            long end = whole(file, no, "end", f[3].strip());
            if (start < 0) {
                throw bad(file, no, "start", Long.toString(start), "is before the clock's 0");
            }
            if (end <= start) {
                throw bad(file, no, "end", Long.toString(end), "is not after start " + start);
            }
            if (start >= lastSubmit || end <= firstSubmit) {
                throw bad(file, no, "start", Long.toString(start), "window [" + start + ", " + end
                        + ") lies outside the run (jobs are submitted from " + firstSubmit + " to " + lastSubmit + ")");
            }
            windows.add(new OutageWindow(machine[0], nodes, start, end));
        }
        if (!header) {
            throw new ConfigException(file + ":1: header: missing, must be " + HEADER);
        }
        return windows;
    }

    static long whole(Path file, int line, String field, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw bad(file, line, field, v, "is not a whole number of seconds");
        }
    }

    static ConfigException bad(Path file, int line, String field, String value, String why) {
        return new ConfigException(file + ":" + line + ": " + field + ": '" + value + "' " + why);
    }
}
