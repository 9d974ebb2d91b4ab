package gridmarket.market.language;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The grammar against files: every file under language/valid parses, prints and re-parses to an equal document, and
 * printing is a fixed point; every file under language/invalid gives the one-line error its EXPECTED entry names.
 */
class LanguageCorpusTest {
    private static final Path VALID = Path.of("src/test/resources/language/valid");
    private static final Path INVALID = Path.of("src/test/resources/language/invalid");

    private final DescriptionParser parser = new DescriptionParser();
    private final DescriptionPrinter printer = new DescriptionPrinter();

    @TestFactory
    Stream<DynamicTest> validFilesRoundTrip() throws IOException {
        List<Path> files = files(VALID);
        assertTrue(files.size() >= 6, "the valid corpus is there");
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            Document d = parser.parse(f, ObjectKind.ofFile(f).orElseThrow());
            String printed = printer.print(d);
            Document again = parser.parse("printed " + f.getFileName(), printed);
            assertEquals(d, again);
            assertEquals(printed, printer.print(again), "printing a printed document changes nothing");
        }));
    }

    @TestFactory
    Stream<DynamicTest> invalidFilesNameLineAndColumn() throws IOException {
        Map<String, String> expected = expectations();
        Set<String> names = files(INVALID).stream().map(f -> f.getFileName().toString())
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(names, new TreeSet<>(expected.keySet()), "every invalid file has one expectation");
        assertTrue(names.size() >= 25, "at least 25 invalid files, got " + names.size());
        return expected.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            Path file = INVALID.resolve(e.getKey());
            ObjectKind kind = ObjectKind.ofFile(file).orElseThrow();
            LanguageException error = assertThrows(LanguageException.class, () -> parser.parse(file, kind));
            String where = e.getValue().substring(0, e.getValue().indexOf(": ") + 2);
            String says = e.getValue().substring(where.length());
            assertTrue(error.getMessage().startsWith(file + ":" + where), error.getMessage());
            assertTrue(error.getMessage().contains(says), error.getMessage() + " should say " + says);
            assertFalse(error.getMessage().contains("\n") || error.getMessage().contains("\r"),
                    "one line: " + error.getMessage());
        }));
    }

    @Test
    void aFileThatIsNotUtf8IsNamed() throws IOException {
        Path f = Files.createTempFile("binary", ".req");
        try {
            Files.write(f, new byte[] {'R', 'E', (byte) 0xC3, (byte) 0x28, 0});
            LanguageException e = assertThrows(LanguageException.class, () -> parser.parse(f));
            assertEquals(f + ": not UTF-8 text", e.getMessage());
        } finally {
            Files.delete(f);
        }
    }

    @Test
    void theExtensionNamesTheKind() {
        assertEquals(Optional.of(ObjectKind.REQUEST), ObjectKind.ofFile(Path.of("a/Req001.REQ")));
        assertEquals(Optional.of(ObjectKind.OFFER), ObjectKind.ofFile(Path.of("o.offer")));
        assertEquals(Optional.of(ObjectKind.MASCHINE), ObjectKind.ofFile(Path.of("m.mach")));
        assertEquals(Optional.empty(), ObjectKind.ofFile(Path.of("e.yaml")));
    }

    @Test
    void aMissingFileIsNamed() {
        Path f = INVALID.resolve("no-such-file.req");
        LanguageException e = assertThrows(LanguageException.class, () -> parser.parse(f));
        assertEquals(f + ": no such file", e.getMessage());
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> !f.getFileName().toString().equals("EXPECTED")).sorted().toList();
        }
    }

    private static Map<String, String> expectations() throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(INVALID.resolve("EXPECTED"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] parts = line.split("\t", 2);
                m.put(parts[0], parts[1]);
            }
        }
        return m;
    }
}
