package gridmarket.app.sweeps;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentLoader;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads sweep files (YAML, or JSON by the {@code .json} extension):
 *
 * <pre>
 * name: x2                     # optional, default: the file name without extension
 * experiment: base.yaml        # relative to the sweep file, or an inline mapping
 * vary:                        # cartesian product in the order written; dotted paths into the experiment
 *   policy: [fcfs, easy]
 *   seed: [1, 2, 3]
 * </pre>
 *
 * <p>The file is read token by token rather than bound to a class so that every error, including the ones found
 * after binding would have finished, can name the line and column. Errors are {@link ConfigException}s.
 */
public final class SweepLoader {
    /** The pattern experiment names follow; a sweep's name becomes its runs' experiment name. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final String KNOWN = "experiment, name, vary";

    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    private final ObjectMapper json = new ObjectMapper();

    /** Loads and checks a sweep file and the base experiment it names. */
    public Sweep load(Path file) {
        String label = file.toString();
        String text = read(file, label);
        try (JsonParser p = mapperFor(label).createParser(text)) {
            return parse(p, file, label);
        } catch (JsonProcessingException e) {
            throw located(label, e);
        } catch (IOException e) {
            throw new ConfigException(label + ": cannot read: " + e.getMessage());
        }
    }

    private ObjectMapper mapperFor(String fileName) {
        return fileName.toLowerCase().endsWith(".json") ? json : yaml;
    }

    private Sweep parse(JsonParser p, Path file, String label) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new ConfigException(label + ": the file is empty");
        }
        if (t != JsonToken.START_OBJECT) {
            throw error(label, p, "expected a mapping with the keys " + KNOWN);
        }
        String name = null;
        ObjectNode base = null;
        String baseLabel = label;
        Path baseDir = file.toAbsolutePath().getParent();
        List<Sweep.Axis> axes = null;
        Set<String> seen = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonLocation at = p.currentTokenLocation();
            if (!seen.add(key)) {
                throw error(label, at, "key '" + key + "' is given twice");
            }
            p.nextToken();
            switch (key) {
                case "name" -> name = name(p, label);
                case "experiment" -> {
                    if (p.currentToken() == JsonToken.VALUE_STRING) {
                        Path path = file.resolveSibling(p.getText()).normalize();
                        baseLabel = path.toString();
                        baseDir = path.toAbsolutePath().getParent();
                        base = readExperiment(path, label, p);
                    } else if (p.currentToken() == JsonToken.START_OBJECT) {
                        base = p.readValueAsTree();
                    } else {
                        throw error(label, p, "experiment: expected a file name or a mapping");
                    }
                }
                case "vary" -> axes = axes(p, label);
                default -> throw error(label, at, "unknown key '" + key + "' (known: " + KNOWN + ")");
            }
        }
        if (base == null) {
            throw new ConfigException(label + ": missing key 'experiment' (a file name or an inline mapping)");
        }
        if (axes == null) {
            throw new ConfigException(label + ": missing key 'vary' (e.g. vary: {policy: [fcfs, easy]})");
        }
        if (name == null) {
            name = defaultName(file);
        }
        return new Sweep(name, label, base, baseLabel, baseDir, axes);
    }

    private static String name(JsonParser p, String label) throws IOException {
        if (!p.currentToken().isScalarValue() || p.currentToken() == JsonToken.VALUE_NULL) {
            throw error(label, p, "name: expected text");
        }
        String name = p.getText();
        if (!NAME.matcher(name).matches()) {
            throw error(label, p, "name: must be letters, digits, '_', '.' or '-', got '" + name + "'");
        }
        return name;
    }

    private static String defaultName(Path file) {
        String stem = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        return stem.replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    private ObjectNode readExperiment(Path path, String label, JsonParser p) {
        String text;
        try {
            text = Files.readString(path);
        } catch (NoSuchFileException e) {
            throw error(label, p, "experiment: no such file " + path);
        } catch (CharacterCodingException e) {
            throw error(label, p, "experiment: " + path + " is not a text file (not UTF-8)");
        } catch (IOException e) {
            throw error(label, p, "experiment: cannot read " + path + ": " + e.getMessage());
        }
        JsonNode tree;
        try {
            tree = mapperFor(path.toString()).readTree(text);
        } catch (JsonProcessingException e) {
            throw located(path.toString(), e);
        }
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            throw new ConfigException(path + ": the file is empty");
        }
        if (!(tree instanceof ObjectNode o)) {
            throw new ConfigException(path + ": expected a mapping (an experiment)");
        }
        return o;
    }

    private static List<Sweep.Axis> axes(JsonParser p, String label) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error(label, p, "vary: expected a mapping from keys to lists of values");
        }
        List<Sweep.Axis> axes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonLocation at = p.currentTokenLocation();
            if (!TreePaths.isValid(key)) {
                throw error(label, at, "vary: '" + key + "' is not a dotted path (e.g. workload.generate.load)");
            }
            if (!seen.add(key)) {
                throw error(label, at, "vary: key '" + key + "' is given twice");
            }
            JsonToken start = p.nextToken();
            List<JsonNode> values = new ArrayList<>();
            List<String> names = null;
            if (start == JsonToken.START_OBJECT) {
                // Named variants: {label: value, ...}, for values that are whole mappings.
                names = new ArrayList<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    if (names.contains(name)) {
                        throw error(label, p, "vary." + key + ": variant '" + name + "' is given twice");
                    }
                    names.add(name);
                    p.nextToken();
                    values.add(p.readValueAsTree());
                }
            } else if (start == JsonToken.START_ARRAY) {
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    values.add(p.readValueAsTree());
                }
            } else {
                throw error(label, p, "vary." + key + ": expected a list of values, e.g. [1, 2], or named variants,"
                        + " e.g. {small: {...}, large: {...}}");
            }
            if (values.isEmpty()) {
                throw error(label, at, "vary." + key + ": the list of values is empty");
            }
            axes.add(new Sweep.Axis(key, values, names));
        }
        if (axes.isEmpty()) {
            throw error(label, p, "vary: give at least one key with a list of values");
        }
        return axes;
    }

    private static String read(Path file, String label) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(label + ": no such file");
        } catch (CharacterCodingException e) {
            throw new ConfigException(label + ": not a text file (not UTF-8; a sweep is YAML or JSON text)");
        } catch (IOException e) {
            throw new ConfigException(label + ": cannot read: " + e.getMessage());
        }
    }

    private static ConfigException error(String label, JsonParser p, String message) {
        return error(label, p.currentTokenLocation(), message);
    }

    private static ConfigException error(String label, JsonLocation at, String message) {
        return ConfigException.at(label, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(), message);
    }

    private static ConfigException located(String label, JsonProcessingException e) {
        ConfigException yaml = ExperimentLoader.yamlSyntax(label, e);
        if (yaml != null) {
            return yaml;
        }
        String what = e.getOriginalMessage().lines().findFirst().orElse("malformed file");
        return error(label, e.getLocation(), what);
    }
}
