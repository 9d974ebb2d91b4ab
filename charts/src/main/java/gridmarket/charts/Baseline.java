package gridmarket.charts;

import gridmarket.charts.data.ResultRow;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The reference runs of a relative figure ({@code --baseline configuration=m512}). For each drawn run, its
 * baseline is the run that has the baseline's values and agrees with it on every other column that places it in the
 * figure (x axis, series and figure columns). An empty cell on either side agrees with anything, so
 * {@code --baseline strategy=local} compares a multi-site run at p=5% to the local run of its configuration.
 * If several runs qualify they must agree on the metric (the thesis' m512 runs are identical across strategies);
 * otherwise the baseline is ambiguous and has to be narrowed.
 */
final class Baseline {
    private final Selection selection;
    private final List<ResultRow> candidates;
    private final List<String> matchColumns;
    private final Set<String> parameters;

    /**
     * @param selection  the baseline conditions
     * @param candidates rows that may serve as baselines (the table after the {@code --where} conditions on other
     *                   columns than the baseline's)
     * @param placing    the columns that place a run in a figure; those named by the baseline are left out
     * @param parameters the columns that tell runs apart, for suggesting a narrower baseline
     */
    Baseline(Selection selection, List<ResultRow> candidates, List<String> placing, Set<String> parameters) {
        this.parameters = parameters;
        this.selection = selection;
        this.candidates = candidates.stream().filter(selection::matches).toList();
        this.matchColumns = Grouping.without(placing, selection.columns());
        if (this.candidates.isEmpty()) {
            throw new ChartException("--baseline " + selection + ": no run has these values");
        }
    }

    /** The baseline's conditions for a subtitle. */
    String subtitle() {
        return selection.subtitle();
    }

    /** The baseline's conditions for a file name. */
    String fileName() {
        return selection.fileName();
    }

    /** The baseline's values alone, for titles and axes: {@code m512}. */
    String shortName() {
        return selection.values();
    }

    /** The baseline's columns. */
    Set<String> columns() {
        return selection.columns();
    }

    /**
     * The baseline value of {@code metric} for a drawn row.
     *
     * @throws ChartException if no baseline run matches the row, or the matching ones disagree
     */
    double valueFor(ResultRow row, String metric) {
        List<ResultRow> matching = new ArrayList<>();
        for (ResultRow b : candidates) {
            boolean agrees = true;
            for (String c : matchColumns) {
                if (row.has(c) && b.has(c) && !ValueOrder.same(row.get(c), b.get(c))) {
                    agrees = false;
                    break;
                }
            }
            if (agrees) {
                matching.add(b);
            }
        }
        if (matching.isEmpty()) {
            throw new ChartException("--baseline " + selection + ": no baseline run for run " + row.name()
                    + " (none agrees on " + String.join(", ", matchColumns) + ")");
        }
        double value = matching.get(0).number(metric);
        if (value == 0) {
            throw new ChartException("--baseline " + selection + ": run " + matching.get(0).name() + " has " + metric
                    + " = 0, so values relative to it are undefined");
        }
        for (ResultRow b : matching) {
            double v = b.number(metric);
            if (Math.abs(v - value) > 1e-9 * Math.max(1, Math.abs(value))) {
                throw new ChartException("--baseline " + selection + " is ambiguous for run " + row.name() + ": "
                        + "runs " + matching.get(0).name() + " and " + b.name() + " differ in " + metric
                        + "; add a condition, e.g. --baseline " + firstDifference(matching.get(0), b));
            }
        }
        return value;
    }

    private String firstDifference(ResultRow a, ResultRow b) {
        for (String c : parameters) {
            if (!selection.columns().contains(c) && a.has(c) && b.has(c)
                    && !ValueOrder.same(a.get(c), b.get(c))) {
                return c + "=" + a.get(c);
            }
        }
        return "KEY=VALUE";
    }

    /** A value relative to its baseline, in percent: 0 equals the baseline, +10 is 10 % more. */
    static double relative(double value, double baseline) {
        return (value / baseline - 1) * 100;
    }
}
