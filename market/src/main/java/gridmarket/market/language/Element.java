package gridmarket.market.language;

import java.util.List;
import java.util.Optional;

/**
 * An ELEMENT: one environment a job can run in. Where its condition holds (or it has none), its values apply.
 *
 * @param number    the element's number, distinct within its key
 * @param condition the condition on attributes, empty for "always"
 * @param values    the values that apply, names distinct, at least one
 */
public record Element(long number, Optional<Condition> condition, List<Value> values) {
    public Element {
        if (condition == null) {
            throw new IllegalArgumentException("ELEMENT " + number + ": condition is Optional.empty(), not null");
        }
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("ELEMENT " + number + " has no VALUE");
        }
        Names.requireDistinct(values.stream().map(Value::name).toList(), "VALUE");
    }

    /** The value with this name, if the element has one. */
    public Optional<Value> value(String name) {
        return values.stream().filter(v -> v.name().equals(name)).findFirst();
    }
}
