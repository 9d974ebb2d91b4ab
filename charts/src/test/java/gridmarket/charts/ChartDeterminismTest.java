package gridmarket.charts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The same results give the same files, byte for byte. */
class ChartDeterminismTest {
    @TempDir
    Path dir;

    @Test
    void sameInputSameSvgTextAndPngBytes() throws Exception {
        Path run = Fixtures.copy("market", dir).resolve("runs/MF1-UF1");
        Path results = Fixtures.copy("sweep", dir).resolve("results.csv");
        for (ChartKind kind : List.of(ChartKind.GANTT, ChartKind.BACKLOG, ChartKind.STRATEGIES)) {
            Path input = kind == ChartKind.STRATEGIES ? results : run;
            List<Path> a = new Charts().write(kind, List.of(input), new ChartOptions(), dir.resolve("a"));
            List<Path> b = new Charts().write(kind, List.of(input), new ChartOptions(), dir.resolve("b"));
            assertEquals(a.size(), b.size());
            for (int i = 0; i < a.size(); i++) {
                assertArrayEquals(Files.readAllBytes(a.get(i)), Files.readAllBytes(b.get(i)), a.get(i).toString());
            }
        }
        try (var files = Files.list(dir.resolve("a"))) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".partial")), "no temporary files");
        }
    }

    @Test
    void fileNamesAreSafe() {
        assertEquals("strategies-awrt-workload=a_b", ChartFiles.safe("strategies-awrt-workload=a/b"));
        String longName = ChartFiles.safe("x".repeat(400));
        assertEquals(134, longName.length());
    }
}
