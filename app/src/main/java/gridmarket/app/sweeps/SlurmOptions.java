package gridmarket.app.sweeps;

import gridmarket.app.BadInputException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The options of {@code sweep --slurm}: how many array tasks, and what each asks Slurm for. Checked before anything
 * is written, each bad value a one-line {@link BadInputException}.
 */
public final class SlurmOptions {
    /** Slurm's time formats: M, M:S, H:M:S, D-H, D-H:M, D-H:M:S. */
    private static final Pattern TIME = Pattern.compile("\\d+(:\\d{1,2}){0,2}|\\d+-\\d{1,2}(:\\d{1,2}){0,2}");
    /** A size in megabytes, or with a unit K, M, G or T. */
    private static final Pattern MEMORY = Pattern.compile("[1-9]\\d{0,9}[KMGT]?");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.,-]+");

    @Option(names = "--slurm", description = "Submit the sweep to Slurm as an array job (one task per shard) and a "
            + "merge job that runs once every task succeeded, instead of running it here.")
    public boolean enabled;

    @Option(names = "--tasks", paramLabel = "N", description = "With --slurm: array tasks, i.e. shards (default: 4, "
            + "at most the number of runs).")
    Integer tasks;

    @Option(names = "--partition", paramLabel = "NAME", description = "With --slurm: the partition to run in.")
    String partition;

    @Option(names = "--time", paramLabel = "LIMIT", description = "With --slurm: time limit of each task, in Slurm's "
            + "format (MINUTES, H:M:S, D-H:M:S).")
    String time;

    @Option(names = "--mem", paramLabel = "SIZE", description = "With --slurm: memory of each task, e.g. 8G.")
    String memory;

    @Option(names = "--sbatch", paramLabel = "OPTION", description = "With --slurm: an extra #SBATCH line for both "
            + "jobs, e.g. --sbatch=--account=abc (repeatable).")
    List<String> extra = new ArrayList<>();

    @Option(names = "--dry-run", description = "With --slurm: write and print the batch scripts, submit nothing.")
    public boolean dryRun;

    /** Rejects values Slurm would refuse, and Slurm options without {@code --slurm}. */
    public void check(int runs) {
        if (!enabled) {
            boolean any = tasks != null || partition != null || time != null || memory != null || !extra.isEmpty()
                    || dryRun;
            if (any) {
                throw new BadInputException("--tasks, --partition, --time, --mem, --sbatch and --dry-run need --slurm");
            }
            return;
        }
        if (tasks != null && (tasks < 1 || tasks > 100_000)) {
            throw new BadInputException("--tasks: need 1 to 100000 array tasks, got " + tasks);
        }
        if (partition != null && !NAME.matcher(partition).matches()) {
            throw new BadInputException("--partition: expected a partition name (letters, digits, _ . , -), got '"
                    + partition + "'");
        }
        if (time != null && !TIME.matcher(time).matches()) {
            throw new BadInputException("--time: expected MINUTES, H:M:S or D-H:M:S, got '" + time + "'");
        }
        if (memory != null && !MEMORY.matcher(memory).matches()) {
            throw new BadInputException("--mem: expected a size such as 4000 (MB) or 8G, got '" + memory + "'");
        }
        for (String line : extra) {
            if (!line.startsWith("-") || line.contains("\n") || line.contains("\r")) {
                throw new BadInputException("--sbatch: expected one sbatch option such as --account=abc, got '"
                        + line.replace("\n", "\\n") + "'");
            }
        }
        if (runs == 0) {
            throw new BadInputException("--slurm: the sweep has no runs");
        }
    }

    /** Array tasks for a sweep of {@code runs} runs: as asked, but never a task without a run. */
    public int tasksFor(int runs) {
        return Math.min(tasks != null ? tasks : 4, runs);
    }
}
