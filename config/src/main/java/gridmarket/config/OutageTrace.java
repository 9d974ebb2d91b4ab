package gridmarket.config;

import gridmarket.sim.failure.DomainOutage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a domain outage file ({@code failures.outages}): CSV with the header {@code domain,start,end} and one outage
 * per line (the domain's, that is the site's, name; when its trader becomes unreachable and reachable again, integer
 * seconds on the workload's clock). Blank lines and lines starting with {@code #} are skipped. An outage is checked
 * as a failure trace's window is ({@link FailureTrace}): a domain of the grid, start at 0 or later, end after start,
 * and within the run.
 */
public final class OutageTrace {
    private static final String HEADER = "domain,start,end";

    private OutageTrace() {
    }

    /**
     * The outages an experiment's file names, read against its sites (in site order) and its workload's submit
     * times; empty if it names none.
     *
     * @throws ConfigException {@code file:line: field: value ...} for the first bad line
     */
    public static List<DomainOutage> outages(ExperimentSpec spec, long firstSubmit, long lastSubmit) {
        String file = spec.getFailures() == null ? null : spec.getFailures().getOutages();
        if (file == null) {
            return List.of();
        }
        if (Files.isDirectory(Path.of(file))) {
            throw new ConfigException("failures.outages: '" + file + "' is a folder, not a CSV file of outages");
        }
        Map<String, Integer> domains = new LinkedHashMap<>();
        for (SiteSpec site : spec.resolvedSites()) {
            domains.put(site.getName(), domains.size());
        }
        return read(Path.of(file), domains, firstSubmit, lastSubmit);
    }

    /**
     * @param domains the grid's domains: name to index
     * @throws ConfigException {@code file:line: field: value ...} for the first bad line
     */
    public static List<DomainOutage> read(Path file, Map<String, Integer> domains, long firstSubmit,
                                          long lastSubmit) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the domain outages (" + e.getMessage() + ")");
        }
        List<DomainOutage> outages = new ArrayList<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            int no = i + 1;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.replace(" ", "").equals(HEADER)) {
                    throw FailureTrace.bad(file, no, "header", line, "must be " + HEADER);
                }
                header = true;
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != 3) {
                throw FailureTrace.bad(file, no, "line", line, "needs 3 fields (" + HEADER + "), has " + f.length);
            }
            Integer domain = domains.get(f[0].strip());
            if (domain == null) {
                throw FailureTrace.bad(file, no, "domain", f[0].strip(), "is not a domain of the grid "
                        + domains.keySet());
            }
            long start = FailureTrace.whole(file, no, "start", f[1].strip());
            long end = FailureTrace.whole(file, no, "end", f[2].strip());
            if (start < 0) {
                throw FailureTrace.bad(file, no, "start", Long.toString(start), "is before the clock's 0");
            }
            if (end <= start) {
                throw FailureTrace.bad(file, no, "end", Long.toString(end), "is not after start " + start);
            }
            if (start >= lastSubmit || end <= firstSubmit) {
                throw FailureTrace.bad(file, no, "start", Long.toString(start), "outage [" + start + ", " + end
                        + ") lies outside the run (jobs are submitted from " + firstSubmit + " to " + lastSubmit + ")");
            }
            outages.add(new DomainOutage(domain, start, end));
        }
        if (!header) {
            throw new ConfigException(file + ":1: header: missing, must be " + HEADER);
        }
        return outages;
    }
}
