package gridmarket.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
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
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
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

    /** The fields every model's summary has, and what each must hold. */
    private static final List<String> REQUIRED_TEXT = List.of("experiment", "strategy", "policy");

    /**
     * Reads the {@code summary.json} of a run folder. It must follow the results format: a JSON object without
     * duplicate fields or non-finite numbers, with {@code experiment}, {@code strategy} and {@code policy} (text),
     * {@code seed} (a whole number) and {@code metrics} (an object of numbers), as every model writes them.
     *
     * @throws ResultsException naming the file (and line and column, or the field) if it is missing, not JSON or not
     *                          a summary
     */
    public static RunSummary read(Path folder) {
        Path file = folder.resolve(FILE);
        JsonNode tree = readObject(file);
        for (String field : REQUIRED_TEXT) {
            JsonNode v = tree.get(field);
            if (v == null || !v.isTextual() || v.asText().isBlank()) {
                throw new ResultsException(file + ": not a run summary: " + (v == null ? "no field '" + field + "'"
                        : "field '" + field + "' must be a name, got " + v));
            }
        }
        if (!tree.has("seed") || !tree.get("seed").canConvertToLong() || !tree.get("seed").isIntegralNumber()) {
            throw new ResultsException(file + ": not a run summary: " + (tree.has("seed")
                    ? "field 'seed' must be a whole number, got " + tree.get("seed") : "no field 'seed'"));
        }
        JsonNode metrics = tree.get("metrics");
        if (metrics == null || !metrics.isObject() || metrics.isEmpty()) {
            throw new ResultsException(file + ": not a run summary: " + (metrics == null ? "no field 'metrics'"
                    : "field 'metrics' must be an object of numbers, got " + metrics));
        }
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
                case "market", "failures", "strategyFields" -> 3;
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
            checkNumbers(file);
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

    /**
     * Refuses a number beyond a double ({@code 1e400}), which Jackson would read as Infinity: it names the line,
     * column and field, which the tree read after this no longer knows.
     */
    private static void checkNumbers(Path file) throws IOException {
        try (JsonParser p = JSON.getFactory().createParser(file.toFile())) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
                    if (!Double.isFinite(p.getValueAsDouble())) {
                        JsonLocation at = p.currentTokenLocation();
                        throw new ResultsException(file + ":" + at.getLineNr() + ":" + at.getColumnNr() + ": "
                                + field(p.getParsingContext()) + ": " + shortened(p.getText())
                                + " is not a finite number");
                    }
                }
            }
        }
    }

    /** A number's text as a message shows it: a very long one by its start and its length. */
    private static String shortened(String number) {
        return number.length() <= 40 ? number : number.substring(0, 24) + "... (" + number.length() + " characters)";
    }

    /** The dotted path of the value a parser is at ({@code metrics.awrt}, {@code metrics.hist[2]}). */
    private static String field(JsonStreamContext context) {
        List<String> parts = new ArrayList<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            parts.add(0, c.inArray() ? "[" + c.getCurrentIndex() + "]" : c.getCurrentName());
        }
        StringBuilder b = new StringBuilder();
        for (String part : parts) {
            b.append(b.length() > 0 && !part.startsWith("[") ? "." : "").append(part);
        }
        return b.toString();
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
