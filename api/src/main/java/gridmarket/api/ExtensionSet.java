package gridmarket.api;

import java.util.List;

/**
 * A family of extensions registered at once (a service of its own, {@code META-INF/services/gridmarket.api.ExtensionSet}),
 * for kinds whose members differ only in values, such as gridmarket's own local policies. The {@link Registry} takes
 * each member under the kinds it implements.
 */
public interface ExtensionSet {
    /** The members, in the order listings show them. */
    List<? extends Extension> extensions();
}
