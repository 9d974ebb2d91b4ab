package gridmarket.charts.data;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs as rows, as in a merged {@code results.csv}: the columns in first-seen order, and which of them are
 * parameters (the sweep's varied keys, the strategy and policy, the market's settings), the columns that tell runs
 * apart and that charts group by.
 */
public final class ResultsTable {
    private final List<String> columns;
    private final Set<String> parameters;
    private final List<ResultRow> rows;
    private final String source;

    /**
     * @param columns    every column, in order
     * @param parameters the columns runs may be grouped by, in order
     * @param rows       the runs
     * @param source     what was read (files or folders), for messages
     */
    public ResultsTable(List<String> columns, Set<String> parameters, List<ResultRow> rows, String source) {
        this.columns = List.copyOf(columns);
        this.parameters = new LinkedHashSet<>(parameters);
        this.rows = List.copyOf(rows);
        this.source = source;
    }

    /** Every column, in first-seen order. */
    public List<String> columns() {
        return columns;
    }

    /** Whether some row has a value in {@code column}. */
    public boolean has(String column) {
        return rows.stream().anyMatch(r -> r.has(column));
    }

    /** The columns runs may be grouped by, in order. */
    public Set<String> parameters() {
        return parameters;
    }

    /** The runs. */
    public List<ResultRow> rows() {
        return rows;
    }

    /** What was read, for messages. */
    public String source() {
        return source;
    }
}
