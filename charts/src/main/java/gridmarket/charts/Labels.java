package gridmarket.charts;

import gridmarket.charts.data.ResultRow;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Names and units of metrics and columns as they appear on axes, in legends and in titles. */
final class Labels {
    /** The multi-site overhead p, a fraction shown in percent. */
    static final String OVERHEAD = "multisite.overhead";

    private static final Map<String, String> METRIC_NAMES = Map.ofEntries(
            Map.entry("art", "ART"), Map.entry("awrt", "AWRT"), Map.entry("awwt", "AWWT"),
            Map.entry("meanWait", "mean wait"), Map.entry("meanBoundedSlowdown", "mean bounded slowdown"),
            Map.entry("makespan", "makespan"), Map.entry("utilization", "utilization"),
            Map.entry("jobs", "jobs"), Map.entry("completed", "completed jobs"),
            Map.entry("rejected", "rejected jobs"), Map.entry("market.economy.userSurplus", "user surplus"),
            Map.entry("market.economy.ownerSurplus", "owner surplus"), Map.entry("market.economy.yield", "yield"),
            Map.entry("market.economy.paid", "paid"));
    private static final Set<String> SECONDS = Set.of("art", "awrt", "awwt", "meanWait", "makespan", "firstSubmit",
            "lastEnd");
    private static final Map<String, String> COLUMN_NAMES = Map.ofEntries(
            Map.entry("configuration", "machine configuration"), Map.entry("workload", "workload"),
            Map.entry(OVERHEAD, "multi-site overhead p"), Map.entry("strategy", "strategy"),
            Map.entry("policy", "local policy"),
            Map.entry("policyParameters.x", "wide above x (% of nodes)"),
            Map.entry("policyParameters.n", "preemptions per wide job n"),
            Map.entry("policyParameters.delay", "start delay (s)"),
            Map.entry("policyParameters.delta", "gang length delta (s)"),
            Map.entry("policyParameters.penalty", "preemption penalty (s)"),
            Map.entry("policyParameters.gamma", "gamma"), Map.entry("policyParameters.weighted", "weighted"),
            Map.entry("policyParameters.recompute", "recompute share"));

    private Labels() {
    }

    /** A metric's short name for titles and legends: {@code AWRT}, {@code mean wait}. */
    static String metricName(String metric) {
        return METRIC_NAMES.getOrDefault(metric, metric);
    }

    /** A metric's axis label with its unit: {@code AWRT (s)}. */
    static String metricAxis(String metric) {
        if (SECONDS.contains(metric)) {
            return metricName(metric) + " (s)";
        }
        if (isFraction(metric)) {
            return metricName(metric) + " (%)";
        }
        return metricName(metric);
    }

    /** Whether a metric is a fraction shown in percent (utilization). */
    static boolean isFraction(String metric) {
        return metric.equals("utilization") || metric.endsWith(".utilization");
    }

    /** A column's name on an axis: {@code machine configuration}. */
    static String column(String column) {
        String known = COLUMN_NAMES.get(column);
        if (known != null) {
            return known;
        }
        if (column.equals("market.mf")) {
            return "machine function";
        }
        if (column.equals("market.uf")) {
            return "utility function";
        }
        int dot = column.lastIndexOf('.');
        return dot < 0 ? column : column.substring(dot + 1);
    }

    /** A column's short name for titles: {@code configuration}, {@code p}, {@code MF}. */
    static String shortColumn(String column) {
        return switch (column) {
            case OVERHEAD -> "p";
            case "market.mf" -> "MF";
            case "market.uf" -> "UF";
            default -> column.substring(column.lastIndexOf('.') + 1);
        };
    }

    /** Several columns' short names for titles, joined: {@code MF, UF}. */
    static String shortColumns(List<String> columns) {
        return String.join(", ", columns.stream().map(Labels::shortColumn).toList());
    }

    /** Several columns' names, joined: {@code machine function, utility function}. */
    static String columns(List<String> columns) {
        return String.join(", ", columns.stream().map(Labels::column).toList());
    }

    /** A value by itself, as on a category axis: {@code m128}, {@code 5%} for an overhead. */
    static String value(String column, String v) {
        if (column.equals(OVERHEAD) && ValueOrder.number(v) != null) {
            return percent(ValueOrder.number(v));
        }
        return v;
    }

    /**
     * A value within a composite label: text as it is, a number with its column's short name ({@code p=5%},
     * {@code seed=2}), so that numbers in legends say what they count.
     */
    static String part(String column, String v) {
        if (v.isEmpty()) {
            return "";
        }
        if (column.equals(OVERHEAD)) {
            return "p=" + value(column, v);
        }
        return ValueOrder.number(v) != null ? column(column) + "=" + v : v;
    }

    /** The label of a row in a legend or on an axis: its values in {@code columns}, joined; empty parts left out. */
    static String of(ResultRow row, List<String> columns) {
        List<String> parts = new ArrayList<>();
        for (String c : columns) {
            String p = columns.size() == 1 ? value(c, row.get(c)) : part(c, row.get(c));
            if (!p.isEmpty()) {
                parts.add(p);
            }
        }
        return String.join(", ", parts);
    }

    /** A fraction in percent without trailing zeros: 0.05 as {@code 5%}, 0.125 as {@code 12.5%}. */
    static String percent(double fraction) {
        BigDecimal p = BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros();
        return (p.scale() < 0 ? p.setScale(0) : p).toPlainString() + "%";
    }

    /**
     * The experiment the rows come from, for a title: their common name, or the common prefix of their names up to
     * a separator ({@code x2} for {@code x2-local} and {@code x2-multisite}), or the names joined.
     */
    static String experiment(List<ResultRow> rows) {
        Set<String> names = new LinkedHashSet<>();
        rows.forEach(r -> {
            if (r.has("experiment")) {
                names.add(r.get("experiment"));
            }
        });
        if (names.isEmpty()) {
            return "";
        }
        if (names.size() == 1) {
            return names.iterator().next();
        }
        String prefix = null;
        for (String n : names) {
            prefix = prefix == null ? n : commonPrefix(prefix, n);
        }
        int cut = Math.max(Math.max(prefix.lastIndexOf('-'), prefix.lastIndexOf('_')), prefix.lastIndexOf('.'));
        if (cut > 0) {
            return prefix.substring(0, cut);
        }
        List<String> list = new ArrayList<>(names);
        return list.size() <= 3 ? String.join(", ", list) : String.join(", ", list.subList(0, 3)) + ", ...";
    }

    private static String commonPrefix(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return a.substring(0, i);
    }

    /** A title: {@code EXPERIMENT: WHAT}, or just {@code WHAT} without an experiment name. */
    static String title(String experiment, String what) {
        return experiment.isEmpty() ? what : experiment + ": " + what;
    }
}
