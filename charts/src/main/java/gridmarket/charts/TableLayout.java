package gridmarket.charts;

import gridmarket.charts.data.ResultRow;
import gridmarket.charts.data.ResultsTable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the runs of a results table go in a figure: which rows are drawn ({@code --where}), which columns make the
 * x axis, the series and the separate figures ({@code --each}), and the baseline of a relative figure. Every column
 * that varies among the drawn rows and is neither on the x axis nor in the series gets one figure per value, so a
 * figure never mixes runs that differ in something it does not show.
 */
final class TableLayout {
    private final ResultsTable table;
    private final Selection where;
    private final List<ResultRow> rows;
    private final List<String> varied;

    private TableLayout(ResultsTable table, Selection where, List<ResultRow> rows) {
        this.table = table;
        this.where = where;
        this.rows = rows;
        this.varied = Grouping.varied(rows, table.parameters());
    }

    /**
     * The rows that pass {@code --where}.
     *
     * @throws ChartException for a condition on an unknown column, or if no row passes
     */
    static TableLayout select(ResultsTable table, ChartOptions options) {
        Selection where = Selection.parse(options.where(), "--where").requireColumns(table, "--where");
        List<ResultRow> rows = table.rows().stream().filter(where::keeps).toList();
        if (rows.isEmpty()) {
            throw new ChartException("no runs in " + table.source() + " match --where " + where);
        }
        return new TableLayout(table, where, rows);
    }

    /** The same layout restricted to the rows that have a value in {@code column}. */
    TableLayout having(String column) {
        List<ResultRow> kept = rows.stream().filter(r -> r.has(column)).toList();
        if (kept.isEmpty()) {
            throw new ChartException(table.source() + ": no run has a value in column '" + column + "'");
        }
        return new TableLayout(table, where, kept);
    }

    ResultsTable table() {
        return table;
    }

    List<ResultRow> rows() {
        return rows;
    }

    Selection where() {
        return where;
    }

    /** The parameters that take two or more values among the drawn rows. */
    List<String> varied() {
        return varied;
    }

    /** Whether {@code column} varies among the drawn rows. */
    boolean varies(String column) {
        return varied.contains(column);
    }

    /**
     * Checks that the table has every named column.
     *
     * @throws ChartException naming the option and the first missing column
     */
    List<String> require(List<String> columns, String option) {
        for (String c : columns) {
            if (!table.columns().contains(c)) {
                throw new ChartException(option + ": no column '" + c + "' in " + table.source());
            }
        }
        return columns;
    }

    /**
     * Checks that the table has a metric column.
     *
     * @throws ChartException naming the results and the column if it is missing
     */
    void requireMetric(String metric) {
        if (!table.columns().contains(metric)) {
            throw new ChartException(table.source() + ": no column '" + metric + "'");
        }
    }

    /** The figure columns: those given with {@code --each}, or every varied column not already placed. */
    List<String> each(ChartOptions options, List<String> placed) {
        if (!options.each().isEmpty()) {
            return require(options.each(), "--each");
        }
        return Grouping.without(varied, placed);
    }

    /**
     * The baseline of a relative figure, or {@code null} without {@code --baseline}. Candidates are all rows that
     * pass the {@code --where} conditions on other columns than the baseline's, so that
     * {@code --where configuration=m128 --baseline configuration=m512} works.
     */
    Baseline baseline(ChartOptions options, List<String> placing) {
        if (options.baseline().isEmpty()) {
            return null;
        }
        Selection b = Selection.parse(options.baseline(), "--baseline").requireColumns(table, "--baseline");
        Selection candidatesWhere = where.without(b.columns());
        List<ResultRow> candidates = table.rows().stream().filter(candidatesWhere::keeps).toList();
        return new Baseline(b, candidates, placing, table.parameters());
    }

    /** The union of column lists, order kept. */
    static List<String> union(List<String> a, List<String> b, List<String> c) {
        Set<String> s = new LinkedHashSet<>(a);
        s.addAll(b);
        s.addAll(c);
        return new ArrayList<>(s);
    }

    /** Subtitle lines shared by table figures: the figure's own values and the filter. */
    List<String> subtitles(Grouping.Group group, Baseline baseline) {
        List<String> lines = new ArrayList<>();
        String line = group.describe();
        if (!where.isEmpty()) {
            line = line.isEmpty() ? "runs with " + where.subtitle() : line + "; runs with " + where.subtitle();
        }
        if (baseline != null) {
            String b = "0% = " + baseline.subtitle();
            line = line.isEmpty() ? b : line + "; " + b;
        }
        if (!line.isEmpty()) {
            lines.add(line);
        }
        return lines;
    }

    /** The label of a row when nothing varies: its experiment, else its strategy, else its name. */
    static String fallbackLabel(ResultRow row) {
        if (row.has("experiment")) {
            return row.get("experiment");
        }
        return row.has("strategy") ? row.get("strategy") : row.name();
    }
}
