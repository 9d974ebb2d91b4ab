package gridmarket.config;

import java.util.List;
import java.util.Locale;

/**
 * One key of an experiment file as {@link SettingsSchema} describes it: where it is written, what kind of value it
 * takes, its range (for numbers) or its choices, what it means, and the setting it depends on.
 *
 * @param key      the key's path, as the loader's messages name it: {@code market.hops}; {@code []} stands for any
 *                 element of a list ({@code machines[].speed}, which holds for a site's machines too)
 * @param kind     the kind of value
 * @param min      the smallest number allowed ({@code -Infinity} for none); for a name, its shortest length
 * @param minOpen  whether {@code min} itself is refused
 * @param max      the largest number allowed ({@code Infinity} for none); for a name, its longest length
 * @param maxOpen  whether {@code max} itself is refused
 * @param choices  the values a {@link Kind#CHOICE} takes; empty for other kinds
 * @param meaning  what the key sets, for the docs' table and the GUI inspector
 * @param onlyWhen the setting without which this one has no effect, or {@code null}
 */
public record Setting(String key, Kind kind, double min, boolean minOpen, double max, boolean maxOpen,
                      List<String> choices, String meaning, Requires onlyWhen) {

    /** The kinds of value a key takes. */
    public enum Kind {
        /** A whole number. */
        WHOLE,
        /** A finite number. */
        NUMBER,
        /** true or false. */
        BOOLEAN,
        /** One of {@link Setting#choices()}. */
        CHOICE,
        /** A name of letters, digits, '_', '.' and '-'. */
        NAME,
        /** A text. */
        TEXT,
        /** A path relative to the experiment file. */
        FILE,
        /** A machine or utility function: a name such as MF1 or a formula (docs/MARKET.md). */
        FORMULA,
        /** A list. */
        LIST,
        /** A mapping of keys to values. */
        MAPPING;

        /** How the docs' table names the kind. */
        public String label() {
            return switch (this) {
                case WHOLE -> "whole number";
                case NUMBER -> "number";
                case BOOLEAN -> "true or false";
                case CHOICE -> "one of";
                default -> name().toLowerCase(Locale.ROOT);
            };
        }
    }

    /**
     * A dependency: the setting has an effect only when the value at {@code key} (or {@code fallback}, the default,
     * when the key is not written) is one of {@code values}. Given otherwise, it is refused ("has no effect when ...").
     *
     * @param key      the path of the setting depended on
     * @param fallback its value when it is not written
     * @param values   the values under which the dependent setting is read
     */
    public record Requires(String key, String fallback, List<String> values) {
        /** Whether a value of the setting depended on (its default when {@code null}) lets the setting work. */
        public boolean holds(String value) {
            String v = value == null ? fallback : value;
            return values.stream().anyMatch(x -> x.equalsIgnoreCase(v));
        }

        /** The condition in words: {@code market.coAllocation is needed or always}. */
        public String describe() {
            return key + " is " + String.join(" or ", values);
        }
    }

    /** The same setting, having an effect only when the value at {@code key} is one of {@code values}. */
    public Setting when(String key, String fallback, String... values) {
        return new Setting(this.key, kind, min, minOpen, max, maxOpen, choices, meaning,
                new Requires(key, fallback, List.of(values)));
    }

    /** Whether a number is inside the range. */
    public boolean allows(double v) {
        return (minOpen ? v > min : v >= min) && (maxOpen ? v < max : v <= max);
    }

    /** The range in the docs' notation: {@code 1 .. 1000}, {@code ]0, 1]}, {@code at least 0}. */
    public String range() {
        if (kind == Kind.CHOICE) {
            return String.join(" \\| ", choices);
        }
        if (kind == Kind.NAME) {
            return number(min) + " to " + number(max) + " characters";
        }
        if (kind != Kind.WHOLE && kind != Kind.NUMBER) {
            return "";
        }
        boolean low = min != Double.NEGATIVE_INFINITY;
        boolean high = max != Double.POSITIVE_INFINITY;
        if (low && high) {
            return (minOpen ? "]" : "[") + number(min) + ", " + number(max) + (maxOpen ? "[" : "]");
        }
        if (low) {
            return (minOpen ? "above " : "at least ") + number(min);
        }
        return high ? (maxOpen ? "below " : "at most ") + number(max) : "any";
    }

    /** A bound as the docs write it: whole numbers in full but 10^6 and beyond as 1e6, others as they are. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e18) {
            long l = (long) v;
            int zeros = 0;
            while (l != 0 && l % 10 == 0) {
                l /= 10;
                zeros++;
            }
            return zeros >= 6 ? l + "e" + zeros : Long.toString((long) v);
        }
        return v < 1e-3 ? String.format(Locale.ROOT, "%.0e", v).replace("e-0", "e-") : Double.toString(v);
    }
}
