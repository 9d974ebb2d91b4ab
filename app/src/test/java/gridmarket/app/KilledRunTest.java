package gridmarket.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run killed with SIGKILL (no shutdown hook runs) while simulating or while drawing its charts leaves a folder that
 * neither {@code merge} nor {@code chart} takes as a complete run, and the next run of the same experiment into that
 * folder cleans it and completes.
 */
class KilledRunTest {
    @TempDir
    Path dir;

    /** Starts {@code gridmarket run} (the bundled default experiment) in its own JVM. */
    private Process start(Path out) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-Xmx1g", "-Djava.awt.headless=true", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("log-" + out.getFileName()).toFile()).start();
    }

    /** Kills the run with SIGKILL as soon as {@code when} holds for its folder; false if it ended first. */
    private static boolean killWhen(Process p, Path out, Predicate<Path> when) throws InterruptedException {
        while (p.isAlive()) {
            if (when.test(out)) {
                p.destroyForcibly().waitFor();
                return true;
            }
            Thread.sleep(2);
        }
        return false;
    }

    private static void assertNotTakenAsComplete(Path out) {
        assertFalse(Files.exists(out.resolve("summary.json")), "no completion marker");
        Cli merge = Cli.run("merge", out.toString(), "--out", out.resolveSibling(out.getFileName() + ".csv")
                .toString());
        assertEquals(2, merge.exit(), merge.err());
        assertTrue(merge.err().contains("no run folders"), merge.err());
        Cli chart = Cli.run("chart", "backlog", out.toString(), "--out", out.resolveSibling("charts").toString());
        assertEquals(2, chart.exit(), chart.err());
    }

    @Test
    void killedWhileSimulatingOrChartingIsNeverComplete() throws Exception {
        List<Predicate<Path>> points = List.of(
                out -> Files.exists(out.resolve("experiment.yaml")),          // claimed, simulating
                out -> Files.exists(out.resolve("jobs.csv")),                 // results being written
                out -> Files.isDirectory(out.resolve("charts")),              // charting
                out -> count(out.resolve("charts")) >= 3);                    // half-way through the charts
        int killed = 0;
        for (int i = 0; i < points.size(); i++) {
            Path out = dir.resolve("run" + i);
            Process p = start(out);
            if (killWhen(p, out, points.get(i))) {
                killed++;
                assertNotTakenAsComplete(out);
            }
        }
        assertTrue(killed >= 3, "the kill points were reached before the runs ended: " + killed);

        // the next run of the same experiment cleans the killed run's files and completes
        Path again = dir.resolve("run2");
        Process p = start(again);
        assertEquals(0, p.waitFor(), Files.readString(dir.resolve("log-run2")));
        assertTrue(Files.exists(again.resolve("summary.json")));
        try (Stream<Path> s = Files.walk(again)) {
            assertEquals(List.of(), s.filter(f -> f.getFileName().toString().endsWith(".partial")).toList());
        }
        assertEquals(0, Cli.run("merge", again.toString(), "--out", dir.resolve("m.csv").toString()).exit());
    }

    private static long count(Path folder) {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.count();
        } catch (IOException e) {
            return 0;
        }
    }
}
