package gridmarket.charts.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.charts.ChartException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads results into one {@link ResultsTable}. Each input may be
 * <ul>
 *   <li>a results CSV ({@code results.csv} of {@code sweep} or {@code merge}): one row per line; its parameters are
 *       the columns between {@code run} and {@code experiment}; a row's run folder is the {@code run} column
 *       resolved against the CSV's {@code runs/} folder (a sweep's table) or the CSV's folder, where it exists;</li>
 *   <li>a run folder (one holding {@code summary.json}): one row, its columns named as {@code merge} names them
 *       (metrics without prefix, {@code machines.m1.work}), plus the {@code market} block as {@code market.*};
 *       its parameters are the keys of {@code params.json};</li>
 *   <li>a sweep folder holding {@code results.csv}: that file;</li>
 *   <li>any other folder: every run folder below it, sorted by path.</li>
 * </ul>
 * Whatever the input, {@code strategy}, {@code policy}, {@code market.mf} and {@code market.uf} are parameters too.
 */
public final class ResultsLoader {
    /** Summary fields read into a run folder's row, as dotted paths (the columns {@code merge} writes first). */
    private static final List<String> SUMMARY_COLUMNS =
            List.of("experiment", "strategy", "policy", "seed", "workload.source", "workload.jobs");
    /**
     * Columns that tell runs apart whatever the input. Of the summary's {@code market} block only the machine and
     * utility functions: its other entries are settings rarely varied (a sweep names those in params.json) or
     * results (mean price, messages) that differ in every run.
     */
    private static final List<String> ALWAYS_PARAMETERS = List.of("strategy", "policy", "market.mf", "market.uf");

    private final ObjectMapper json = new ObjectMapper();

    /**
     * Reads the inputs into one table, rows in input order.
     *
     * @throws ChartException if an input is missing or unreadable, or there are no runs at all
     */
    public ResultsTable load(List<Path> inputs) {
        if (inputs.isEmpty()) {
            throw new ChartException("no results given");
        }
        Set<String> columns = new LinkedHashSet<>();
        Set<String> parameters = new LinkedHashSet<>();
        List<ResultRow> rows = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isRegularFile(input)) {
                readCsv(input, columns, parameters, rows);
            } else if (Files.isRegularFile(input.resolve("summary.json"))) {
                rows.add(readRun(input, input.getFileName() == null ? "." : input.getFileName().toString(),
                        input.toString(), columns, parameters));
            } else if (Files.isRegularFile(input.resolve("results.csv"))) {
                readCsv(input.resolve("results.csv"), columns, parameters, rows);
            } else if (Files.isDirectory(input)) {
                List<Path> runs = runFolders(input);
                if (runs.isEmpty()) {
                    throw new ChartException(input + ": no results.csv and no run folders (folders with a "
                            + "summary.json) below it");
                }
                for (Path run : runs) {
                    rows.add(readRun(run, slashes(input.relativize(run)), input.toString(), columns, parameters));
                }
            } else {
                throw new ChartException(input + ": no such file or folder");
            }
        }
        String source = String.join(", ", inputs.stream().map(Path::toString).toList());
        if (rows.isEmpty()) {
            throw new ChartException(source + ": no runs (the results are empty)");
        }
        for (String c : ALWAYS_PARAMETERS) {
            if (columns.contains(c)) {
                parameters.add(c);
            }
        }
        return new ResultsTable(List.copyOf(columns), parameters, rows, source);
    }

    private static void readCsv(Path file, Set<String> columns, Set<String> parameters, List<ResultRow> rows) {
        CsvFile csv = CsvFile.read(file);
        List<String> header = csv.header();
        columns.addAll(header);
        int run = header.indexOf("run");
        int experiment = header.indexOf("experiment");
        if (run == 0 && experiment > 0) {
            parameters.addAll(header.subList(1, experiment));
        }
        Path base = file.toAbsolutePath().getParent();
        for (int r = 0; r < csv.size(); r++) {
            Map<String, String> cells = new LinkedHashMap<>();
            for (int c = 0; c < header.size(); c++) {
                cells.putIfAbsent(header.get(c), csv.text(r, c));
            }
            String name = run >= 0 ? csv.text(r, run) : String.valueOf(r + 1);
            Path folder = null;
            if (run >= 0 && !name.isEmpty()) {
                // merge names a run relative to the folder it searched: a sweep's results.csv is merged from
                // its runs/ folder, a merge of several sweeps from folders above them
                for (Path candidate : List.of(base.resolve("runs").resolve(name), base.resolve(name))) {
                    if (folder == null && Files.isRegularFile(candidate.resolve("summary.json"))) {
                        folder = candidate.normalize();
                    }
                }
            }
            rows.add(new ResultRow(name, cells, folder, file.toString()));
        }
    }

    private ResultRow readRun(Path folder, String name, String source, Set<String> columns, Set<String> parameters) {
        JsonNode summary = readJson(folder.resolve("summary.json"));
        Map<String, String> cells = new LinkedHashMap<>();
        cells.put("run", name);
        Path paramsFile = folder.resolve("params.json");
        if (Files.isRegularFile(paramsFile)) {
            readJson(paramsFile).fields().forEachRemaining(e -> {
                cells.put(e.getKey(), text(e.getValue()));
                parameters.add(e.getKey());
            });
        }
        for (String c : SUMMARY_COLUMNS) {
            JsonNode v = summary.at("/" + c.replace('.', '/'));
            if (v.isValueNode()) {
                cells.put(c, text(v));
            }
        }
        flatten(summary.path("market"), "market.", cells);
        flatten(summary.path("metrics"), "", cells);
        columns.addAll(cells.keySet());
        return new ResultRow(name, cells, folder, source);
    }

    /** Scalars of a mapping, nested names joined by dots; lists are left out, as {@code merge} does. */
    private static void flatten(JsonNode node, String prefix, Map<String, String> into) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isObject()) {
                flatten(v, prefix + e.getKey() + ".", into);
            } else if (v.isValueNode()) {
                into.putIfAbsent(prefix + e.getKey(), text(v));
            }
        }
    }

    private static String text(JsonNode v) {
        if (v.isNull()) {
            return "";
        }
        return v.isContainerNode() ? v.toString() : v.asText();
    }

    private JsonNode readJson(Path file) {
        try {
            JsonNode n = json.readTree(file.toFile());
            if (n == null || !n.isObject()) {
                throw new ChartException(file + ": expected a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr();
            throw new ChartException(file + where + ": not valid JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new ChartException(file + ": cannot read: " + e.getMessage());
        }
    }

    private static List<Path> runFolders(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName() != null && f.getFileName().toString().equals("summary.json")
                            && Files.isRegularFile(f)).map(Path::getParent)
                    .sorted((a, b) -> slashes(a).compareTo(slashes(b))).toList();
        } catch (IOException | UncheckedIOException e) {
            throw new ChartException(dir + ": cannot list: " + e.getMessage());
        }
    }

    private static String slashes(Path p) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < p.getNameCount(); i++) {
            if (i > 0) {
                s.append('/');
            }
            s.append(p.getName(i));
        }
        return s.isEmpty() ? "." : s.toString();
    }
}
