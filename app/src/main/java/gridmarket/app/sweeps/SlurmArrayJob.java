package gridmarket.app.sweeps;

import gridmarket.app.results.AtomicFiles;
import gridmarket.app.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A sweep as a Slurm array job: task K of N runs shard K/N of the sweep into the shared results folder, and a merge
 * job, submitted with {@code --dependency=afterok} on the array, writes {@code results.csv} and the charts once every
 * task succeeded. Both are plain batch scripts in {@code OUT/slurm/}, so a user can read, change and submit them by
 * hand.
 *
 * <p>Resuming is the sweep's own: a run folder with a {@code summary.json} is complete and skipped, so after a killed
 * or failed task the same command submits again and only the missing runs are made. The merge job of the first
 * submission is then never started ({@code --kill-on-invalid-dep}), the second's merges everything.
 */
public final class SlurmArrayJob {
    /** The sbatch program; a system property lets tests point at a missing or recording one. */
    public static final String SBATCH_PROPERTY = "gridmarket.sbatch";

    private final Path sweepFile;
    private final Path out;
    private final String name;
    private final int tasks;
    private final int threads;
    private final boolean charts;
    private final boolean batsim;
    private final SlurmOptions options;

    /** As {@link #SlurmArrayJob(Path, Path, String, int, int, boolean, boolean, SlurmOptions)}, no Batsim files. */
    public SlurmArrayJob(Path sweepFile, Path out, String name, int tasks, int threads, boolean charts,
                  SlurmOptions options) {
        this(sweepFile, out, name, tasks, threads, charts, false, options);
    }

    /** An array job whose tasks also write each run's Batsim files if {@code batsim} ({@code sweep --batsim}). */
    public SlurmArrayJob(Path sweepFile, Path out, String name, int tasks, int threads, boolean charts,
                  boolean batsim, SlurmOptions options) {
        this.batsim = batsim;
        this.sweepFile = sweepFile.toAbsolutePath().normalize();
        this.out = out.toAbsolutePath().normalize();
        this.name = name;
        this.tasks = tasks;
        this.threads = threads;
        this.charts = charts;
        this.options = options;
    }

    /** The array job's script: one shard per task. */
    public String arrayScript() {
        List<String> lines = header("gm-" + name, logs().resolve("%x-%A_%a.out"));
        lines.add(1, "# gridmarket sweep " + name + " as " + tasks + " array tasks; task K runs shard K/" + tasks);
        lines.add(lines.size(), "#SBATCH --array=1-" + tasks);
        lines.add("set -euo pipefail");
        List<String> args = new ArrayList<>(List.of("sweep", quote(sweepFile.toString()), "--shard",
                "\"${SLURM_ARRAY_TASK_ID}/" + tasks + "\"", "--threads", String.valueOf(threads), "--out",
                quote(out.toString()), "--no-charts", "--no-progress"));
        if (batsim) {
            args.add("--batsim");
        }
        lines.add(command(args.toArray(String[]::new)));
        return String.join("\n", lines) + "\n";
    }

    /** The merge job's script: the sweep once more, which skips every complete run, merges and draws. */
    public String mergeScript() {
        List<String> lines = header("gm-" + name + "-merge", logs().resolve("%x-%j.out"));
        lines.add(1, "# gridmarket sweep " + name + ": merge into results.csv once every array task succeeded");
        lines.add(lines.size(), "#SBATCH --kill-on-invalid-dep=yes");
        lines.add("set -euo pipefail");
        List<String> args = new ArrayList<>(List.of("sweep", quote(sweepFile.toString()), "--threads",
                String.valueOf(threads), "--out", quote(out.toString()), "--no-progress"));
        if (!charts) {
            args.add("--no-charts");
        }
        lines.add(command(args.toArray(String[]::new)));
        return String.join("\n", lines) + "\n";
    }

    private List<String> header(String jobName, Path log) {
        List<String> lines = new ArrayList<>();
        lines.add("#!/bin/bash");
        lines.add("#SBATCH --job-name=" + jobName);
        lines.add("#SBATCH --output=" + log);
        lines.add("#SBATCH --cpus-per-task=" + threads);
        if (options.partition != null) {
            lines.add("#SBATCH --partition=" + options.partition);
        }
        if (options.time != null) {
            lines.add("#SBATCH --time=" + options.time);
        }
        if (options.memory != null) {
            lines.add("#SBATCH --mem=" + options.memory);
        }
        for (String e : options.extra) {
            lines.add("#SBATCH " + e);
        }
        return lines;
    }

    /**
     * The gridmarket command line on a compute node: this JVM and class path (a shared filesystem is assumed, as for
     * the traces), {@code GRIDMARKET_JAVA} and {@code GRIDMARKET_JAVA_OPTS} to change them.
     */
    private static String command(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = absoluteClassPath();
        return "exec \"${GRIDMARKET_JAVA:-" + java + "}\" ${GRIDMARKET_JAVA_OPTS:-} -cp " + quote(classPath)
                + " gridmarket.app.Main " + String.join(" ", args);
    }

    private static String absoluteClassPath() {
        List<String> parts = new ArrayList<>();
        for (String p : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (!p.isEmpty()) {
                parts.add(Path.of(p).toAbsolutePath().normalize().toString());
            }
        }
        return String.join(java.io.File.pathSeparator, parts);
    }

    /** Single-quoted for the shell. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private Path dir() {
        return out.resolve("slurm");
    }

    private Path logs() {
        return dir().resolve("logs");
    }

    /** Writes both scripts into {@code OUT/slurm/} (and its {@code logs/}, which Slurm does not create). */
    public List<Path> write() {
        Path array = dir().resolve("sweep.sbatch");
        Path merge = dir().resolve("merge.sbatch");
        try {
            Files.createDirectories(logs());
        } catch (IOException e) {
            throw new BadInputException("cannot create " + logs() + ": " + e.getMessage());
        }
        AtomicFiles.write(array, w -> w.write(arrayScript()));
        AtomicFiles.write(merge, w -> w.write(mergeScript()));
        return List.of(array, merge);
    }

    /**
     * Submits the array job, then the merge job depending on it.
     *
     * @return the two job ids
     * @throws BadInputException if sbatch is missing or refuses a script (its first line of output)
     */
    public List<String> submit(List<Path> scripts) {
        String arrayId = sbatch(List.of(scripts.get(0).toString()));
        String mergeId = sbatch(List.of("--dependency=afterok:" + arrayId, scripts.get(1).toString()));
        return List.of(arrayId, mergeId);
    }

    private static String sbatch(List<String> args) {
        String program = System.getProperty(SBATCH_PROPERTY, "sbatch");
        List<String> cmd = new ArrayList<>();
        cmd.add(program);
        cmd.add("--parsable");
        cmd.addAll(args);
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new BadInputException("--slurm: cannot start '" + program + "' (is Slurm installed here? "
                    + "--dry-run writes the scripts without submitting)");
        }
        String output;
        int code;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            code = p.waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for sbatch", e);
        }
        String first = output.lines().findFirst().orElse("").strip();
        if (code != 0) {
            throw new BadInputException(String.format(Locale.ROOT, "--slurm: sbatch %s failed (exit %d): %s",
                    args.get(args.size() - 1), code, first.isEmpty() ? "no message" : first));
        }
        // --parsable prints "jobid" or "jobid;cluster"
        String id = first.contains(";") ? first.substring(0, first.indexOf(';')) : first;
        if (!id.matches("\\d+")) {
            throw new BadInputException("--slurm: sbatch printed no job id: '" + first + "'");
        }
        return id;
    }
}
