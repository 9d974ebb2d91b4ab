package gridmarket.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The named machine configurations of the thesis' Table 5.1 (SPEC M3), all 512 nodes in total, one machine per
 * site. Sites are named {@code s1..sN} and machines {@code m1..mN}, largest first as the table lists them.
 */
public final class Configurations {
    private static final Map<String, int[]> TABLE = new LinkedHashMap<>();

    static {
        TABLE.put("m64", sizes(4, 64, 6, 32, 8, 8));
        TABLE.put("m64-8", sizes(8, 64));
        TABLE.put("m128", sizes(4, 128));
        TABLE.put("m256", sizes(2, 256));
        TABLE.put("m256-5", sizes(1, 256, 4, 64));
        TABLE.put("m384", sizes(1, 384, 1, 64, 4, 16));
        TABLE.put("m512", sizes(1, 512));
    }

    private Configurations() {
    }

    /** {@code count, size, count, size, ...} to a list of sizes. */
    private static int[] sizes(int... countSize) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < countSize.length; i += 2) {
            for (int k = 0; k < countSize[i]; k++) {
                out.add(countSize[i + 1]);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether {@code name} is one of Table 5.1's configurations. */
    public static boolean exists(String name) {
        return TABLE.containsKey(name);
    }

    /** The names, for error messages. */
    public static String names() {
        return String.join(" | ", TABLE.keySet());
    }

    /** The sites of a named configuration. */
    public static List<SiteSpec> sites(String name) {
        int[] sizes = TABLE.get(name);
        if (sizes == null) {
            throw new IllegalArgumentException("unknown configuration '" + name + "' (expected " + names() + ")");
        }
        List<SiteSpec> sites = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            sites.add(new SiteSpec("s" + (i + 1), List.of(new MachineSpec("m" + (i + 1), sizes[i]))));
        }
        return sites;
    }
}
