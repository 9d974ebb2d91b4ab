package gridmarket.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import gridmarket.sim.policy.Policy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
        try {
            spec = mapper.readValue(text, ExperimentSpec.class);
        } catch (JsonProcessingException e) {
            throw translate(name, e);
        }
        if (spec == null) {
            throw new ConfigException(name + ": the file is empty");
        }
        check(name, spec);
        resolvePaths(spec, baseDir);
        return spec;
    }

    private static void check(String name, ExperimentSpec spec) {
        if (spec.getWorkload() == null) {
            throw new ConfigException(name + ": missing key 'workload' (give swf: FILE or generate: {...})");
        }
        WorkloadSpec w = spec.getWorkload();
        if ((w.getSwf() == null) == (w.getGenerate() == null)) {
            throw new ConfigException(name + ": workload: give exactly one of 'swf' and 'generate'");
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
        boolean gridQueue = (spec.strategyValue() == Strategy.JOBSHARING || spec.strategyValue() == Strategy.MULTISITE)
                || spec.resolvedSites().stream().anyMatch(s -> s.getMachines().size() > 1);
        if (gridQueue && spec.policyValue() != Policy.FCFS && spec.policyValue() != Policy.EASY) {
            throw new ConfigException(name + ": policy '" + spec.getPolicy() + "' schedules one machine; a queue over "
                    + "several machines (strategy jobsharing or multisite, or a site with several machines) takes "
                    + "policy fcfs or easy");
        }
        if (!spec.policyValue().reorders() && !spec.getPolicyParameters().given().isEmpty()) {
            throw new ConfigException(name + ": policyParameters: '" + spec.getPolicyParameters().given().iterator()
                    .next() + "' does not apply to policy '" + spec.getPolicy() + "' (only to smart-* and psrs*)");
        }
        if (spec.strategyValue() == Strategy.MARKET) {
            Set<String> siteNames = new HashSet<>();
            spec.resolvedSites().forEach(s -> siteNames.add(s.getName()));
            for (var e : spec.getMarket().getPeers().entrySet()) {
                for (String n : e.getValue() == null ? List.<String>of() : e.getValue()) {
                    if (!siteNames.contains(e.getKey()) || !siteNames.contains(n)) {
                        throw new ConfigException(name + ": market.peers: unknown site '"
                                + (siteNames.contains(e.getKey()) ? n : e.getKey()) + "' (sites: "
                                + String.join(", ", new TreeSet<>(siteNames)) + ")");
                    }
                }
            }
        }
    }

    private static void resolvePaths(ExperimentSpec spec, Path base) {
        WorkloadSpec w = spec.getWorkload();
        if (w.getSwf() != null) {
            w.setSwf(base.resolve(w.getSwf()).normalize().toString());
        }
        if (w.getGenerate() != null && w.getGenerate().getFit() != null) {
            w.getGenerate().setFit(base.resolve(w.getGenerate().getFit()).normalize().toString());
        }
    }

    /** Writes the spec as YAML, as it was resolved (defaults filled in, paths absolute). */
    public String toYaml(ExperimentSpec spec) {
        try {
            ObjectMapper out = new ObjectMapper(new YAMLFactory()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
            return out.writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ConfigException translate(String file, JsonProcessingException e) {
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
            what = "'" + f.getValue() + "' is not a valid " + simpleType(f.getTargetType());
        } else if (e instanceof MismatchedInputException m && m.getCause() == null) {
            what = "expected " + simpleType(m.getTargetType()) + " here";
        } else if (e instanceof JsonMappingException && e.getCause() instanceof IllegalArgumentException iae) {
            what = iae.getMessage();
        } else {
            what = e.getOriginalMessage().lines().findFirst().orElse("malformed file");
        }
        return ConfigException.at(file, line, col, where + what);
    }

    private static String path(JsonMappingException e) {
        StringBuilder s = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (s.length() > 0) {
                    s.append('.');
                }
                s.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                s.append('[').append(r.getIndex()).append(']');
            }
        }
        return s.toString();
    }

    private static String parentPath(JsonMappingException e) {
        String p = path(e);
        int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
        String parent = cut <= 0 ? "" : p.substring(0, p.charAt(cut) == '.' ? cut : p.lastIndexOf('.', cut) < 0 ? cut
                : cut);
        return parent.isEmpty() ? "" : parent + ": ";
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
        return "'" + type.getSimpleName().replace("Spec", "").toLowerCase() + "' mapping";
    }
}
