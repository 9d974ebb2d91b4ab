package gridmarket.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.Mark;
import com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.MarkedYAMLException;

import gridmarket.api.GridStrategyFactory;
import gridmarket.api.Registry;
import gridmarket.market.language.LanguageException;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads experiment files (YAML, or JSON by the {@code .json} extension) into {@link ExperimentSpec}s. Unknown keys,
 * values of the wrong type and values out of range are {@link ConfigException}s naming file, line, column, key and
 * value. Relative paths inside the file are resolved against the file's folder.
 */
public final class ExperimentLoader {
    private final ObjectMapper yaml = configure(new ObjectMapper(new YAMLFactory()));
    private final ObjectMapper json = configure(new ObjectMapper());

    private static ObjectMapper configure(ObjectMapper m) {
        m.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        m.addHandler(new DeserializationProblemHandler() {
            // a plug-in policy's own keys in policyParameters; any other unknown key fails with its line and column
            @Override
            public boolean handleUnknownProperty(DeserializationContext ctxt, JsonParser p,
                                                 JsonDeserializer<?> deserializer, Object bean, String key)
                    throws IOException {
                if (bean instanceof PolicyParametersSpec parameters && PolicyParametersSpec.readByAPolicy(key)) {
                    parameters.putPluginKey(key, ctxt.readValue(p, Object.class));
                    return true;
                }
                return false;
            }
        });
        return m.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    }

