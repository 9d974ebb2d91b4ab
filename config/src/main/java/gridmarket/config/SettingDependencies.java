package gridmarket.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses a key written where it has no effect, by the dependencies of {@link SettingsSchema}: {@code load} for a
 * {@code randomized} generator, {@code overhead} with {@code coAllocation: off}, {@code strategy} under
 * {@code model: ibts}. The model would ignore such a key, so the user's intent would be silently lost; the message
 * names the key's file, line and column and the setting that makes it idle.
 */
final class SettingDependencies {
    private SettingDependencies() {
    }

    /**
     * Checks every key of the file that the schema makes depend on another.
     *
     * @param file    the file's name, for messages
     * @param text    the file's text, to find a key's line and column
     * @param tree    the file as read
     * @param factory the parser factory of the file's format (YAML or JSON)
     * @throws ConfigException {@code file:line:column: KEY: has no effect when ...}
     */
    static void check(String file, String text, JsonNode tree, JsonFactory factory) {
        for (Setting s : SettingsSchema.ALL) {
            Setting.Requires r = s.onlyWhen();
            if (r == null || s.key().contains("[]") || at(tree, s.key()).isMissingNode()) {
                continue;
            }
            JsonNode on = at(tree, r.key());
            // the value as written: YAML reads 'off' as false, but the setting's text is off
            String value = on.isValueNode() && !on.isNull() ? find(text, r.key(), factory).value() : null;
            if (!r.holds(value)) {
                Place where = find(text, s.key(), factory);
                throw ConfigException.at(file, where.line(), where.column(), s.key() + ": has no effect when " + r.key()
                        + " is '" + (value == null ? r.fallback() : value) + "' (it is read only when "
                        + r.describe() + "); remove it" + (r.key().equals("model") ? " (its jobs, processors and "
                        + "policy are under '" + value + "')" : ""));
            }
        }
    }

    /**
     * Removes from a spec written as a tree every key that has no effect there (a default the spec holds, such as
     * the generator's {@code load} under {@code randomized}), so that the written file loads again.
     */
    static void prune(ObjectNode tree) {
        for (Setting s : SettingsSchema.ALL) {
            Setting.Requires r = s.onlyWhen();
            if (r == null || s.key().contains("[]") || at(tree, s.key()).isMissingNode()) {
                continue;
            }
            JsonNode on = at(tree, r.key());
            if (!r.holds(on.isValueNode() && !on.isNull() ? on.asText() : null)) {
                int dot = s.key().lastIndexOf('.');
                JsonNode parent = dot < 0 ? tree : at(tree, s.key().substring(0, dot));
                ((ObjectNode) parent).remove(s.key().substring(dot + 1));
            }
        }
    }

    /** The node at a dotted key path, or a missing node. */
    static JsonNode at(JsonNode tree, String key) {
        JsonNode n = tree;
        for (String step : key.split("\\.")) {
            n = n.path(step);
        }
        return n;
    }

    /** Where a key is written (1-based line and column of its name) and its value's text as written. */
    record Place(int line, int column, String value) {
    }

    /** The place of a key's name in the text, or zeros and {@code null} if it cannot be found. */
    static Place find(String text, String key, JsonFactory factory) {
        try (JsonParser p = factory.createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && key.equals(path(p.getParsingContext()))) {
                    JsonLocation l = p.currentTokenLocation();
                    p.nextToken();
                    return new Place(l.getLineNr(), l.getColumnNr(), p.getText());
                }
            }
        } catch (IOException e) {
            // the file was read before; a place not found is left out of the message
        }
        return new Place(0, 0, null);
    }

    private static String path(JsonStreamContext at) {
        List<String> steps = new ArrayList<>();
        for (JsonStreamContext c = at; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                return ""; // keys inside lists are not checked here
            }
            steps.add(0, c.getCurrentName());
        }
        return String.join(".", steps);
    }
}
