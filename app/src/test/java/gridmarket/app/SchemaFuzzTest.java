package gridmarket.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gridmarket.config.Setting;
import gridmarket.config.SettingsSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fuzzer generated from {@link SettingsSchema}: for every key, values of the wrong type, values at and beyond each
 * bound, and its dependency broken; for formulas ({@code market.mf}, {@code market.uf}, a machine's objective), a
 * population's request template and lone {@code .req}, {@code .offer} and {@code .mach} files, deep and long forms of
 * every construct; and seeded random combinations of three of those values. The rule for every case: {@code
 * validate} answers exit 2 with one line naming the file and a line or the field, or exit 0, and then {@code run}
 * completes the experiment (exit 0, a complete folder). The seed and the case count are in docs/TESTING.md.
 */
class SchemaFuzzTest {
    /** The seed of the random combinations (docs/TESTING.md). */
    static final long SEED = 29;
    /** Random combinations of three values each. */
    private static final int COMBINATIONS = 100;
    /** The number of cases the fuzzer makes (docs/TESTING.md): a change to the schema or the forms changes it. */
    static final int CASES = 1074;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Eight jobs of two users on two 8-node machines, submitted 10 s apart (enough to fit the probabilistic model). */
    private static final String TRACE = jobs();
    private static final String TEMPLATE = "REQUEST \"p\" {\n  KEY \"Utility\" {\n    ELEMENT 1 {CONDITION {%s} "
            + "VALUE \"RunTime\" {%s}}\n  }\n}\n";
    private static final Pattern LINE = Pattern.compile("\\.(json|req|offer|mach):\\d+");
    private static final AtomicInteger ACCEPTED = new AtomicInteger();
    private static final AtomicInteger REFUSED = new AtomicInteger();

    @TempDir
    static Path dir;

    /** One case: the files to write (the experiment {@code e.json} or a lone language file), what names the field. */
    private record Case(String name, Map<String, String> files, String validate, List<String> fields) {
    }

    @TestFactory
    Stream<DynamicTest> everyCaseIsRefusedInOneLineOrRuns() {
        List<Case> cases = new ArrayList<>();
        List<Value> values = new ArrayList<>();
        for (Setting s : SettingsSchema.ALL) {
            for (Value v : values(s)) {
                values.add(v);
                cases.add(experiment(s.key() + " = " + v.label(), List.of(v)));
            }
            if (s.onlyWhen() != null) {
                cases.add(experiment(s.key() + " with its dependency broken", List.of(legal(s), broken(s))));
            }
        }
        Random random = new Random(SEED);
        for (int i = 0; i < COMBINATIONS; i++) {
            List<Value> three = List.of(values.get(random.nextInt(values.size())),
                    values.get(random.nextInt(values.size())), values.get(random.nextInt(values.size())));
            cases.add(experiment("combination " + i + ": " + three.stream().map(Value::label).toList(), three));
        }
        formulas(cases);
        templates(cases);
        languageFiles(cases);
        assertEquals(CASES, cases.size(), "the count docs/TESTING.md reports");
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name().length() > 200
                ? c.name().substring(0, 200) + "..." : c.name(), () -> check(c)));
    }

    @AfterAll
    static void report() {
        System.out.println("schema fuzzer: seed " + SEED + ", " + CASES + " cases: " + ACCEPTED + " accepted and run, "
                + REFUSED + " refused in one line");
    }

    /** A value at a key path: a key of the schema ({@code []} for the first element) and the JSON to put there. */
    private record Value(String key, JsonNode value, String note) {
        String label() {
            String v = value.toString();
            return key + " " + (note.isEmpty() ? "" : note + " ") + (v.length() > 60 ? v.substring(0, 60) + "..." : v);
        }
    }

    /** Wrong types, then the bounds and beyond, for one key. */
    private static List<Value> values(Setting s) {
        List<Value> out = new ArrayList<>();
        String k = s.key();
        switch (s.kind()) {
            case WHOLE -> {
                out.add(new Value(k, F.textNode("many"), "a word"));
                out.add(new Value(k, F.numberNode(1.5), "a fraction"));
                out.add(new Value(k, F.booleanNode(true), "a boolean"));
                out.add(new Value(k, F.arrayNode().add(1), "a list"));
                bounds(s, out);
                out.add(new Value(k, F.numberNode(Long.MAX_VALUE), "the largest long"));
                out.add(new Value(k, F.numberNode(Long.MIN_VALUE), "the smallest long"));
                out.add(new Value(k, F.numberNode(new java.math.BigInteger("99999999999999999999")), "past a long"));
            }
            case NUMBER -> {
                out.add(new Value(k, F.textNode("many"), "a word"));
                out.add(new Value(k, F.booleanNode(true), "a boolean"));
                out.add(new Value(k, F.objectNode().put("a", 1), "a mapping"));
                bounds(s, out);
                out.add(new Value(k, F.numberNode(1e308), "near the largest double"));
                out.add(new Value(k, F.numberNode(-1e308), "near the smallest double"));
                out.add(new Value(k, F.numberNode(4.9e-324), "the smallest positive double"));
            }
            case BOOLEAN -> {
                out.add(new Value(k, F.textNode("maybe"), "a word"));
                out.add(new Value(k, F.numberNode(2), "a number"));
                out.add(new Value(k, F.booleanNode(true), ""));
            }
            case CHOICE -> {
                out.add(new Value(k, F.textNode("nonsense"), "no choice"));
                out.add(new Value(k, F.numberNode(7), "a number"));
                out.add(new Value(k, F.arrayNode().add(s.choices().get(0)), "a list"));
                for (String c : s.choices()) {
                    out.add(new Value(k, F.textNode(c), "each choice"));
                }
            }
            case NAME -> {
                out.add(new Value(k, F.textNode("a b"), "a space"));
                out.add(new Value(k, F.textNode(""), "empty"));
                out.add(new Value(k, F.textNode("../x"), "a path"));
                out.add(new Value(k, F.textNode("n".repeat((int) s.max())), "at the longest"));
                out.add(new Value(k, F.textNode("n".repeat((int) s.max() + 1)), "one letter too long"));
                out.add(new Value(k, F.textNode("n".repeat(10_000)), "10,000 letters"));
                out.add(new Value(k, F.arrayNode(), "a list"));
            }
            case TEXT -> {
                out.add(new Value(k, F.textNode(""), "empty"));
                out.add(new Value(k, F.textNode("x".repeat(10_000)), "10,000 letters"));
                out.add(new Value(k, F.arrayNode().add("x"), "a list"));
            }
            case FILE -> {
                out.add(new Value(k, F.textNode(""), "empty"));
                out.add(new Value(k, F.textNode("nope.swf"), "missing"));
                out.add(new Value(k, F.textNode("."), "a folder"));
                out.add(new Value(k, F.objectNode(), "a mapping"));
            }
            case FORMULA -> {
                out.add(new Value(k, F.textNode(""), "empty"));
                out.add(new Value(k, F.textNode("RunTime +"), "cut short"));
                out.add(new Value(k, F.textNode("NoSuchVariable"), "an unknown name"));
                out.add(new Value(k, F.numberNode(5), "a number"));
                out.add(new Value(k, F.arrayNode().add("MF1"), "a list"));
            }
            case LIST -> {
                out.add(new Value(k, F.textNode("x"), "a word"));
                out.add(new Value(k, F.objectNode(), "a mapping"));
                out.add(new Value(k, F.arrayNode(), "empty"));
            }
            case MAPPING -> {
                out.add(new Value(k, F.textNode("x"), "a word"));
                out.add(new Value(k, F.numberNode(5), "a number"));
                out.add(new Value(k, F.arrayNode(), "a list"));
            }
        }
        return out;
    }

    /** At each finite bound (or just inside an open one) and just beyond it. */
    private static void bounds(Setting s, List<Value> out) {
        boolean whole = s.kind() == Setting.Kind.WHOLE;
        if (Double.isFinite(s.min())) {
            double at = s.minOpen() ? (whole ? s.min() + 1 : Math.nextUp(s.min())) : s.min();
            double beyond = s.minOpen() ? s.min() : (whole ? s.min() - 1 : Math.nextDown(s.min()));
            out.add(new Value(s.key(), number(at, whole), "at the lower bound"));
            out.add(new Value(s.key(), number(beyond, whole), "beyond the lower bound"));
        }
        if (Double.isFinite(s.max())) {
            double at = s.maxOpen() ? (whole ? s.max() - 1 : Math.nextDown(s.max())) : s.max();
            double beyond = s.maxOpen() ? s.max() : (whole ? s.max() + 1 : Math.nextUp(s.max()));
            if (!s.key().equals("workload.generate.jobs")) { // 5,000,000 jobs are right, but not for a unit test
                out.add(new Value(s.key(), number(at, whole), "at the upper bound"));
            }
            out.add(new Value(s.key(), number(beyond, whole), "beyond the upper bound"));
        }
    }

    private static JsonNode number(double v, boolean whole) {
        return whole ? F.numberNode((long) v) : F.numberNode(v);
    }

    /** A value the setting takes, for the dependency cases. */
    private static Value legal(Setting s) {
        JsonNode v = switch (s.kind()) {
            case WHOLE -> F.numberNode((long) Math.max(s.minOpen() ? s.min() + 1 : s.min(), 1));
            case NUMBER -> F.numberNode(Math.max(s.min(), 1));
            case CHOICE -> F.textNode(s.choices().get(s.choices().size() - 1));
            case FILE -> F.textNode("t.swf");
            case TEXT -> F.textNode(s.key().equals("policy") ? "fcfs" : "m128");
            case LIST -> F.arrayNode().add(F.objectNode().put("name", "q").put("share", 1).put("request", "p.req"));
            default -> F.objectNode();
        };
        return new Value(s.key(), v, "a legal value");
    }

    /** The setting the key depends on, set to a value under which the key has no effect. */
    private static Value broken(Setting s) {
        Setting on = SettingsSchema.of(s.onlyWhen().key()).orElseThrow();
        String off = on.choices().stream().filter(c -> !s.onlyWhen().values().contains(c)).findFirst().orElseThrow();
        return new Value(on.key(), F.textNode(off), "breaking the dependency");
    }

    // ---- experiments

    /** The smallest experiment that reads every key given, with the values put in. */
    private static Case experiment(String name, List<Value> values) {
        ObjectNode e = F.objectNode().put("name", "f").put("seed", 1);
        e.set("workload", F.objectNode().put("swf", "t.swf"));
        ArrayNode machines = e.putArray("machines");
        machines.add(F.objectNode().put("name", "m1").put("nodes", 8));
        machines.add(F.objectNode().put("name", "m2").put("nodes", 8));
        List<String> fields = new ArrayList<>();
        for (Value v : values) {
            fields.addAll(context(e, v.key()));
        }
        for (Value v : values) {
            put(e, v.key(), v.value());
            String last = v.key().substring(v.key().lastIndexOf('.') + 1).replace("[]", "");
            fields.add(last);
            fields.add(v.key().replace("[]", "[0]"));
            if (v.key().contains("[]")) {
                fields.add(v.key().substring(0, v.key().indexOf("[]")) + "[0]"); // machines[0]: ...
            }
            if (v.value().isTextual() && !v.value().asText().isBlank()) {
                // a file that is missing or no file: the message names it (the folder, for ".")
                fields.add(v.value().asText().equals(".") ? "@: " : v.value().asText() + ": ");
            }
        }
        Map<String, String> files = new LinkedHashMap<>();
        try {
            files.put("e.json", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(e));
        } catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        files.put("t.swf", TRACE);
        files.put("p.req", TEMPLATE.formatted("(Nodes > 1)", "RunTime"));
        return new Case(name, files, "e.json", fields);
    }

    /** Sets what a key needs to be read (its strategy, policy, generator or grid); the keys set, for messages. */
    private static List<String> context(ObjectNode e, String key) {
        if (key.startsWith("market") || key.startsWith("populations")) {
            e.put("strategy", "market");
            if (key.startsWith("populations[]")) {
                e.putArray("populations").add(F.objectNode().put("name", "p").put("share", 1)
                        .put("request", "p.req"));
            }
            return List.of("strategy");
        } else if (key.startsWith("multisite")) {
            e.put("strategy", "multisite");
            return List.of("strategy");
        } else if (key.matches("policyParameters\\.(x|n|delay|delta|penalty|idle)")) {
            e.put("policy", "pfcfs");
            return List.of("policy");
        } else if (key.startsWith("policyParameters.")) {
            e.put("policy", "smart-ffia");
            return List.of("policy");
        } else if (key.equals("waitLimit")) {
            e.put("policy", "fpfs");
            return List.of("policy");
        } else if (key.startsWith("sites[]")) {
            ArrayNode sites = e.putArray("sites");
            sites.add(F.objectNode().put("name", "s1").set("machines", e.remove("machines")));
        } else if (key.startsWith("workload.generate.")) {
            Setting s = SettingsSchema.of(key).orElseThrow();
            String model = s.onlyWhen() == null ? "poisson" : s.onlyWhen().values().get(0);
            ObjectNode g = F.objectNode().put("model", model).put("jobs", 8);
            if (model.equals("probabilistic")) {
                g.put("fit", "t.swf");
            } else {
                g.put("nodes", 8);
            }
            e.set("workload", F.objectNode().set("generate", g));
        }
        return List.of("workload", "sites");
    }

    /** Puts a value at a key path, making the mappings on the way; {@code []} is a list's first element. */
    private static void put(ObjectNode e, String key, JsonNode value) {
        String[] steps = key.split("\\.");
        JsonNode at = e;
        for (int i = 0; i < steps.length - 1; i++) {
            at = step(at, steps[i]);
        }
        String last = steps[steps.length - 1];
        ObjectNode holder = (ObjectNode) at;
        holder.set(last, value);
        if (key.equals("populations[].users")) {
            holder.remove("share"); // one of users and share
        }
    }

    private static JsonNode step(JsonNode at, String step) {
        ObjectNode o = (ObjectNode) at;
        if (step.endsWith("[]")) {
            String name = step.substring(0, step.length() - 2);
            if (!(o.get(name) instanceof ArrayNode list) || list.isEmpty() || !list.get(0).isObject()) {
                o.putArray(name).add(F.objectNode());
            }
            return o.get(name).get(0);
        }
        if (!(o.get(step) instanceof ObjectNode)) {
            o.set(step, F.objectNode());
        }
        return o.get(step);
    }

    // ---- formulas, templates and description-language files: deep and long forms

    /** Forms of a formula (JEP syntax) around a variable, for market.mf, market.uf and a machine's objective. */
    private static Map<String, String> formulaForms(String variable) {
        Map<String, String> f = new LinkedHashMap<>();
        for (int d : new int[] {63, 64, 65, 10_000}) {
            f.put("parentheses " + d + " deep", "(".repeat(d) + variable + ")".repeat(d));
            f.put("sqrt nested " + d + " deep", "sqrt(".repeat(d) + variable + ")".repeat(d));
            f.put("minus " + d + " times", "-(".repeat(d) + variable + ")".repeat(d));
        }
        for (int n : new int[] {499, 500, 501, 5000}) {
            f.put(n + " operators", variable + (" + " + variable).repeat(n));
        }
        f.put("9,999 characters", variable + " + " + "1".repeat(9_999 - variable.length() - 3));
        f.put("10,001 characters", variable + " + " + "1".repeat(10_001 - variable.length() - 3));
        f.put("a typo at the end of 600 characters", (variable + " + ").repeat(600 / (variable.length() + 3))
                + variable + "x");
        f.put("rand()", variable + " * rand()");
        f.put("a number of 400 digits", variable + " + " + "9".repeat(400));
        f.put("1e400", variable + " + 1e400");
        return f;
    }

    private static void formulas(List<Case> cases) {
        Map<String, String> keys = Map.of("market.mf", "NumberOfProcessors", "market.uf", "RunTime",
                "machines[].objective", "NumberOfProcessors");
        for (String key : List.of("market.mf", "market.uf", "machines[].objective")) {
            for (var form : formulaForms(keys.get(key)).entrySet()) {
                List<Value> v = new ArrayList<>(List.of(new Value(key, F.textNode(form.getValue()), form.getKey())));
                if (key.startsWith("machines")) {
                    v.add(new Value("strategy", F.textNode("market"), ""));
                }
                cases.add(experiment(key + ": " + form.getKey(), v));
            }
        }
    }

    /** Forms of a description-language expression around a number, and of a condition around a test. */
    private static Map<String, String[]> languageForms() {
        Map<String, String[]> f = new LinkedHashMap<>(); // name -> {condition, expression}
        String test = "(Nodes > 1)";
        for (int d : new int[] {63, 64, 65, 10_000}) {
            f.put("parentheses " + d + " deep", new String[] {test, "(".repeat(d) + "1" + ")".repeat(d)});
            f.put("SQRT nested " + d + " deep", new String[] {test, "SQRT(".repeat(d) + "1" + ")".repeat(d)});
            f.put("minus " + d + " times", new String[] {test, "- ".repeat(d - d % 2) + "1"});
            f.put("condition groups " + d + " deep", new String[] {"(".repeat(d) + test + ")".repeat(d), "1"});
            f.put("NOT nested " + d + " deep", new String[] {"(NOT ".repeat(d) + test + ")".repeat(d), "1"});
        }
        for (int n : new int[] {499, 500, 501, 100_000}) {
            f.put(n + " operators", new String[] {test, "1" + " + 1".repeat(n)});
            f.put(n + " && in a condition", new String[] {test + (" && " + test).repeat(n), "1"});
        }
        f.put("a number of 400 digits", new String[] {test, "9".repeat(400)});
        f.put("1e400", new String[] {test, "1e400"});
        f.put("a name of 100,000 letters", new String[] {"(" + "N".repeat(100_000) + " > 1)", "1"});
        return f;
    }

    private static void templates(List<Case> cases) {
        for (var form : languageForms().entrySet()) {
            Case c = experiment("populations[].request: " + form.getKey(), List.of(new Value("populations[].share",
                    F.numberNode(1), "")));
            c.files().put("p.req", TEMPLATE.formatted(form.getValue()[0], form.getValue()[1]));
            cases.add(new Case(c.name(), c.files(), c.validate(), List.of("populations", "p.req")));
        }
    }

    private static void languageFiles(List<Case> cases) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("r.req", "REQUEST \"r\" {\n  KEY \"Utility\" {ELEMENT 1 {CONDITION {%s}\n    VALUE \"RunTime\" {%s}}}"
                + "\n}\n");
        files.put("o.offer", "OFFER \"o\" {\n  KEY \"OfferID\" {VALUE \"OfferID\" {1}}\n  KEY \"JobCost\" {VALUE "
                + "\"JobCost\" {%2$s}}\n}\n");
        files.put("m.mach", "MASCHINE \"m\" {\n  KEY \"Speed\" {VALUE \"Speed\" {%2$s}}\n}\n");
        for (var file : files.entrySet()) {
            for (var form : languageForms().entrySet()) {
                if (!file.getKey().equals("r.req") && form.getKey().contains("condition")) {
                    continue; // offers and machines have no conditions
                }
                cases.add(new Case(file.getKey() + ": " + form.getKey(), Map.of(file.getKey(),
                        file.getValue().formatted(form.getValue()[0], form.getValue()[1])), file.getKey(),
                        List.of("VALUE \"", "speed ", "ELEMENT 1: ")));
            }
            StringBuilder chain = new StringBuilder();
            for (int n : new int[] {255, 256, 257}) {
                chain.setLength(0);
                for (int i = 0; i < n; i++) {
                    chain.append("  KEY \"a").append(i).append("\" {VALUE \"a").append(i).append("\" {a").append(i + 1)
                            .append("}}\n");
                }
                chain.append("  KEY \"a").append(n).append("\" {VALUE \"a").append(n).append("\" {1}}\n");
                String kind = file.getKey().endsWith(".req") ? "REQUEST" : file.getKey().endsWith(".offer")
                        ? "OFFER" : "MASCHINE";
                String id = file.getKey().endsWith(".offer") ? "  KEY \"OfferID\" {VALUE \"OfferID\" {1}}\n" : "";
                cases.add(new Case(file.getKey() + ": " + n + " attributes defined by one another", Map.of(
                        file.getKey(), kind + " \"x\" {\n" + id + chain + "}\n"), file.getKey(), List.of()));
            }
        }
    }

    // ---- the rule

    private void check(Case c) throws IOException {
        Path here = Files.createTempDirectory(dir, "case");
        for (var f : c.files().entrySet()) {
            Files.writeString(here.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
        }
        Path file = here.resolve(c.validate());
        Cli v = Cli.run("validate", file.toString());
        if (v.exit() == 2) {
            REFUSED.incrementAndGet();
            String err = v.err().strip();
            assertFalse(err.contains("\n"), "one line: " + err);
            assertTrue(err.startsWith("gridmarket: error: "), err);
            assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
            List<String> fields = c.fields().stream().map(f -> f.replace("@", here.toString())).toList();
            // the file: the one validated, or a file it names that is missing or no file (named as "PATH: ")
            assertTrue(err.contains(c.validate()) || fields.stream().anyMatch(f -> f.endsWith(": ")
                    && err.contains(f)), "names the file: " + err);
            assertTrue(LINE.matcher(err).find() || fields.stream().anyMatch(err::contains),
                    "names a line or the field (" + c.fields() + "): " + err);
            return;
        }
        assertEquals(0, v.exit(), "validate: exit 0 or 2: " + v.err());
        ACCEPTED.incrementAndGet();
        if (!c.validate().equals("e.json")) {
            return; // a lone description-language file has nothing to run
        }
        Path out = here.resolve("out");
        Cli run = Cli.run("run", file.toString(), "--out", out.toString(), "--no-charts");
        assertEquals(0, run.exit(), "validate accepted it, so run must run it: " + run.err());
        assertTrue(Files.isRegularFile(out.resolve("summary.json")), "a complete run");
    }

    private static String jobs() {
        StringBuilder t = new StringBuilder("; MaxNodes: 8\n");
        for (int i = 1; i <= 8; i++) {
            t.append(i).append(' ').append(i * 10 + i % 3).append(" -1 ").append(30 + 7 * i).append(' ')
                    .append(1 + i % 4).append(" -1 -1 ").append(1 + i % 4).append(' ').append(60 + 7 * i)
                    .append(" -1 1 ").append(1 + i % 2).append(" 1 -1 -1 -1 -1 -1\n");
        }
        return t.toString();
    }
}
