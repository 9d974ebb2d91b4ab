package gridmarket.api;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An extension's own block of an experiment (e.g. {@code market.owner}), read as typed values. Every read checks the
 * value's type and range and answers a bad one with a {@link SettingsException} naming the key and the value, which
 * gridmarket reports with the file, line and column of the block, exit code 2.
 */
public final class Settings {
    /** An empty block. */
    public static final Settings NONE = new Settings(Map.of());

    private final Map<String, Object> values;

    /** @param values the block's keys and values as read from YAML or JSON (numbers, strings, booleans) */
    public Settings(Map<String, ?> values) {
        this.values = new LinkedHashMap<>(values);
    }

    /** The keys given. */
    public Set<String> keys() {
        return new TreeSet<>(values.keySet());
    }

    /** Refuses every key not in {@code known}, so a misspelt setting is never silently ignored. */
    public void allowOnly(String... known) {
        List<String> allowed = Arrays.asList(known);
        for (String key : values.keySet()) {
            if (!allowed.contains(key)) {
                throw new SettingsException("unknown key '" + key + "' (expected "
                        + (known.length == 0 ? "none" : String.join(", ", known)) + ")");
            }
        }
    }

    /** A number in {@code [min, max]}, or {@code otherwise} if the key is not given. */
    public double number(String key, double otherwise, double min, double max) {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue())) {
            throw new SettingsException(key + ": '" + v + "' is not a number");
        }
        double d = n.doubleValue();
        if (d < min || d > max) {
            throw new SettingsException(key + ": " + v + " is outside " + min + ".." + max);
        }
        return d;
    }

    /** A yes or no ({@code true}/{@code false}), or {@code otherwise} if the key is not given. */
    public boolean flag(String key, boolean otherwise) {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof Boolean b)) {
            throw new SettingsException(key + ": '" + v + "' is not true or false");
        }
        return b;
    }

    /** A text, or {@code otherwise} if the key is not given. */
    public String text(String key, String otherwise) {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof String s)) {
            throw new SettingsException(key + ": '" + v + "' is not a text");
        }
        return s;
    }
}
