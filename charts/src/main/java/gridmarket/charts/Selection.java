package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import gridmarket.charts.data.ResultsTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Conditions on a row's values, {@code KEY=VALUE[,VALUE...]} each: {@code --where} (which rows to draw) and
 * {@code --baseline} (which rows are the reference). Values compare as numbers where both are numbers
 * ({@code p=0} matches {@code 0.0}).
 */
final class Selection {
    /** One condition: the column and the values it may hold. */
    record Condition(String column, List<String> values) {
        boolean holds(String v) {
            return values.stream().anyMatch(w -> ValueOrder.same(w, v));
        }

        @Override
        public String toString() {
            return column + "=" + String.join(",", values);
        }
    }

    private final List<Condition> conditions;

    private Selection(List<Condition> conditions) {
        this.conditions = List.copyOf(conditions);
    }

    /**
     * Parses conditions such as {@code configuration=m128,m512}.
     *
     * @param option the option they came from, for messages ({@code --where})
     * @throws ChartException if one has no {@code =}, an empty key or no value
     */
    static Selection parse(List<String> specs, String option) {
        List<Condition> list = new ArrayList<>();
        for (String s : specs) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new ChartException(option + ": expected KEY=VALUE, got '" + s + "'");
            }
            String key = s.substring(0, eq).strip();
            List<String> values = Arrays.stream(s.substring(eq + 1).split(",", -1)).map(String::strip).toList();
            if (values.stream().allMatch(String::isEmpty)) {
                throw new ChartException(option + ": no value for '" + key + "' in '" + s + "'");
            }
            list.add(new Condition(key, values));
        }
        return new Selection(list);
    }

    /**
     * Checks that every condition names a column of the table.
     *
     * @throws ChartException naming the option and the column otherwise
     */
    Selection requireColumns(ResultsTable table, String option) {
        for (Condition c : conditions) {
            if (!table.columns().contains(c.column())) {
                throw new ChartException(option + ": no column '" + c.column() + "' in " + table.source());
            }
        }
        return this;
    }

    /**
     * Whether a row passes as a row to draw. A row without a value in a condition's column passes it: the
     * condition is about a parameter the row does not have (a local run has no multi-site overhead).
     */
    boolean keeps(ResultRow row) {
        return conditions.stream().allMatch(c -> !row.has(c.column()) || c.holds(row.get(c.column())));
    }

    /** Whether a row has every condition's column and value: a baseline row. */
    boolean matches(ResultRow row) {
        return conditions.stream().allMatch(c -> row.has(c.column()) && c.holds(row.get(c.column())));
    }

    /** The same selection without the conditions on {@code columns}. */
    Selection without(Set<String> columns) {
        return new Selection(conditions.stream().filter(c -> !columns.contains(c.column())).toList());
    }

    /** The columns the conditions name. */
    Set<String> columns() {
        Set<String> s = new LinkedHashSet<>();
        conditions.forEach(c -> s.add(c.column()));
        return s;
    }

    /** The conditions for a subtitle: {@code workload=syn_org; p=0%, 10%}. */
    String subtitle() {
        return String.join("; ", conditions.stream().map(c -> (c.column().equals(Labels.OVERHEAD) ? "p"
                : c.column()) + "=" + String.join(", ", c.values().stream()
                .map(v -> Labels.value(c.column(), v)).toList())).toList());
    }

    /** The conditions for a file name: {@code configuration=m512,strategy=local}. */
    String fileName() {
        return String.join(",", conditions.stream().map(Condition::toString).toList());
    }

    /** The conditions' values alone, joined: {@code m512, local}. */
    String values() {
        return String.join(", ", conditions.stream().map(c -> String.join("|", c.values())).toList());
    }

    boolean isEmpty() {
        return conditions.isEmpty();
    }

    @Override
    public String toString() {
        return String.join(" ", conditions.stream().map(Condition::toString).toList());
    }
}
