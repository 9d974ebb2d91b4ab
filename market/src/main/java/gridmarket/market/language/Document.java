package gridmarket.market.language;

import java.util.List;
import java.util.Optional;

/**
 * A description-language file: one or more objects, each with a distinct id. Immutable; positions of attribute
 * references are not part of equality, so a printed and re-parsed document equals the original.
 *
 * @param objects the objects in file order, at least one
 */
public record Document(List<DescriptionObject> objects) {
    public Document {
        objects = List.copyOf(objects);
        if (objects.isEmpty()) {
            throw new IllegalArgumentException("a document holds at least one object");
        }
        Names.requireDistinct(objects.stream().map(DescriptionObject::id).toList(), "object id");
    }

    /** The object with this id, if there is one. */
    public Optional<DescriptionObject> object(String id) {
        return objects.stream().filter(o -> o.id().equals(id)).findFirst();
    }
}
