package gridmarket.market.language;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The one check that names within a list are distinct. */
final class Names {
    private Names() {
    }

    static void requireDistinct(List<String> names, String what) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new IllegalArgumentException(what + " \"" + n + "\" is given twice");
            }
        }
    }
}
