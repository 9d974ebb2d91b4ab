package gridmarket.app;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code gridmarket check} on a real market run (the GUI's example, 300 jobs on m128), and on copies of it whose
 * {@code jobs.csv} lost a job or broke a promise.
 */
class CheckCommandTest {
    @TempDir
    static Path dir;
    static Path run;

    @BeforeAll
    static void runTheExample() {
        run = dir.resolve("market");
        Cli r = Cli.run("run", Path.of("..", "examples", "gui", "market-small.yaml").toString(), "--out",
                run.toString(), "--no-charts");
        assertEquals(0, r.exit(), r.err());
    }

    @Test
    void aMarketRunIsFeasibleEveryJobReadReportedAndEveryPromiseKept() {
        Cli r = Cli.run("check", run.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(run + ": feasible, 300 jobs read, 300 completed + 0 rejected, promises kept"),
                r.out());
        assertTrue(r.out().endsWith("1 runs checked, 1 feasible, 0 not\n"), r.out());
    }

    @Test
    void aLostJobFailsTheCheck() throws IOException {
        Path broken = copy("lost");
        List<String> lines = new ArrayList<>(Files.readAllLines(broken.resolve("jobs.csv")));
        String lost = lines.remove(5);
        Files.write(broken.resolve("jobs.csv"), lines);
        Cli r = Cli.run("check", dir.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(broken + ": NOT feasible, 300 jobs read"), r.out());
        assertTrue(r.out().contains("job " + lost.substring(0, lost.indexOf(',')) + " is missing"), r.out());
        assertTrue(r.out().contains(run + ": feasible"), "the other run still passes: " + r.out());
    }

    @Test
    void aJobStartedAfterItsPromiseFailsTheCheck() throws IOException {
        Path broken = copy("late");
        List<String> lines = new ArrayList<>(Files.readAllLines(broken.resolve("jobs.csv")));
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int start = header.indexOf("start");
        int promised = header.indexOf("promised_start");
        String[] f = lines.get(1).split(",", -1);
        f[promised] = Long.toString(Long.parseLong(f[start]) - 1);
        lines.set(1, String.join(",", f));
        Files.write(broken.resolve("jobs.csv"), lines);
        Cli r = Cli.run("check", broken.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("is later than the promised start " + f[promised]), r.out());
    }

    @Test
    void aFolderThatIsNotThereIsBadInput() {
        Cli r = Cli.run("check", dir.resolve("nowhere").toString());
        assertEquals(Main.BAD_INPUT, r.exit());
        assertEquals("gridmarket: error: " + dir.resolve("nowhere") + ": no such folder", r.err().strip());
    }

    private static Path copy(String name) throws IOException {
        Path to = Files.createDirectories(dir.resolve("broken").resolve(name));
        for (String f : List.of("jobs.csv", "summary.json", "experiment.yaml")) {
            Files.copy(run.resolve(f), to.resolve(f));
        }
        return to;
    }
}
