package gridmarket.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Merges run folders (folders holding a {@code summary.json}) into one tidy CSV, one row per run, sorted by the run
 * folder's path. Columns, each group the union over all runs in first-seen order:
 * <ol>
 *   <li>{@code run}: the folder's path relative to the folder it was found under;</li>
 *   <li>the varied parameters from {@code params.json}, named by their keys;</li>
 *   <li>{@code experiment, strategy, policy, seed, workload.source, workload.jobs} from the summary;</li>
 *   <li>every scalar under {@code metrics}, nested names joined by dots ({@code machines.m1.utilization}); lists
 *       are left out;</li>
 *   <li>every scalar under {@code performance}, as {@code performance.NAME}.</li>
 * </ol>
 * A parameter that is also a summary column (e.g. {@code policy}, {@code seed}) is one column, at the parameter's
 * place, holding the summary's value (what ran) where there is one. Numbers are written as Jackson reads them, with
 * full precision; an absent value is an empty field.
 */
public final class ResultsMerger {
    /** The summary fields after the parameters, as dotted paths. */
    static final List<String> SUMMARY_COLUMNS =
            List.of("experiment", "strategy", "policy", "seed", "workload.source", "workload.jobs");

    private final ObjectMapper json = new ObjectMapper();

    /** What a merge wrote. */
    public record Result(Path file, int runs, int columns) {
    }

    private record Run(Path folder, String name, Map<String, String> params, Map<String, String> summary,
                       Map<String, String> metrics, Map<String, String> performance) {
    }

    /**
     * Finds the run folders below {@code dirs} and writes the CSV to {@code out} atomically.
     *
     * @throws BadInputException if a folder is missing, or none of them holds a run
     */
    public Result merge(List<Path> dirs, Path out) {
        List<Run> runs = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path dir : dirs) {
            for (Path folder : runFolders(dir)) {
                if (seen.add(folder.toAbsolutePath().normalize())) {
                    runs.add(read(dir, folder));
                }
            }
        }
        if (runs.isEmpty()) {
            throw new BadInputException("no run folders (folders with a summary.json) below " + String.join(", ",
                    dirs.stream().map(Path::toString).toList()));
        }
        runs.sort(Comparator.comparing(r -> slashes(r.folder().toAbsolutePath().normalize())));
        Set<String> columns = new LinkedHashSet<>();
        columns.add("run");
        runs.forEach(r -> columns.addAll(r.params().keySet()));
        columns.addAll(SUMMARY_COLUMNS);
        runs.forEach(r -> columns.addAll(r.metrics().keySet()));
        runs.forEach(r -> columns.addAll(r.performance().keySet()));
        StringBuilder csv = new StringBuilder(Csv.line(List.copyOf(columns)));
        for (Run r : runs) {
            Map<String, String> row = new LinkedHashMap<>(r.params());
            row.putAll(r.summary());
            row.putAll(r.metrics());
            row.putAll(r.performance());
            row.put("run", r.name());
            csv.append(Csv.line(columns.stream().map(c -> row.getOrDefault(c, "")).toList()));
        }
        if (Files.isDirectory(out)) {
            throw new BadInputException("--out " + out + " is a folder; give a file name");
        }
        AtomicFiles.write(out, csv.toString());
        return new Result(out, runs.size(), columns.size());
    }

    private static List<Path> runFolders(Path dir) {
        if (Files.isRegularFile(dir)) {
            throw new BadInputException(dir + ": is a file; merge reads folders that hold run folders");
        }
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": no such folder");
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName() != null && f.getFileName().toString().equals("summary.json")
                    && Files.isRegularFile(f)).map(Path::getParent).toList();
        } catch (IOException | UncheckedIOException e) {
            throw new BadInputException(dir + ": cannot list: " + e.getMessage());
        }
    }

    private Run read(Path dir, Path folder) {
        JsonNode summary = readJson(folder.resolve("summary.json"));
        Path paramsFile = folder.resolve("params.json");
        Map<String, String> params = new LinkedHashMap<>();
        if (Files.isRegularFile(paramsFile)) {
            readJson(paramsFile).fields().forEachRemaining(e -> params.put(e.getKey(), RunIds.text(e.getValue())));
        }
        Map<String, String> head = new LinkedHashMap<>();
        for (String c : SUMMARY_COLUMNS) {
            JsonNode v = summary.at("/" + c.replace('.', '/'));
            if (!v.isMissingNode() && v.isValueNode()) {
                head.put(c, text(v));
            }
        }
        Map<String, String> metrics = new LinkedHashMap<>();
        flatten(summary.path("metrics"), "", metrics);
        Map<String, String> performance = new LinkedHashMap<>();
        flatten(summary.path("performance"), "performance.", performance);
        String name = slashes(dir.relativize(folder));
        return new Run(folder, name.isEmpty() ? "." : name, params, head, metrics, performance);
    }

    /** Scalars of a mapping, nested names joined by dots; lists are not table cells and are left out. */
    private static void flatten(JsonNode node, String prefix, Map<String, String> into) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isObject()) {
                flatten(v, prefix + e.getKey() + ".", into);
            } else if (v.isValueNode()) {
                into.put(prefix + e.getKey(), text(v));
            }
        }
    }

    private static String text(JsonNode v) {
        return v.isNull() ? "" : v.asText();
    }

    private JsonNode readJson(Path file) {
        try {
            JsonNode n = json.readTree(file.toFile());
            if (n == null || !n.isObject()) {
                throw new BadInputException(file + ": expected a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr();
            throw new BadInputException(file + where + ": not valid JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + e.getMessage());
        }
    }

    private static String slashes(Path p) {
        StringBuilder s = new StringBuilder(p.isAbsolute() && p.getRoot() != null ? "/" : "");
        for (int i = 0; i < p.getNameCount(); i++) {
            if (i > 0) {
                s.append('/');
            }
            s.append(p.getName(i));
        }
        return s.toString();
    }
}
