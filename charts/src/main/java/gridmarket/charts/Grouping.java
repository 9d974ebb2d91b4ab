package gridmarket.charts;

import gridmarket.charts.data.ResultRow;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Splitting runs into figures (one per combination of the {@code --each} columns' values). */
final class Grouping {
    /** The runs of one figure and the values that define it (empty for a single figure). */
    record Group(Map<String, String> key, List<ResultRow> rows) {
        /** The file name suffix: {@code -workload=syn_org,configuration=m128}, or empty. */
        String suffix() {
            if (key.isEmpty()) {
                return "";
            }
            List<String> parts = new ArrayList<>();
            key.forEach((k, v) -> parts.add(k + "=" + v));
            return "-" + String.join(",", parts);
        }

        /** A subtitle line: {@code workload 10_20k_org, p=5%}, or empty. */
        String describe() {
            List<String> parts = new ArrayList<>();
            key.forEach((k, v) -> parts.add(k.equals(Labels.OVERHEAD) ? Labels.part(k, v)
                    : Labels.column(k) + " " + v));
            return String.join(", ", parts);
        }
    }

    private Grouping() {
    }

    /** The parameters that take two or more distinct values among the rows, in the table's order. */
    static List<String> varied(Collection<ResultRow> rows, Set<String> parameters) {
        List<String> varied = new ArrayList<>();
        for (String p : parameters) {
            Set<String> values = new TreeSet<>(ValueOrder::compare);
            for (ResultRow r : rows) {
                if (r.has(p)) {
                    values.add(r.get(p));
                }
            }
            if (values.size() > 1) {
                varied.add(p);
            }
        }
        return varied;
    }

    /**
     * Splits rows into one group per combination of values of {@code each} that occurs. A row without a value in
     * one of these columns joins every group that agrees with its other values (a local run, which has no
     * overhead, belongs to the figure of every overhead); it makes a group of its own only where no such group
     * exists (the local runs when the multi-site runs are split by overhead and strategy). Groups are in value
     * order; a group's key holds only its non-empty values.
     */
    static List<Group> split(List<ResultRow> rows, List<String> each) {
        if (each.isEmpty()) {
            return List.of(new Group(Map.of(), rows));
        }
        Set<List<String>> combos = new TreeSet<>(ValueOrder.ofColumns(each));
        for (ResultRow r : rows) {
            combos.add(each.stream().map(r::get).toList());
        }
        combos.removeIf(c -> combos.stream().anyMatch(other -> covers(other, c)));
        List<Group> groups = new ArrayList<>();
        for (List<String> combo : combos) {
            Map<String, String> key = new LinkedHashMap<>();
            for (int i = 0; i < each.size(); i++) {
                if (!combo.get(i).isEmpty()) {
                    key.put(each.get(i), combo.get(i));
                }
            }
            List<ResultRow> members = new ArrayList<>();
            for (ResultRow r : rows) {
                boolean in = true;
                for (int i = 0; i < each.size() && in; i++) {
                    String v = r.get(each.get(i));
                    in = v.isEmpty() || ValueOrder.same(v, combo.get(i));
                }
                if (in) {
                    members.add(r);
                }
            }
            groups.add(new Group(key, members));
        }
        return groups;
    }

    /** Whether {@code other} has every non-empty value of {@code c} and more: then c's rows belong to other. */
    private static boolean covers(List<String> other, List<String> c) {
        boolean more = false;
        for (int i = 0; i < c.size(); i++) {
            if (c.get(i).isEmpty()) {
                more |= !other.get(i).isEmpty();
            } else if (!ValueOrder.same(c.get(i), other.get(i))) {
                return false;
            }
        }
        return more;
    }

    /**
     * What gets a figure of its own: the {@code --each} columns, or by default configuration and workload where
     * they vary (the thesis draws one figure per configuration and workload).
     */
    static List<String> figuresPer(TableLayout layout, ChartOptions o) {
        if (!o.each().isEmpty()) {
            return layout.require(o.each(), "--each");
        }
        List<String> each = new ArrayList<>();
        for (String c : List.of("configuration", "workload")) {
            if (layout.varies(c)) {
                each.add(c);
            }
        }
        return each;
    }

    /** {@code all} without {@code minus}, order kept. */
    static List<String> without(List<String> all, Collection<String> minus) {
        Set<String> out = new LinkedHashSet<>(all);
        out.removeAll(minus);
        return List.copyOf(out);
    }
}
