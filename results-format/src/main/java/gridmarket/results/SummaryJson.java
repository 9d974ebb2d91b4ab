package gridmarket.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import gridmarket.sim.result.RejectionReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one reader and writer of {@code summary.json} ({@link RunSummary}) and {@code params.json}, and the one way a
 * summary becomes table columns ({@link #columns}), shared by {@code merge}, {@code sweep} and the charts.
 */
public final class SummaryJson {
    /** The file name of the completion marker. */
    public static final String FILE = "summary.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("gridmarket-results")
                    .addKeySerializer(RejectionReason.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(RejectionReason r, JsonGenerator g, SerializerProvider p)
                                throws IOException {
                            g.writeFieldName(r.key());
                        }
                    }));

    private SummaryJson() {
    }

    /** The text of {@code summary.json}: indented JSON ending in a newline. */
    public static String text(RunSummary summary) {
        try {
            return JSON.writeValueAsString(summary) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a summary of numbers and text always serializes", e);
        }
    }

    /**
     * A model's metrics (a record such as {@code RunMetrics}) as the summary's {@code metrics} block, in the record's
     * order; rejection reasons are named by their keys.
     */
    public static Map<String, Object> metrics(Object metrics) {
        return JSON.convertValue(metrics, new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    /**
     * Reads the {@code summary.json} of a run folder.
     *
     * @throws ResultsException naming the file (and line and column) if it is missing, not JSON or not a summary
     */
    public static RunSummary read(Path folder) {
        Path file = folder.resolve(FILE);
        JsonNode tree = readObject(file);
        String notNumber = firstNonNumber(tree.path("metrics"), "metrics");
        if (notNumber != null) { // merge and the charts read the same summaries: neither takes a metric that is text
            throw new ResultsException(file + ": " + notNumber);
        }
        try {
            return JSON.treeToValue(tree, RunSummary.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(file + ": not a run summary: " + firstLine(e.getOriginalMessage()));
        }
    }

    /** The first leaf below {@code node} that is no number, described with its path, or {@code null}. */
    private static String firstNonNumber(JsonNode node, String path) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String found = firstNonNumber(e.getValue(), path + "." + e.getKey());
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (node.isMissingNode() || node.isNull() || node.isNumber() || node.isArray()) {
            return null;
        }
        return path + ": '" + node.asText() + "' is not a number";
    }

    /**
     * The varied parameters of a sweep's run, from its {@code params.json}, in order: scalars as written, lists and
     * mappings as compact JSON; empty if the folder has none.
     */
    public static Map<String, String> params(Path folder) {
        Map<String, String> params = new LinkedHashMap<>();
        Path file = folder.resolve("params.json");
        if (Files.isRegularFile(file)) {
            readObject(file).fields().forEachRemaining(e -> params.put(e.getKey(), text(e.getValue())));
        }
        return params;
    }

    /**
     * A summary as table columns: {@code experiment, strategy, policy, seed}, {@code workload.*}, the metrics
     * (without prefix, nested names joined by dots: {@code machines.m1.utilization}), {@code market.*},
     * {@code performance.*} and {@code reproduce.*}. Lists are no table cells and are left out.
     */
    public static Map<String, String> columns(RunSummary summary) {
        Map<String, String> cells = new LinkedHashMap<>();
        columnGroups(summary).forEach(cells::putAll);
        return cells;
    }

    /**
     * The columns of {@link #columns} in their groups, always six and in this order: the head (experiment,
     * strategy, policy, seed), workload, metrics, market, performance, reproduce; a group the summary has not is
     * empty. A table of several runs unions each group over the runs, so a column keeps its group's place.
     */
    public static List<Map<String, String>> columnGroups(RunSummary summary) {
        List<Map<String, String>> groups = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            groups.add(new LinkedHashMap<>());
        }
        JsonNode tree = JSON.valueToTree(summary);
        for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String block = e.getKey();
            int group = switch (block) {
                case "workload" -> 1;
                case "metrics" -> 2;
                case "market" -> 3;
                case "performance" -> 4;
                case "reproduce" -> 5;
                default -> 0;
            };
            flatten(e.getValue(), group == 2 ? "" : block, groups.get(group));
        }
        return groups;
    }

    /** The union of the runs' columns, group by group ({@link #columnGroups}), each in first-seen order. */
    public static List<String> unionOfColumns(List<List<Map<String, String>>> runs) {
        Set<String> columns = new LinkedHashSet<>();
        for (int g = 0; g < 6; g++) {
            for (List<Map<String, String>> run : runs) {
                columns.addAll(run.get(g).keySet());
            }
        }
        return List.copyOf(columns);
    }

    private static void flatten(JsonNode node, String name, Map<String, String> into) {
        if (node.isObject()) {
            String prefix = name.isEmpty() ? "" : name + ".";
            node.fields().forEachRemaining(e -> flatten(e.getValue(), prefix + e.getKey(), into));
        } else if (node.isValueNode()) {
            into.putIfAbsent(name, text(node));
        }
    }

    private static String text(JsonNode v) {
        if (v.isNull()) {
            return "";
        }
        return v.isContainerNode() ? v.toString() : v.asText();
    }

    private static JsonNode readObject(Path file) {
        try {
            JsonNode n = JSON.readTree(file.toFile());
            if (n == null || !n.isObject()) {
                throw new ResultsException(file + ": expected a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr();
            throw new ResultsException(file + where + ": not valid JSON: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ResultsException(file + ": cannot read: " + e.getMessage());
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
