package gridmarket.app.sweeps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.regex.Pattern;

/**
 * Dotted paths into a Jackson tree, e.g. {@code workload.generate.load}: a segment names a key of a mapping, or, if
 * the node there is a list, a 0-based index into it ({@code machines.0.nodes}).
 */
public final class TreePaths {
    private static final Pattern PATH = Pattern.compile("[^.\\s]+(\\.[^.\\s]+)*");
    private static final Pattern INDEX = Pattern.compile("0|[1-9][0-9]{0,8}");

    private TreePaths() {
    }

    /** Whether {@code path} is non-empty segments without blanks joined by dots. */
    public static boolean isValid(String path) {
        return PATH.matcher(path).matches();
    }

    /**
     * Sets the value at {@code path}, creating missing (or null) mappings on the way, as a writer of the experiment
     * would by adding the keys.
     *
     * @throws IllegalArgumentException if the path runs into a value that is neither a mapping nor a list, or past
     *                                  the end of a list
     */
    public static void set(ObjectNode root, String path, JsonNode value) {
        String[] segments = path.split("\\.");
        JsonNode node = root;
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < segments.length - 1; i++) {
            String s = segments[i];
            if (node instanceof ObjectNode o) {
                JsonNode next = o.get(s);
                node = next == null || next.isNull() ? o.putObject(s) : next;
            } else {
                node = element(node, s, walked);
            }
            walked.append(walked.length() == 0 ? "" : ".").append(s);
        }
        String last = segments[segments.length - 1];
        if (node instanceof ObjectNode o) {
            o.set(last, value);
        } else {
            element(node, last, walked);
            ((ArrayNode) node).set(Integer.parseInt(last), value);
        }
    }

    private static JsonNode element(JsonNode node, String segment, CharSequence walked) {
        if (!(node instanceof ArrayNode a)) {
            throw new IllegalArgumentException("'" + walked + "' is a value (" + node + "), not a mapping");
        }
        if (!INDEX.matcher(segment).matches() || Integer.parseInt(segment) >= a.size()) {
            throw new IllegalArgumentException("'" + walked + "' is a list of " + a.size() + ", '" + segment
                    + "' is not an index into it");
        }
        return a.get(Integer.parseInt(segment));
    }
}
