package gridmarket.charts.data;

import gridmarket.charts.ChartException;
import gridmarket.results.CsvFile;
import gridmarket.results.ResultsException;
import gridmarket.results.RunFolders;
import gridmarket.results.SummaryJson;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads results into one {@link ResultsTable}. Each input may be
 * <ul>
 *   <li>a results CSV ({@code results.csv} of {@code sweep} or {@code merge}): one row per line; its parameters are
 *       the columns between {@code run} and {@code experiment}; a row's run folder is the {@code run} column
 *       resolved against the CSV's {@code runs/} folder (a sweep's table) or the CSV's folder, where it exists;</li>
 *   <li>a run folder (one holding {@code summary.json}): one row, its columns named as {@code merge} names them
 *       ({@link SummaryJson#columns}: metrics without prefix, {@code machines.m1.work}, {@code market.*}, ...);
 *       its parameters are the keys of {@code params.json};</li>
 *   <li>a sweep folder holding {@code results.csv}: that file;</li>
 *   <li>any other folder: every run folder below it, sorted by path.</li>
 * </ul>
 * Whatever the input, {@code strategy}, {@code policy}, {@code market.mf} and {@code market.uf} are parameters too, and
 * so are the policy's parameters ({@code policyParameters.x}, ...) unless a sweep's label column names them.
 */
public final class ResultsLoader {
    /**
     * Columns that tell runs apart whatever the input. Of the summary's {@code market} block only the machine and
     * utility functions: its other entries are settings rarely varied (a sweep names those in params.json) or
     * results (mean price, messages) that differ in every run.
     */
    private static final List<String> ALWAYS_PARAMETERS = List.of("strategy", "policy", "market.mf", "market.uf");

    /**
     * The summary block of a policy's parameters ({@code policyParameters.x}, ...), and the name of a sweep's label
     * column when the sweep varies them as one key.
     */
    private static final String POLICY_PARAMETERS = "policyParameters";

    /**
     * Reads the inputs into one table, rows in input order.
     *
     * @throws ChartException if an input is missing or unreadable, or there are no runs at all
     */
    public ResultsTable load(List<Path> inputs) {
        if (inputs.isEmpty()) {
            throw new ChartException("no results given");
        }
        Set<String> columns = new LinkedHashSet<>();
        Set<String> parameters = new LinkedHashSet<>();
        List<ResultRow> rows = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isRegularFile(input)) {
                String name = input.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
                if (name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json")) {
                    throw new ChartException(input + ": an experiment or sweep file, not results; give a results.csv, "
                            + "a run folder or a folder of runs (run it first: gridmarket run or sweep)");
                }
                readCsv(input, columns, parameters, rows);
            } else if (Files.isRegularFile(input.resolve(SummaryJson.FILE))) {
                readRuns(List.of(new RunFolders.Found(input, input)), input.toString(), columns, parameters, rows);
            } else if (Files.isRegularFile(input.resolve("results.csv"))) {
                readCsv(input.resolve("results.csv"), columns, parameters, rows);
            } else if (Files.isDirectory(input)) {
                List<RunFolders.Found> runs = results(() -> RunFolders.below(input));
                if (runs.isEmpty()) {
                    throw new ChartException(input + ": no results.csv and no run folders (folders with a "
                            + "summary.json) below it");
                }
                readRuns(runs, input.toString(), columns, parameters, rows);
            } else {
                throw new ChartException(input + ": no such file or folder");
            }
        }
        String source = String.join(", ", inputs.stream().map(Path::toString).toList());
        if (rows.isEmpty()) {
            throw new ChartException(source + ": no runs (the results are empty)");
        }
        for (String c : ALWAYS_PARAMETERS) {
            if (columns.contains(c)) {
                parameters.add(c);
            }
        }
        if (!parameters.contains(POLICY_PARAMETERS)) {
            // runs given one by one (no sweep label for their policy parameters): the values themselves tell them apart
            columns.stream().filter(c -> c.startsWith(POLICY_PARAMETERS + ".")).forEach(parameters::add);
        }
        return new ResultsTable(List.copyOf(columns), parameters, rows, source);
    }

    private static void readCsv(Path file, Set<String> columns, Set<String> parameters, List<ResultRow> rows) {
        CsvFile csv = results(() -> CsvFile.read(file));
        List<String> header = csv.header();
        columns.addAll(header);
        int run = header.indexOf("run");
        int experiment = header.indexOf("experiment");
        if (run == 0 && experiment > 0) {
            parameters.addAll(header.subList(1, experiment));
        }
        Path base = file.toAbsolutePath().getParent();
        for (int r = 0; r < csv.size(); r++) {
            Map<String, String> cells = csv.row(r);
            String name = run >= 0 ? csv.text(r, run) : String.valueOf(r + 1);
            Path folder = null;
            if (run >= 0 && !name.isEmpty()) {
                // merge names a run relative to the folder it searched: a sweep's results.csv is merged from
                // its runs/ folder, a merge of several sweeps from folders above them
                for (Path candidate : List.of(base.resolve("runs").resolve(name), base.resolve(name))) {
                    if (folder == null && Files.isRegularFile(candidate.resolve("summary.json"))) {
                        folder = candidate.normalize();
                    }
                }
            }
            rows.add(new ResultRow(name, cells, folder, file.toString()));
        }
    }

    private static void readRuns(List<RunFolders.Found> runs, String source, Set<String> columns,
                                 Set<String> parameters, List<ResultRow> rows) {
        List<String> names = RunFolders.names(runs);
        List<List<Map<String, String>>> groups = new ArrayList<>();
        columns.add("run");
        for (int i = 0; i < runs.size(); i++) {
            Path folder = runs.get(i).folder();
            Map<String, String> cells = new LinkedHashMap<>();
            cells.put("run", names.get(i));
            Map<String, String> params = results(() -> SummaryJson.params(folder));
            cells.putAll(params);
            parameters.addAll(params.keySet());
            columns.addAll(params.keySet());
            List<Map<String, String>> summary = results(() -> SummaryJson.columnGroups(SummaryJson.read(folder)));
            groups.add(summary);
            // as in merge, a parameter that is also a summary column holds what ran
            summary.forEach(g -> g.forEach((c, v) -> {
                if (!c.equals("run")) {
                    cells.put(c, v);
                }
            }));
            rows.add(new ResultRow(names.get(i), cells, folder, source));
        }
        // each group of the summary's columns after the parameters, as merge orders them
        columns.addAll(SummaryJson.unionOfColumns(groups));
    }

    /** Reads with the results format, its errors as chart errors. */
    private static <T> T results(Supplier<T> read) {
        try {
            return read.get();
        } catch (ResultsException e) {
            throw new ChartException(e.getMessage());
        }
    }
}
