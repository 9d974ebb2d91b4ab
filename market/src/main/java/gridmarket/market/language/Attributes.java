package gridmarket.market.language;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Named values a condition or expression is evaluated against: a machine's attributes, a job's values, or one layered
 * over another (a name is looked up in the first layer, then in the one below). A value is a number, a text or an
 * expression over other attributes. Immutable.
 */
public final class Attributes {
    private static final Attributes NONE = new Attributes(Map.of(), null);

    private final Map<String, Value.ValueBody> values;
    private final Attributes below;

    private Attributes(Map<String, Value.ValueBody> values, Attributes below) {
        this.values = values;
        this.below = below;
    }

    /** No attributes at all. */
    public static Attributes none() {
        return NONE;
    }

    /**
     * Attributes from Java values: a {@link java.lang.Number} (finite) is a number, a {@link String} a text, a
     * {@link Value.ValueBody} is taken as it is.
     *
     * @throws IllegalArgumentException for any other value or a number that is not finite
     */
    public static Attributes of(Map<String, ?> values) {
        Map<String, Value.ValueBody> m = new LinkedHashMap<>();
        values.forEach((name, v) -> m.put(name, body(name, v)));
        return new Attributes(Map.copyOf(m), null);
    }

    /**
     * The attributes an object publishes: every VALUE of its keys that hold values, by the VALUE's name (keys that
     * hold ELEMENTs are choices, not attributes).
     *
     * @throws LanguageException if two keys give a value of the same name
     */
    public static Attributes of(DescriptionObject object) throws LanguageException {
        Map<String, Value.ValueBody> m = new LinkedHashMap<>();
        for (Key k : object.keys()) {
            for (Value v : k.values()) {
                if (m.putIfAbsent(v.name(), v.body()) != null) {
                    throw new LanguageException(object.kind() + " \"" + object.id() + "\": VALUE \"" + v.name()
                            + "\" is given by two keys");
                }
            }
        }
        return new Attributes(Map.copyOf(m), null);
    }

    /** These attributes over {@code below}: a name defined here hides the same name below. */
    public Attributes over(Attributes below) {
        return below == NONE ? this : this == NONE ? below : new Attributes(values, this.below == null ? below
                : this.below.over(below));
    }

    /** The value of a name, looked up layer by layer. */
    public Optional<Value.ValueBody> get(String name) {
        for (Attributes a = this; a != null; a = a.below) {
            Value.ValueBody v = a.values.get(name);
            if (v != null) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** True if some layer defines the name (ISDEF). */
    public boolean isDefined(String name) {
        return get(name).isPresent();
    }

    /** All names, sorted (for messages). */
    public Set<String> names() {
        Set<String> names = new TreeSet<>();
        for (Attributes a = this; a != null; a = a.below) {
            names.addAll(a.values.keySet());
        }
        return names;
    }

    private static Value.ValueBody body(String name, Object v) {
        if (v instanceof Value.ValueBody b) {
            return b;
        }
        if (v instanceof String s) {
            return new Value.Text(s);
        }
        if (v instanceof java.lang.Number n && Double.isFinite(n.doubleValue())) {
            BigDecimal d = n instanceof Long || n instanceof Integer ? BigDecimal.valueOf(n.longValue())
                    : BigDecimal.valueOf(n.doubleValue());
            Expression e = new Expression.Number(d.abs());
            return d.signum() < 0 ? new Expression.Negate(e) : e;
        }
        throw new IllegalArgumentException("attribute '" + name + "': not a finite number or a text: " + v);
    }
}
