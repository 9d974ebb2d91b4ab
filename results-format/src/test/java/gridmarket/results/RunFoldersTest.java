package gridmarket.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RunFoldersTest {
    @TempDir
    Path dir;

    private Path run(String path) throws IOException {
        Path f = Files.createDirectories(dir.resolve(path));
        Files.writeString(f.resolve(SummaryJson.FILE), "{}");
        return f;
    }

    @Test
    void runsBelowAFolderAreNamedRelativeToIt() throws IOException {
        run("s/runs/seed=2");
        run("s/runs/seed=1");
        List<RunFolders.Found> found = RunFolders.below(dir.resolve("s/runs"));
        assertEquals(List.of("seed=1", "seed=2"), RunFolders.names(found));
    }

    @Test
    void aRunGivenItselfIsNamedByItsFolderAndCollisionsByTheFolderAbove() throws IOException {
        Path a = run("a/run");
        Path b = run("b/run");
        run("s1/runs/seed=1");
        run("s2/runs/seed=1");
        List<RunFolders.Found> found = new java.util.ArrayList<>(List.of(new RunFolders.Found(a, a),
                new RunFolders.Found(b, b)));
        found.addAll(RunFolders.below(dir.resolve("s1")));
        found.addAll(RunFolders.below(dir.resolve("s2")));
        assertEquals(List.of("a/run", "b/run", "s1/runs/seed=1", "s2/runs/seed=1"), RunFolders.names(found));
        assertEquals(List.of("run"), RunFolders.names(List.of(new RunFolders.Found(a, a))));
        assertEquals(List.of("a"), RunFolders.names(List.of(new RunFolders.Found(dir.resolve("a/run/.."),
                dir.resolve("a/run/..")))));
    }
}
