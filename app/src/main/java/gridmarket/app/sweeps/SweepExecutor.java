package gridmarket.app.sweeps;

import gridmarket.app.results.AtomicFiles;
import gridmarket.app.results.ExperimentRunner;
import gridmarket.app.results.ResultFolder;
import gridmarket.app.BadInputException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gridmarket.config.ExperimentLoader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;

/**
 * Runs the runs of a sweep on a pool of threads, each into {@code RUNS/<run id>/}. A run folder with a
 * {@code summary.json} is complete (the result writer writes it last), so such runs are skipped: a killed sweep
 * resumes where it stopped. A run that fails is recorded and the others go on.
 */
public final class SweepExecutor {
    /** A run that threw: its id and a one-line message. */
    public record Failure(int index, String runId, String message) {
    }

    /**
     * What a sweep did.
     *
     * @param total    runs in the sweep (or shard)
     * @param ran      runs started now
     * @param skipped  runs already complete
     * @param failures the runs among {@code ran} that failed, in expansion order
     * @param seconds  wall time of the runs
     */
    public record Report(int total, int ran, int skipped, List<Failure> failures, double seconds) {
        /** Runs finished per second of wall time, counting only the runs made now. */
        public double runsPerSecond() {
            return seconds > 0 ? ran / seconds : 0;
        }
    }

    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final ExperimentRunner runner;

    /** An executor writing each run's own files. */
    public SweepExecutor() {
        this(false);
    }

    /** An executor that also writes each run's Batsim files if {@code batsim}. */
    public SweepExecutor(boolean batsim) {
        runner = new ExperimentRunner(batsim);
    }

    /**
     * The runs of {@code runs} not complete in {@code runsDir}.
     *
     * @throws BadInputException if a complete run there is of a different experiment than the sweep now plans (the
     *                           sweep file or its base changed): resuming would mix the two
     */
    public static List<SweepRun> pending(List<SweepRun> runs, Path runsDir) {
        ExperimentLoader loader = new ExperimentLoader();
        List<SweepRun> todo = new ArrayList<>();
        for (SweepRun r : runs) {
            Path dir = runsDir.resolve(r.id());
            if (!ResultFolder.isComplete(dir)) {
                todo.add(r);
            } else if (!loader.toYaml(r.spec()).equals(ResultFolder.claimedFor(dir))) {
                throw new BadInputException(dir + ": holds the results of a different experiment than this sweep "
                        + "makes for run " + r.id() + " (the sweep or its base changed?); give another --out or "
                        + "remove the folder");
            }
        }
        return todo;
    }

    /** Runs {@code todo} (the pending part of {@code total} runs) with up to {@code threads} at once. */
    public Report execute(int total, List<SweepRun> todo, Path runsDir, int threads, SweepProgress progress) {
        long t0 = System.nanoTime();
        List<Failure> failures = Collections.synchronizedList(new ArrayList<>());
        if (!todo.isEmpty()) {
            ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, todo.size()), daemons());
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (SweepRun run : todo) {
                    futures.add(pool.submit(() -> {
                        Failure f = runOne(run, runsDir);
                        if (f != null) {
                            failures.add(f);
                        }
                        progress.done(f == null);
                    }));
                }
                for (Future<?> f : futures) {
                    await(f);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        List<Failure> sorted = new ArrayList<>(failures);
        sorted.sort(Comparator.comparingInt(Failure::index));
        return new Report(total, todo.size(), total - todo.size(), sorted, (System.nanoTime() - t0) / 1e9);
    }

    private Failure runOne(SweepRun run, Path runsDir) {
        Path dir = runsDir.resolve(run.id());
        try {
            AtomicFiles.write(dir.resolve("params.json"), params(run));
            runner.run(run.spec(), dir);
            return null;
        } catch (RuntimeException e) {
            return new Failure(run.index(), run.id(), oneLine(e));
        }
    }

    private String params(SweepRun run) {
        ObjectNode p = json.createObjectNode();
        run.params().forEach(p::set);
        try {
            return json.writeValueAsString(p) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree always serializes", e);
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        String text = m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
        return text.lines().findFirst().orElse(text).strip();
    }

    private static void await(Future<?> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep interrupted", e);
        } catch (ExecutionException e) {
            // runOne catches what a run throws; what gets here (an Error) ends the sweep
            Throwable cause = e.getCause();
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Worker threads must not keep the JVM alive after an error has ended the sweep. */
    private static ThreadFactory daemons() {
        return r -> {
            Thread t = new Thread(r, "sweep-worker");
            t.setDaemon(true);
            return t;
        };
    }
}
