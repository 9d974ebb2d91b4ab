package gridmarket.app;

import gridmarket.app.commands.RunCommand;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** A small sweep for tests: the bundled default experiment with 200 jobs, three policies times two seeds. */
final class SweepFixture {
    static final Set<String> RUN_IDS = Set.of("policy=fcfs,seed=1", "policy=fcfs,seed=2", "policy=easy,seed=1",
            "policy=easy,seed=2", "policy=conservative,seed=1", "policy=conservative,seed=2");

    private SweepFixture() {
    }

    /** Writes {@code base.yaml} (200 generated jobs) into {@code dir}. */
    static Path base(Path dir) throws IOException {
        String text;
        try (InputStream in = RunCommand.class.getResourceAsStream(RunCommand.DEFAULT_EXPERIMENT)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!text.contains("jobs: 2000")) {
            throw new IllegalStateException("the default experiment changed: " + text);
        }
        Path base = Files.createDirectories(dir).resolve("base.yaml");
        Files.writeString(base, text.replace("jobs: 2000", "jobs: 200"));
        return base;
    }

    /** Writes the base and a sweep file with the given {@code vary} block (indented lines) into {@code dir}. */
    static Path sweep(Path dir, String name, String vary) throws IOException {
        base(dir);
        Path sweep = dir.resolve(name + ".yaml");
        Files.writeString(sweep, "name: " + name + "\nexperiment: base.yaml\nvary:\n" + vary);
        return sweep;
    }

    /** The policy x seed sweep of the tests. */
    static Path policiesBySeeds(Path dir) throws IOException {
        return sweep(dir, "x6", "  policy: [fcfs, easy, conservative]\n  seed: [1, 2]\n");
    }

    /** Names of the complete run folders (with summary.json) under {@code runs}. */
    static Set<String> completeRuns(Path runs) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(p -> Files.isRegularFile(p.resolve("summary.json")))
                    .map(p -> p.getFileName().toString()).collect(TreeSet::new, Set::add, Set::addAll);
        }
    }
}
