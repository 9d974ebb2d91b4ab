package gridmarket.app.sweeps;

import gridmarket.app.BadInputException;
import picocli.CommandLine.Option;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options of {@code sweep --slurm}: how many array tasks, and what each asks Slurm for. Checked before anything
 * is written, each bad value a one-line {@link BadInputException}.
 */
public final class SlurmOptions {
    /**
     * sbatch's time forms: MINUTES, M:S, H:M:S, D-H, D-H:M, D-H:M:S ({@code 0}: no limit); UNLIMITED and INFINITE
     * are matched apart.
     */
    private static final Pattern TIME = Pattern.compile(
            "(\\d+)(?::(\\d{1,2}))?|(\\d+):(\\d{1,2}):(\\d{1,2})|(\\d+)-(\\d{1,2})(?::(\\d{1,2})(?::(\\d{1,2}))?)?");
    /** Slurm counts a time limit in whole seconds in a signed 32-bit integer. */
    private static final long MAX_SECONDS = Integer.MAX_VALUE;
    /** sbatch's size: megabytes, or a unit K, M, G or T (either case, as Slurm reads it), optionally then B. */
    private static final Pattern MEMORY = Pattern.compile("(\\d+)(?:([KkMmGgTt])[Bb]?)?");
    /** 2^40 megabytes (one exbibyte): far beyond any node, and safely inside Slurm's 64-bit count. */
    private static final long MAX_MEGABYTES = 1L << 40;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.,-]+");
    /** One sbatch option: {@code --name[=value]} or {@code -X[value]}, no control characters. */
    private static final Pattern EXTRA = Pattern.compile("--([a-z][a-z0-9-]*)(=[^\\p{Cntrl}]*)?"
            + "|-([A-Za-z])[^\\p{Cntrl}]*");
    /**
     * Options the scripts set themselves, or that would change the array or the merge job's shape: each as its long
     * name and its short letter (or a blank). sbatch takes any unambiguous prefix of a long name, so prefixes are
     * refused too.
     */
    private static final Map<String, String> OWN = ownOptions();
    /** Characters the scripts cannot carry in a path: Slurm's {@code #SBATCH --output} neither quotes nor escapes. */
    private static final Pattern UNSAFE_PATH = Pattern.compile("[\\s'\"`\\\\%$]|\\p{Cntrl}");

    @Option(names = "--slurm", description = "Submit the sweep to Slurm as an array job (one task per shard) and a "
            + "merge job that runs once every task succeeded, instead of running it here.")
    public boolean enabled;

    @Option(names = "--tasks", paramLabel = "N", description = "With --slurm: array tasks, i.e. shards (default: 4, "
            + "at most the number of runs).")
    Integer tasks;

    @Option(names = "--partition", paramLabel = "NAME", description = "With --slurm: the partition to run in.")
    String partition;

    @Option(names = "--time", paramLabel = "LIMIT", description = "With --slurm: time limit of each task, in sbatch's "
            + "forms (MINUTES, MINUTES:SECONDS, H:M:S, D-H, D-H:M, D-H:M:S, UNLIMITED).")
    String time;

    @Option(names = "--mem", paramLabel = "SIZE", description = "With --slurm: memory of each task in sbatch's form, "
            + "e.g. 4000 (MB), 8G, 8GB; 0 for all of a node's memory.")
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
        if (time != null) {
            checkTime(time);
        }
        if (memory != null) {
            checkMemory(memory);
        }
        for (String line : extra) {
            checkExtra(line);
        }
        if (runs == 0) {
            throw new BadInputException("--slurm: the sweep has no runs");
        }
    }

    /** A {@code --time} in one of sbatch's forms and inside the seconds Slurm can count. */
    static void checkTime(String value) {
        if (value.equalsIgnoreCase("UNLIMITED") || value.equalsIgnoreCase("INFINITE")) {
            return;
        }
        Matcher m = TIME.matcher(value);
        if (!m.matches()) {
            throw new BadInputException("--time: expected MINUTES, MINUTES:SECONDS, H:M:S, D-H, D-H:M, D-H:M:S, "
                    + "UNLIMITED or INFINITE, got '" + printable(value) + "'");
        }
        BigInteger seconds;
        if (m.group(1) != null) {
            seconds = seconds(m.group(1), 60, m.group(2), 1);
        } else if (m.group(3) != null) {
            seconds = seconds(m.group(3), 3600, m.group(4), 60).add(seconds(m.group(5), 1, null, 0));
        } else {
            seconds = seconds(m.group(6), 86_400, m.group(7), 3600).add(seconds(m.group(8), 60, m.group(9), 1));
        }
        if (seconds.compareTo(BigInteger.valueOf(MAX_SECONDS)) > 0) {
            throw new BadInputException("--time: at most " + MAX_SECONDS + " s (24855-03:14:07, the longest limit "
                    + "Slurm counts; UNLIMITED for none), got '" + value + "'");
        }
    }

    /** A {@code --mem} in sbatch's form ({@code 0}: all the memory of the node) and at most 2^40 MB. */
    static void checkMemory(String value) {
        Matcher m = MEMORY.matcher(value);
        if (!m.matches()) {
            throw new BadInputException("--mem: expected a size in megabytes or with a unit K, M, G or T (e.g. "
                    + "4000, 8G, 8GB; 0 for all of a node's memory), got '" + printable(value) + "'");
        }
        BigInteger megabytes = new BigInteger(m.group(1));
        String unit = m.group(2) == null ? "M" : m.group(2).toUpperCase(Locale.ROOT);
        megabytes = switch (unit) {
            case "K" -> megabytes.add(BigInteger.valueOf(1023)).shiftRight(10);
            case "G" -> megabytes.shiftLeft(10);
            case "T" -> megabytes.shiftLeft(20);
            default -> megabytes;
        };
        if (megabytes.compareTo(BigInteger.valueOf(MAX_MEGABYTES)) > 0) {
            throw new BadInputException("--mem: at most " + MAX_MEGABYTES + " MB (1048576T), got '" + value + "'");
        }
    }

    /** One extra {@code #SBATCH} option, which may not change what the scripts set themselves. */
    static void checkExtra(String line) {
        Matcher m = EXTRA.matcher(line);
        if (!m.matches()) {
            throw new BadInputException("--sbatch: expected one sbatch option such as --account=abc, got '"
                    + printable(line) + "'");
        }
        for (Map.Entry<String, String> own : OWN.entrySet()) {
            String name = own.getKey();
            boolean clash = m.group(1) != null ? name.startsWith(m.group(1)) : own.getValue().equals(m.group(3));
            if (clash) {
                throw new BadInputException("--sbatch: '" + printable(line) + "' would change --" + name
                        + ", which " + (OWN_REASON.getOrDefault(name, "the scripts set themselves")));
            }
        }
    }

    private static final Map<String, String> OWN_REASON = Map.of(
            "array", "makes the shards (use --tasks)",
            "dependency", "starts the merge job after the array",
            "partition", "has its own option --partition",
            "time", "has its own option --time",
            "mem", "has its own option --mem",
            "cpus-per-task", "follows --threads");

    private static Map<String, String> ownOptions() {
        Map<String, String> own = new LinkedHashMap<>();
        own.put("array", "a");
        own.put("dependency", "d");
        own.put("output", "o");
        own.put("error", "e");
        own.put("job-name", "J");
        own.put("cpus-per-task", "c");
        own.put("kill-on-invalid-dep", " ");
        own.put("partition", "p");
        own.put("time", "t");
        own.put("mem", " ");
        own.put("wrap", " ");
        own.put("parsable", " ");
        return own;
    }

    /**
     * The results folder as the scripts name it: Slurm's {@code --output} line takes it unquoted, so a path with a
     * blank, a quote, a backslash, {@code %} (Slurm's file-name patterns), {@code $} or a control character is refused.
     */
    public static void checkFolder(Path out) {
        String path = out.toAbsolutePath().normalize().toString();
        Matcher m = UNSAFE_PATH.matcher(path);
        if (m.find()) {
            throw new BadInputException("--out: the Slurm scripts cannot carry '" + printable(path) + "' (character "
                    + printable(m.group()) + " at " + (m.start() + 1) + "); choose a folder without blanks, quotes, "
                    + "backslashes, % or $");
        }
    }

    /** {@code a * aUnit + b * bUnit} seconds, a missing part counting 0. */
    private static BigInteger seconds(String a, long aUnit, String b, long bUnit) {
        BigInteger sum = a == null ? BigInteger.ZERO : new BigInteger(a).multiply(BigInteger.valueOf(aUnit));
        return b == null ? sum : sum.add(new BigInteger(b).multiply(BigInteger.valueOf(bUnit)));
    }

    /** A value as one printable line: control characters as \\n, \\t or \\uXXXX. */
    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append(Character.isISOControl(c) ? String.format(Locale.ROOT, "\\u%04x", (int) c)
                        : String.valueOf(c));
            }
        }
        return b.toString();
    }

    /** Array tasks for a sweep of {@code runs} runs: as asked, but never a task without a run. */
    public int tasksFor(int runs) {
        return Math.min(tasks != null ? tasks : 4, runs);
    }
}
