package gridmarket.app.results;

import gridmarket.app.BadInputException;
import gridmarket.results.CsvFile;
import gridmarket.results.ResultsException;
import gridmarket.results.RunFolders;
import gridmarket.results.SummaryJson;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Merges run folders (folders holding a {@code summary.json}) into one tidy CSV, one row per run, sorted by the run
 * folder's path. Columns, each group the union over all runs in first-seen order:
 * <ol>
 *   <li>{@code run}: a distinct name of the run ({@link RunFolders}): its path relative to the folder it was found
 *       under, a run folder given itself by its own name;</li>
 *   <li>the varied parameters from {@code params.json}, named by their keys;</li>
 *   <li>the summary's blocks as {@link SummaryJson#columns} names them: {@code experiment, strategy, policy, seed},
 *       {@code workload.*}, the metrics (without prefix), {@code market.*}, {@code performance.*} and
 *       {@code reproduce.*}; lists are left out.</li>
 * </ol>
 * A parameter that is also a summary column (e.g. {@code policy}, {@code seed}) is one column, at the parameter's
 * place, holding the summary's value (what ran) where there is one. Numbers are written as Jackson reads them, with
 * full precision; an absent value is an empty field.
 */
public final class ResultsMerger {
    /** The summary's columns that every grid run has, in order, after {@code run} and the parameters. */
    static final List<String> SUMMARY_COLUMNS = List.of("experiment", "strategy", "policy", "seed",
            "workload.source", "workload.jobs");

    /** What a merge wrote. */
    public record Result(Path file, int runs, int columns) {
    }

    private record Run(Path folder, String name, Map<String, String> params, List<Map<String, String>> summary) {
    }

    /**
     * Finds the run folders below {@code dirs} and writes the CSV to {@code out} atomically.
     *
     * @throws BadInputException if a folder is missing, or none of them holds a run
     */
    public Result merge(List<Path> dirs, Path out) {
        if (Files.isDirectory(out)) {
            throw new BadInputException("--out " + out + " is a folder; give a file name");
        }
        if (RunFolders.isRunFile(out)) {
            throw new BadInputException("--out " + out + ": is a file of the run folder " + out.getParent()
                    + ", which merge does not write over; give another file (e.g. results.csv)");
        }
        List<RunFolders.Found> found = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path dir : dirs) {
            for (RunFolders.Found f : runFolders(dir)) {
                if (seen.add(f.folder().toAbsolutePath().normalize())) {
                    found.add(f);
                }
            }
        }
        if (found.isEmpty()) {
            throw new BadInputException("no run folders (folders with a summary.json) below " + String.join(", ",
                    dirs.stream().map(Path::toString).toList()));
        }
        found.sort(Comparator.comparing(f -> RunFolders.slashes(f.folder().toAbsolutePath().normalize())));
        List<String> names = RunFolders.names(found);
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            runs.add(read(found.get(i).folder(), names.get(i)));
        }
        Set<String> columns = new LinkedHashSet<>();
        columns.add("run");
        runs.forEach(r -> columns.addAll(r.params().keySet()));
        columns.addAll(SUMMARY_COLUMNS);
        columns.addAll(SummaryJson.unionOfColumns(runs.stream().map(Run::summary).toList()));
        StringBuilder csv = new StringBuilder(CsvFile.line(List.copyOf(columns)));
        for (Run r : runs) {
            Map<String, String> row = new LinkedHashMap<>(r.params());
            r.summary().forEach(row::putAll);
            row.put("run", r.name());
            csv.append(CsvFile.line(columns.stream().map(c -> row.getOrDefault(c, "")).toList()));
        }
        AtomicFiles.write(out, csv.toString());
        return new Result(out, runs.size(), columns.size());
    }

    private static List<RunFolders.Found> runFolders(Path dir) {
        if (Files.isRegularFile(dir)) {
            throw new BadInputException(dir + ": is a file; merge reads folders that hold run folders");
        }
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": no such folder");
        }
        try {
            return RunFolders.below(dir);
        } catch (ResultsException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private static Run read(Path folder, String name) {
        try {
            return new Run(folder, name, SummaryJson.params(folder),
                    SummaryJson.columnGroups(SummaryJson.read(folder)));
        } catch (ResultsException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
