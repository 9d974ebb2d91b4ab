package gridmarket.app.commands;

import gridmarket.config.ExperimentSpec;
import gridmarket.config.ShapeSpec;
import gridmarket.config.WorkloadSpec;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which compilers a {@code run} needs, decided once the experiment is known. The launcher starts {@code run} with C1
 * alone ({@code -XX:TieredStopAtLevel=1}), which makes the runs of seconds that most are fastest as whole processes,
 * and marks that choice as its own ({@code -Dgridmarket.compiler=auto}). An experiment whose run takes minutes under
 * C1 alone (a market or conservative backfilling on 50,000 jobs or more: 205 s against 90 s for the 200,000-job
 * market, 12 s against 9.5 s for CTC/256 conservative) then runs in a fresh JVM with both compilers instead, which
 * costs one more JVM start (about 0.2 s). Only the launcher's own choice is revised: options given in
 * {@code GRIDMARKET_JAVA_OPTS} or on the {@code java} command line are kept as they are.
 */
final class CompilerChoice {
    /** The property by which the launcher marks C1 alone as its own choice. */
    static final String PROPERTY = "gridmarket.compiler";
    static final String AUTO = "auto";
    private static final String C1_ALONE = "-XX:TieredStopAtLevel=1";
    /** Jobs from which a costly strategy's run is long enough for the optimizing compiler to pay off. */
    static final long LARGE = 50_000;
    /** Bytes per job of a gzipped SWF trace (CTC 19, HPC2N 15) and of a plain one (about 80): a cautious guess. */
    private static final int GZIP_BYTES_PER_JOB = 15;
    private static final int PLAIN_BYTES_PER_JOB = 70;

    private CompilerChoice() {
    }

    /** Whether this run should move to a JVM with both compilers: the launcher chose C1 and the run is large. */
    static boolean wantsBoth(ExperimentSpec spec) {
        return AUTO.equals(System.getProperty(PROPERTY)) && costly(spec) && estimatedJobs(spec) >= LARGE;
    }

    /** The strategies whose cost per job grows with the queue: the market, and conservative backfilling. */
    static boolean costly(ExperimentSpec spec) {
        String policy = spec.getPolicy() == null ? "" : spec.getPolicy().toLowerCase(Locale.ROOT);
        return isMarket(spec) || policy.contains("conservative");
    }

    static boolean isMarket(ExperimentSpec spec) {
        return "market".equals(spec.getStrategy());
    }

    /** The number of jobs, or a guess from the trace's size in bytes; 0 if there is nothing to go by. */
    static long estimatedJobs(ExperimentSpec spec) {
        WorkloadSpec w = spec.getWorkload();
        if (w == null) {
            return 0;
        }
        long jobs = 0;
        if (w.getGenerate() != null) {
            jobs = w.getGenerate().getJobs();
        } else if (w.getSwf() != null) {
            try {
                Path trace = Path.of(w.getSwf());
                jobs = Files.size(trace) / (trace.toString().endsWith(".gz") ? GZIP_BYTES_PER_JOB
                        : PLAIN_BYTES_PER_JOB);
            } catch (IOException | RuntimeException e) {
                return 0; // the run itself names what is wrong with the trace
            }
        }
        ShapeSpec shape = w.getShape();
        if (shape != null && shape.getTo() != null) {
            jobs = Math.min(jobs, shape.getTo() - (shape.getFrom() == null ? 0 : shape.getFrom()));
        }
        return jobs;
    }

    /**
     * The command that runs {@code args} again in a JVM like this one with both compilers, or empty if this JVM's
     * options cannot be read.
     */
    static Optional<List<String>> commandWithBoth(List<String> args) {
        List<String> jvm;
        try {
            jvm = ManagementFactory.getRuntimeMXBean().getInputArguments();
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
        return Optional.of(commandWithBoth(Path.of(System.getProperty("java.home"), "bin", "java").toString(), jvm,
                System.getProperty("java.class.path"), args));
    }

    /** The command: {@code java}, the JVM's options without C1 alone and its mark, the class path, Main, args. */
    static List<String> commandWithBoth(String java, List<String> jvmOptions, String classPath, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        for (String option : jvmOptions) {
            if (!option.equals(C1_ALONE) && !option.equals("-D" + PROPERTY + "=" + AUTO)) {
                command.add(option);
            }
        }
        command.add("-cp");
        command.add(classPath);
        command.add("gridmarket.app.Main");
        command.addAll(args);
        return command;
    }
}
