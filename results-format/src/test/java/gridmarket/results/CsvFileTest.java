package gridmarket.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsvFileTest {
    @TempDir
    Path dir;

    @Test
    void quotesOnlyWhatMustBeQuoted() {
        assertEquals("plain", CsvFile.field("plain"));
        assertEquals("\"a,b\"", CsvFile.field("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", CsvFile.field("say \"hi\""));
        assertEquals("\"two\r\nlines\"", CsvFile.field("two\r\nlines"));
        assertEquals("", CsvFile.field(null));
        assertEquals("a,\"b,c\",\n", CsvFile.line(List.of("a", "b,c", "")));
    }

    @Test
    void readsWhatItWritesAndNamesTheLineOfABadCell() throws IOException {
        Path f = dir.resolve("t.csv");
        Files.writeString(f, CsvFile.line(List.of("name", "value")) + CsvFile.line(List.of("x, \"q\"\nnext", "1.5"))
                + CsvFile.line(List.of("y", "oops")));
        CsvFile csv = CsvFile.read(f);
        assertEquals(List.of("name", "value"), csv.header());
        assertEquals(2, csv.size());
        assertEquals("x, \"q\"\nnext", csv.text(0, 0));
        assertEquals(1.5, csv.number(0, 1));
        ResultsException e = assertThrows(ResultsException.class, () -> csv.number(1, 1));
        // the quoted line break makes the second record start on line 4
        assertEquals(f + ":4: column 'value': not a number 'oops'", e.getMessage());
    }

    @Test
    void aRecordWithTheWrongNumberOfFieldsIsNamedByLine() throws IOException {
        Path f = dir.resolve("t.csv");
        Files.writeString(f, "a,b\n1,2\n3\n");
        ResultsException e = assertThrows(ResultsException.class, () -> CsvFile.read(f));
        assertTrue(e.getMessage().startsWith(f + ":3: expected 2 fields"), e.getMessage());
    }

    @Test
    void aQuoteLeftOpenIsNamedByItsLine() throws IOException {
        Path f = dir.resolve("t.csv");
        Files.writeString(f, "a,b\n1,2\n3,\"4\n5,6\n");
        ResultsException e = assertThrows(ResultsException.class, () -> CsvFile.read(f));
        assertEquals(f + ":3: a quoted field is never closed (a '\"' is missing)", e.getMessage());
    }
}