    /** Loads and checks an experiment file; relative workload paths become absolute. */
    public ExperimentSpec load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": no such file");
        } catch (CharacterCodingException e) {
            throw new ConfigException(file + ": not a text file (not UTF-8; an experiment is YAML or JSON text)");
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
        return load(file.toString(), text, file.toAbsolutePath().getParent());
    }

    /**
     * Loads and checks an experiment given as text.
     *
     * @param name    how errors name the source, e.g. a file name; {@code .json} selects JSON
     * @param baseDir folder that relative paths in the experiment are resolved against
     */
    public ExperimentSpec load(String name, String text, Path baseDir) {
        ObjectMapper mapper = name.endsWith(".json") ? json : yaml;
        ExperimentSpec spec;
        JsonNode tree;
        try {
            tree = mapper.readTree(text);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new ConfigException(name + ": the file is empty (no experiment in it)");
            }
            spec = mapper.readValue(text, ExperimentSpec.class);
        } catch (JsonProcessingException e) {
            throw translate(name, e);
        }
        checkUnusedBlocks(name, tree);
        if (spec == null) {
            throw new ConfigException(name + ": the file is empty");
        }
        if (spec.getForkjoin() != null && !spec.isForkJoin()) {
            throw new ConfigException(name + ": forkjoin: only with 'model: forkjoin'");
        }
        if (spec.getIbts() != null && !spec.isIbts()) {
            throw new ConfigException(name + ": ibts: only with 'model: ibts'");
        }
        spec.setSource(name);
        if (spec.isForkJoin() || spec.isIbts()) {
            checkOwnModel(name, spec);
            SettingDependencies.check(name, text, tree, mapper.getFactory());
            return spec;
        }
        SettingDependencies.check(name, text, tree, mapper.getFactory());
        try {
            check(name, spec, baseDir);
        } catch (ConfigException e) {
            for (String key : LOCATED) { // checks made after reading: the message names the key, the text its place
                String head = name + ": " + key + ":";
                if (e.getMessage().startsWith(head)) {
                    int[] at = keyAt(name.endsWith(".json") ? json : yaml, text, key);
                    throw ConfigException.at(name, at[0], at[1], e.getMessage().substring(name.length() + 2));
                }
            }
            throw e;
        }
        return spec;
    }

    /** A fork-join or IBTS experiment has its own section and nothing of a grid experiment. */
    private static void checkOwnModel(String name, ExperimentSpec spec) {
        String model = spec.getModel();
        if (spec.getWorkload() != null || spec.getConfiguration() != null || !spec.getSites().isEmpty()
                || !spec.getMachines().isEmpty() || spec.getWaitLimit() != null || !spec.getPopulations().isEmpty()) {
            throw new ConfigException(name + ": model " + model + " takes no workload, grid, waitLimit or populations "
                    + "(its jobs, processors and policy are under '" + model + "')");
        }
        if (spec.isForkJoin() && spec.getForkjoin() == null) {
            spec.setForkjoin(new ForkJoinSpec());
        }
        if (spec.isIbts() && spec.getIbts() == null) {
            spec.setIbts(new IbtsSpec());
        }
    }

    private static void check(String name, ExperimentSpec spec, Path baseDir) {
        if (spec.getWorkload() == null) {
            throw new ConfigException(name + ": missing key 'workload' (give swf: FILE or generate: {...})");
        }
        WorkloadSpec w = spec.getWorkload();
        if ((w.getSwf() != null ? 1 : 0) + (w.getBatsim() != null ? 1 : 0) + (w.getGenerate() != null ? 1 : 0) != 1) {
            throw new ConfigException(name + ": workload: give exactly one of 'swf', 'batsim' and 'generate'");
        }
        if (w.getGenerate() != null && "probabilistic".equals(w.getGenerate().getModel())
                && w.getGenerate().getFit() == null) {
            throw new ConfigException(name + ": workload.generate: model probabilistic needs 'fit: TRACE.swf'");
        }
        int ways = (spec.getConfiguration() != null ? 1 : 0) + (spec.getSites().isEmpty() ? 0 : 1)
                + (spec.getMachines().isEmpty() ? 0 : 1);
        if (ways != 1) {
            throw new ConfigException(name + ": give the grid exactly one way: 'configuration' (e.g. m128), "
                    + "'sites' or 'machines' (e.g. machines: [{name: m1, nodes: 256}])");
        }
        for (int i = 0; i < spec.getSites().size(); i++) {
            if (spec.getSites().get(i).getName() == null) { // the results name every job's site
                throw new ConfigException(name + ": sites[" + i + "]: every site needs a 'name'");
            }
        }
        for (int i = 0; i < spec.getMachines().size(); i++) {
            describe(name + ": machines[" + i + "]", spec.getMachines().get(i), baseDir);
        }
        for (SiteSpec site : spec.getSites()) {
            for (MachineSpec m : site.getMachines()) {
                describe(name + ": sites: " + site.getName(), m, baseDir);
            }
        }
        for (int i = 0; i < spec.getMachines().size(); i++) {
            MachineSpec m = spec.getMachines().get(i);
            if (m.getName() == null || m.getNodes() == 0) {
                throw new ConfigException(name + ": machines[" + i + "]: give both 'name' and 'nodes'");
            }
        }
        for (SiteSpec site : spec.getSites()) {
            for (MachineSpec m : site.getMachines()) {
                if (m.getName() == null || m.getNodes() == 0) {
                    throw new ConfigException(name + ": sites: " + site.getName() + ": every machine needs 'name' "
                            + "and 'nodes'");
                }
            }
        }
        resolvePaths(spec, baseDir); // before the checks, which read the populations' request files
        try {
            ExperimentChecks.check(spec);
        } catch (ConfigException e) {
            throw new ConfigException(name + ": " + e.getMessage());
        }
    }

    /** Top-level keys whose checks run after reading, located in the text for their messages. */
    private static final List<String> LOCATED = List.of("policyParameters", "strategyParameters", "waitLimit");

    /** Line and column of a top-level key in the text; {@code 0, 0} if not found. */
    private static int[] keyAt(ObjectMapper mapper, String text, String key) {
        try (JsonParser p = mapper.getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && key.equals(p.currentName()) && p.getParsingContext().getParent() != null
                        && p.getParsingContext().getParent().inRoot()) {
                    JsonLocation l = p.currentTokenLocation();
                    return new int[] {l.getLineNr(), l.getColumnNr()};
                }
            }
        } catch (IOException e) {
            // read once already: cannot fail here
        }
        return new int[] {0, 0};
    }

    /**
     * A {@code market} or {@code multisite} block under a strategy that does not use it is most likely a strategy
     * forgotten: refused rather than ignored. (Sweeps drop the base's unused blocks before this check.)
     */
    private static void checkUnusedBlocks(String name, JsonNode tree) {
        if (tree == null || !tree.isObject()) {
            return;
        }
        String strategy = tree.path("strategy").asText("local");
        GridStrategyFactory reads = Registry.current().all(GridStrategyFactory.class).get(strategy);
        if (reads == null) {
            return; // an unknown strategy: refused with the names known when the experiment is read
        }
        for (String block : STRATEGY_BLOCKS) {
            if (tree.has(block) && !reads.blocks().contains(block)) {
                String owner = blockOwner(block);
                throw new ConfigException(name + ": " + block + ": settings for strategy " + owner
                        + ", but the strategy is '" + strategy + "' (remove the block or set strategy: " + owner
                        + ")");
            }
        }
    }

    /** The blocks of an experiment that only some strategies read. */
    public static final List<String> STRATEGY_BLOCKS = List.of("market", "multisite");

    /** The first registered strategy that reads a block, for the message that names it. */
    private static String blockOwner(String block) {
        return Registry.current().all(GridStrategyFactory.class).values().stream()
                .filter(f -> f.blocks().contains(block)).map(GridStrategyFactory::name).findFirst().orElse(block);
    }

    /** Fills a machine from its MASCHINE file, if it names one. */
    private static void describe(String where, MachineSpec m, Path base) {
        if (m.getDescription() == null) {
            return;
        }
        try {
            MachineDescription.apply(m, base.resolve(m.getDescription()).normalize());
        } catch (LanguageException | IllegalArgumentException e) {
            throw new ConfigException(where + ": " + e.getMessage());
        }
    }

    private static void resolvePaths(ExperimentSpec spec, Path base) {
        FailuresSpec f = spec.getFailures();
        if (f != null && f.getTrace() != null) {
            f.setTrace(base.resolve(f.getTrace()).normalize().toString());
        }
        if (f != null && f.getMaintenance() != null) {
            f.setMaintenance(base.resolve(f.getMaintenance()).normalize().toString());
        }
        if (f != null && f.getOutages() != null) {
            f.setOutages(base.resolve(f.getOutages()).normalize().toString());
        }
        if (spec.getLocalLoad() != null) {
            spec.getLocalLoad().getTraces().replaceAll((machine, file) -> file == null ? null
                    : base.resolve(file).normalize().toString());
        }
        WorkloadSpec w = spec.getWorkload();
        if (w.getSwf() != null) {
            w.setSwf(base.resolve(w.getSwf()).normalize().toString());
        }
        if (w.getBatsim() != null) {
            w.setBatsim(base.resolve(w.getBatsim()).normalize().toString());
        }
        if (w.getGenerate() != null && w.getGenerate().getFit() != null) {
            w.getGenerate().setFit(base.resolve(w.getGenerate().getFit()).normalize().toString());
        }
        for (PopulationSpec p : spec.getPopulations()) {
            if (p.getRequest() != null) {
                p.setRequest(base.resolve(p.getRequest()).normalize().toString());
            }
        }
    }

    /** Writes the spec as YAML, as it was resolved (defaults filled in, paths absolute). */
    public String toYaml(ExperimentSpec spec) {
        try {
            ObjectMapper out = new ObjectMapper(new YAMLFactory()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
            ObjectNode tree = out.valueToTree(spec);
            dropEmpty(tree);
            SettingDependencies.prune(tree); // the defaults of keys that have no effect here, which would be refused
            // only the blocks the strategy reads, so that the file loads again as it is
            for (String block : STRATEGY_BLOCKS) {
                if (!spec.strategyFactory().blocks().contains(block)) {
                    tree.remove(block);
                }
            }
            // the keys the policy reads (SMART and PSRS, PFCFS, a plug-in's), refused for the others
            if (tree.get("policyParameters") instanceof ObjectNode parameters) {
                parameters.retain(spec.policyFactory().parameterKeys());
                if (spec.policyFactory().parameterKeys().isEmpty()) {
                    tree.remove("policyParameters"); // a policy that reads none (PFCFS without any keeps its {})
                }
            }
            return out.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Leaves out unset keys (null) and the empty grid lists, which the loader would not take back. */
    private static void dropEmpty(ObjectNode tree) {
        for (String grid : List.of("sites", "machines")) {
            if (tree.path(grid).isArray() && tree.path(grid).isEmpty()) {
                tree.remove(grid);
            }
        }
        dropNulls(tree);
    }

    private static void dropNulls(JsonNode node) {
        if (node.isObject()) {
            var names = new ArrayList<String>();
            node.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                JsonNode v = node.get(n);
                if (v.isNull()) {
                    ((ObjectNode) node).remove(n);
                } else {
                    dropNulls(v);
                }
            }
        } else if (node.isArray()) {
            node.forEach(ExperimentLoader::dropNulls);
        }
    }

    /**
     * A YAML syntax error at the line and column of the problem itself (Jackson's own location is where the parser
     * noticed it, often a line later or earlier), or {@code null} if {@code e} is no YAML syntax error.
     */
    public static ConfigException yamlSyntax(String file, Throwable e) {
        Throwable cause = e;
        while (cause != null && !(cause instanceof MarkedYAMLException)) {
            cause = cause.getCause();
        }
        if (!(cause instanceof MarkedYAMLException y) || y.getProblemMark() == null) {
            return null;
        }
        Mark at = y.getProblemMark();
        String problem = y.getProblem() == null ? "malformed YAML" : y.getProblem();
        String context = y.getContext() == null ? "" : y.getContext() + ": ";
        return ConfigException.at(file, at.getLine() + 1, at.getColumn() + 1, context + problem
                .replace("\\t(TAB)", "tab").replace("\t(TAB)", "tab"));
    }

    private static ConfigException translate(String file, JsonProcessingException e) {
        ConfigException yaml = yamlSyntax(file, e);
        if (yaml != null) {
            return yaml;
        }
        JsonLocation loc = e.getLocation();
        int line = loc == null ? 0 : loc.getLineNr();
        int col = loc == null ? 0 : loc.getColumnNr();
        String where = "";
        if (e instanceof JsonMappingException jm && !jm.getPath().isEmpty()) {
            where = path(jm) + ": ";
        }
        String what;
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : u.getKnownPropertyIds().stream()
                    .map(Object::toString).sorted().collect(Collectors.joining(", "));
            what = "unknown key '" + u.getPropertyName() + "'" + (known.isEmpty() ? "" : " (known: " + known + ")");
            where = parentPath((JsonMappingException) e);
        } else if (e instanceof InvalidFormatException f) {
            what = invalid(f.getValue(), simpleType(f.getTargetType()));
        } else if (e instanceof MismatchedInputException m && m.getCause() == null) {
            what = "expected " + simpleType(m.getTargetType()) + " here";
        } else if (e instanceof JsonMappingException && e.getCause() instanceof IllegalArgumentException iae) {
            what = iae.getMessage();
        } else if (e instanceof StreamReadException r && e.getOriginalMessage().startsWith("Malformed numeric value")) {
            // YAML's .nan, .inf and the like: Jackson names neither the key nor what a number must be
            where = r.getProcessor() == null ? "" : contextPath(r.getProcessor().getParsingContext());
            what = "'" + r.getOriginalMessage().replaceFirst("^Malformed numeric value '?", "").replaceFirst("'$", "")
                    + "' is not a finite number";
        } else {
            what = e.getOriginalMessage().lines().findFirst().orElse("malformed file");
        }
        return ConfigException.at(file, line, col, where + what);
    }

    /** A value of the wrong kind; a whole number written with a fraction or exponent (1e3) gets its whole form. */
    private static String invalid(Object value, String expected) {
        if (value instanceof Double d && expected.equals("whole number") && d == Math.rint(d)
                && Math.abs(d) < 1e15) {
            return "'" + value + "' must be written as a whole number (" + d.longValue() + ")";
        }
        return "'" + value + "' is not a valid " + expected;
    }

    /** The keys leading to where a streaming parser stands, as {@code a.b[2].c: }, or nothing at the top. */
    private static String contextPath(JsonStreamContext at) {
        List<Object> steps = new ArrayList<>();
        for (JsonStreamContext c = at; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                steps.add(0, c.getCurrentName());
            } else if (c.inArray()) {
                steps.add(0, Math.max(c.getCurrentIndex(), 0));
            }
        }
        String p = keys(steps);
        return p.isEmpty() ? "" : p + ": ";
    }

    /** The keys leading to a mapping problem, as {@code a.b[2].c}. */
    private static String path(JsonMappingException e) {
        return keys(steps(e));
    }

    /** The keys leading to the mapping that holds the problem, as {@code a.b[2]: }, or nothing at the top. */
    private static String parentPath(JsonMappingException e) {
        List<Object> steps = steps(e);
        String p = steps.isEmpty() ? "" : keys(steps.subList(0, steps.size() - 1));
        return p.isEmpty() ? "" : p + ": ";
    }

    /** A problem's place as key names (String) and list indices (Integer), outermost first. */
    private static List<Object> steps(JsonMappingException e) {
        List<Object> steps = new ArrayList<>();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                steps.add(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                steps.add(r.getIndex());
            }
        }
        return steps;
    }

    /** The one way a place is written: names joined by dots, indices in brackets. */
    private static String keys(List<Object> steps) {
        StringBuilder s = new StringBuilder();
        for (Object step : steps) {
            if (step instanceof Integer i) {
                s.append('[').append(i).append(']');
            } else {
                s.append(s.length() > 0 ? "." : "").append(step);
            }
        }
        return s.toString();
    }

    private static String simpleType(Class<?> type) {
        if (type == null) {
            return "value";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "whole number";
        }
        if (type == double.class || type == Double.class) {
            return "number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (List.class.isAssignableFrom(type)) {
            return "list";
        }
        if (type == String.class) {
            return "text";
        }
        return "a mapping (key: value)";
    }
}
