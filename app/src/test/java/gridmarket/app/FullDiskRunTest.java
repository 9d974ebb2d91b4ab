package gridmarket.app;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run that cannot write one of its files, a figure or the jobs, as on a full disk, exits with one line and code 2,
 * and no {@code summary.json} marks its folder complete. The disk fills at the file-size limit the run's own JVM is
 * started under (the shell's {@code ulimit -f}): a write beyond it fails as a write to a full disk does, in the middle
 * of the file; the same run without the limit completes, so the limit is what failed it.
 */
class FullDiskRunTest {
    private static final Path BASH = Path.of("/bin/bash");

    @TempDir
    Path dir;

    /** Runs {@code gridmarket run} in its own JVM, its files limited to {@code kilobytes} ("unlimited": none). */
    private Cli run(Path experiment, Path out, String kilobytes) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = dir.resolve("log-" + out.getFileName());
        // no performance-data file: the JVM's own 32 KB file would meet the limit before the run does
        Process p = new ProcessBuilder(List.of(BASH.toString(), "-c", "ulimit -f " + kilobytes + " && exec \"$@\"",
                "bash", java, "-XX:-UsePerfData", "-Xmx512m", "-Djava.awt.headless=true", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", experiment.toString(), "--out",
                out.toString())).redirectOutput(log.toFile()).redirectError(dir.resolve("err-" + out.getFileName())
                .toFile()).start();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "the run ends");
        return new Cli(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err-" + out.getFileName()), StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0} jobs: {1}")
    @CsvSource({"20, charts", "1000, "})
    void aFileThatCannotBeWrittenFailsTheRunBeforeItsSummary(int jobs, String failing) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(BASH), "needs bash for ulimit");
        Path e = dir.resolve("e.yaml");
        Files.writeString(e, "name: t\nseed: 1\nworkload: {generate: {model: poisson, jobs: " + jobs
                + ", nodes: 8, load: 0.5, meanRunTime: 100}}\nmachines: [{name: m1, nodes: 8}]\n");
        // 16 KB holds experiment.yaml and the 20 jobs' files, not a figure; nor the 1,000 jobs' files
        Path full = dir.resolve("full");
        Cli r = run(e, full, "16");
        assertEquals(2, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
        assertTrue(err.contains("cannot write " + full), err);
        if (failing != null) {
            assertTrue(err.contains("charts of " + full) && err.contains("not marked complete"), err);
        } else {
            assertFalse(err.contains("charts"), "the jobs fail before any figure: " + err);
        }
        assertTrue(Files.isRegularFile(full.resolve("experiment.yaml")), "the run had started");
        assertFalse(Files.exists(full.resolve("summary.json")), "not marked complete");
        assertEquals(2, Cli.run("merge", full.toString(), "--out", dir.resolve("m.csv").toString()).exit(),
                "merge takes no incomplete run");

        Path free = dir.resolve("free");
        Cli ok = run(e, free, "unlimited");
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(Files.isRegularFile(free.resolve("summary.json")));
        assertTrue(Files.size(free.resolve("charts/backlog.png")) > 16 * 1024 || jobs > 20,
                "a figure is larger than the limit");
    }
}
