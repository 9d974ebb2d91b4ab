package gridmarket.market.language;

import java.util.List;
import java.util.Optional;

/**
 * A REQUEST, OFFER or MASCHINE object: an id and its keys, each key name once.
 *
 * @param kind what the object describes
 * @param id   its identifier (the quoted string after the keyword)
 * @param keys its keys in file order, at least one
 */
public record DescriptionObject(ObjectKind kind, String id, List<Key> keys) {
    public DescriptionObject {
        if (kind == null || id == null) {
            throw new IllegalArgumentException("an object needs a kind and an id");
        }
        keys = List.copyOf(keys);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("object \"" + id + "\" has no KEY");
        }
        Names.requireDistinct(keys.stream().map(Key::name).toList(), "KEY");
    }

    /** The key with this name, if there is one. */
    public Optional<Key> key(String name) {
        return keys.stream().filter(k -> k.name().equals(name)).findFirst();
    }
}
