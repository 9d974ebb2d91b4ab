package gridmarket.charts.data;

import gridmarket.charts.ChartException;

import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;

/**
 * One run of a results table: its cells by column name (an absent value is the empty string), its name (the
 * {@code run} column or the folder) and, where it can be found, its run folder (for charts that read
 * {@code jobs.csv}).
 */
public final class ResultRow {
    private final String name;
    private final Map<String, String> cells;
    private final Path folder;
    private final String source;

    /**
     * @param name   how the run is named in messages, {@code null} not permitted
     * @param cells  values by column, kept as given
     * @param folder the run folder, or {@code null} if unknown
     * @param source the file or folder the row was read from, for messages
     */
    public ResultRow(String name, Map<String, String> cells, Path folder, String source) {
        this.name = name;
        this.cells = Collections.unmodifiableMap(cells);
        this.folder = folder;
        this.source = source;
    }

    /** The run's name: its folder relative to where it was found. */
    public String name() {
        return name;
    }

    /** The value in {@code column}, or the empty string if there is none. */
    public String get(String column) {
        String v = cells.get(column);
        return v == null ? "" : v;
    }

    /** Whether the row has a non-empty value in {@code column}. */
    public boolean has(String column) {
        return !get(column).isEmpty();
    }

    /**
     * The value in {@code column} as a number.
     *
     * @throws ChartException naming the run and column if the cell is empty or not a number
     */
    public double number(String column) {
        String v = get(column).strip();
        if (v.isEmpty()) {
            throw new ChartException(source + ": run " + name + " has no value in column '" + column + "'");
        }
        double x;
        try {
            x = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            x = Double.NaN;
        }
        if (!Double.isFinite(x)) { // NaN and Infinity parse, but no axis can show them
            throw new ChartException(source + ": run " + name + ": column '" + column + "': not a number '" + v
                    + "'");
        }
        return x;
    }

    /** All cells, by column name. */
    public Map<String, String> cells() {
        return cells;
    }

    /** The run folder, if known. */
    public Optional<Path> folder() {
        return Optional.ofNullable(folder);
    }

    /** The file or folder this row was read from. */
    public String source() {
        return source;
    }
}
