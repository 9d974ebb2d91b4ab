package gridmarket.app.commands;

import gridmarket.app.results.ResultsMerger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code gridmarket merge DIR... [--out FILE]}: one CSV row per run folder found below the given folders, see
 * {@link ResultsMerger} for the columns.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merges every run folder (a folder with a summary.json) below the given folders into one CSV: "
                + "one row per run, sorted by folder; columns run, the varied parameters (params.json), experiment, "
                + "strategy, policy, seed, policyParameters.*, workload.*, the metrics, market.* (market runs), "
                + "strategyFields.* (extensions' own), performance.* and reproduce.*."})
public final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Folders to search for run folders.")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "FILE", description = "CSV to write (default: results.csv in the first DIR).")
    Path out;

    @Override
    public Integer call() {
        Path file = out != null ? out : dirs.get(0).resolve("results.csv");
        ResultsMerger.Result r = new ResultsMerger().merge(dirs, file);
        System.out.println(r.runs() + " runs, " + r.columns() + " columns in " + file);
        return 0;
    }
}
