package gridmarket.app;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code validate} over the grammar's own corpus (market's test resources): every valid request, offer and machine
 * file is ok with exit 0, every invalid one is refused with exit 2 and the line:column its EXPECTED entry names.
 */
class ValidateLanguageTest {
    private static final Path CORPUS = Path.of("../market/src/test/resources/language");

    @TestFactory
    Stream<DynamicTest> validFilesAreOk() throws IOException {
        List<Path> files = list(CORPUS.resolve("valid"));
        assertTrue(files.size() >= 6, "the valid corpus is there");
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            Cli r = Cli.run("validate", f.toString());
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().startsWith(f + ": ok: "), r.out());
        }));
    }

    @Test
    void theThesisRequestIsDescribed() {
        Path f = CORPUS.resolve("valid/req001.req");
        Cli r = Cli.run("validate", f.toString());
        assertEquals(f + ": ok: 1 REQUEST object (\"Req001\")", r.out().strip());
    }

    @TestFactory
    Stream<DynamicTest> invalidFilesAreRefusedWhereTheyGoWrong() throws IOException {
        Map<String, String> expected = Files.readAllLines(CORPUS.resolve("invalid/EXPECTED")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).map(l -> l.split("\t", 2))
                .collect(Collectors.toMap(p -> p[0], p -> p[1]));
        assertTrue(expected.size() >= 25, "at least 25 invalid files");
        return expected.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> DynamicTest.dynamicTest(
                e.getKey(), () -> {
                    Path f = CORPUS.resolve("invalid").resolve(e.getKey());
                    Cli r = Cli.run("validate", f.toString());
                    assertEquals(2, r.exit(), r.out());
                    String where = e.getValue().substring(0, e.getValue().indexOf(": ") + 2);
                    assertTrue(r.err().strip().startsWith("gridmarket: error: " + f + ":" + where), r.err());
                    assertEquals(1, r.err().strip().lines().count(), r.err());
                }));
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
