package gridmarket.app;

import gridmarket.app.sweeps.SweepLoader;
import gridmarket.app.sweeps.SweepPlan;
import gridmarket.app.sweeps.SweepRun;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.ShapeSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code validate} accepts exactly what {@code run} can run: every experiment of {@code examples/}, and the first
 * and last run of every sweep there, cut to a few hundred jobs (or one short replication) so that the test stays
 * fast, is written as {@code run} writes its {@code experiment.yaml}, accepted by {@code validate} and then run to
 * the end (exit 0). The refusals are the corpora's business ({@link BadInputCorpusTest}); the schema fuzzer
 * ({@link SchemaFuzzTest}) applies the same rule to every input it makes that {@code validate} accepts.
 */
class ValidateThenRunTest {
    private static final Path EXAMPLES = Path.of("..", "examples");
    /** Jobs kept of each workload: enough for every strategy to queue, backfill and (market) trade. */
    private static final int JOBS = 150;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyExampleThatValidateAcceptsRuns() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(EXAMPLES)) {
            files = all.filter(f -> f.toString().endsWith(".yaml") && !f.toString().contains("plugin"))
                    .sorted().toList();
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : files) {
            for (ExperimentSpec spec : experiments(f)) {
                tests.add(DynamicTest.dynamicTest(f + " " + spec.getName(), () -> validateThenRunCut(spec)));
            }
        }
        assertTrue(tests.size() >= 30, "the examples give at least 30 experiments, got " + tests.size());
        return tests.stream();
    }

    /** An experiment file's experiment, or a sweep's first and last run. */
    private static List<ExperimentSpec> experiments(Path f) {
        try {
            if (Files.readString(f).lines().noneMatch(l -> l.startsWith("vary:"))) {
                return List.of(new ExperimentLoader().load(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<SweepRun> runs = new SweepPlan(new SweepLoader().load(f)).expand(new ExperimentLoader());
        return runs.size() == 1 ? List.of(runs.get(0).spec())
                : List.of(runs.get(0).spec(), runs.get(runs.size() - 1).spec());
    }

    /** The experiment on its first {@link #JOBS} jobs, or with one short replication. */
    private static ExperimentSpec cut(ExperimentSpec spec) {
        if (spec.isForkJoin()) {
            spec.getForkjoin().setReplications(1);
            spec.getForkjoin().setWarmup(100);
            spec.getForkjoin().setMeasured(500);
        } else if (spec.isIbts()) {
            spec.getIbts().setReplications(1);
            spec.getIbts().setJobsPerClass(5);
        } else if (spec.getWorkload().getGenerate() != null) {
            spec.getWorkload().getGenerate().setJobs(Math.min(JOBS, spec.getWorkload().getGenerate().getJobs()));
        } else {
            ShapeSpec shape = spec.getWorkload().getShape() != null ? spec.getWorkload().getShape() : new ShapeSpec();
            int from = shape.getFrom() == null ? 0 : shape.getFrom();
            shape.setTo(shape.getTo() == null ? from + JOBS : Math.min(shape.getTo(), from + JOBS));
            spec.getWorkload().setShape(shape);
        }
        return spec;
    }

    /**
     * The experiment cut ({@link #cut}), or whole where the cut run would end before a failure window or outage of its
     * files (a window must lie in the run, and validate refuses one outside it, naming it; X9's outage is in the
     * middle of 10,000 jobs).
     */
    private void validateThenRunCut(ExperimentSpec spec) throws IOException {
        String whole = new ExperimentLoader().toYaml(spec);
        String cut = new ExperimentLoader().toYaml(cut(spec));
        Path here = Files.createTempDirectory(dir, "cut");
        Cli validate = Cli.run("validate", Files.writeString(here.resolve("e.yaml"), cut).toString());
        boolean windowBeyondCut = validate.exit() == 2 && validate.err().contains("lies outside the run")
                && spec.getFailures() != null;
        validateThenRun(windowBeyondCut ? whole : cut);
    }

    private void validateThenRun(String yaml) throws IOException {
        Path here = Files.createTempDirectory(dir, "case");
        Path file = Files.writeString(here.resolve("e.yaml"), yaml);
        Cli validate = Cli.run("validate", file.toString());
        assertEquals(0, validate.exit(), "validate: " + validate.err());
        Cli run = Cli.run("run", file.toString(), "--out", here.resolve("out").toString(), "--no-charts");
        assertEquals(0, run.exit(), "validate accepted it, so run must run it: " + run.err());
        assertTrue(Files.isRegularFile(here.resolve("out").resolve("summary.json")), "a complete run");
    }
}
