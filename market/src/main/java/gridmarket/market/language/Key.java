package gridmarket.market.language;

import java.util.List;

/**
 * A KEY: either a list of values (a plain setting such as Hops) or a list of ELEMENTs (alternative environments, such
 * as Utility), never both, never empty.
 *
 * @param name     the key's name
 * @param elements its elements, numbers distinct, or empty if the key holds values
 * @param values   its values, names distinct, or empty if the key holds elements
 */
public record Key(String name, List<Element> elements, List<Value> values) {
    public Key {
        if (name == null) {
            throw new IllegalArgumentException("a KEY needs a name");
        }
        elements = List.copyOf(elements);
        values = List.copyOf(values);
        if (elements.isEmpty() == values.isEmpty()) {
            throw new IllegalArgumentException("KEY \"" + name + "\" must hold either ELEMENTs or VALUEs");
        }
        Names.requireDistinct(elements.stream().map(e -> Long.toString(e.number())).toList(), "ELEMENT");
        Names.requireDistinct(values.stream().map(Value::name).toList(), "VALUE");
    }

    /** A key of values. */
    public static Key ofValues(String name, List<Value> values) {
        return new Key(name, List.of(), values);
    }

    /** A key of elements. */
    public static Key ofElements(String name, List<Element> elements) {
        return new Key(name, elements, List.of());
    }
}
