package gridmarket.app.commands;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress of a long run: plain lines outside a terminal, nothing for a short run. */
class RunProgressTest {

    @Test
    void plainLinesWithoutCarriageReturnsOutsideATerminal() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (RunProgress p = new RunProgress("ctc", new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 0, 0)) {
            p.at(1000, 4000, 3 * 86400);
            p.at(4100, 4000, 9 * 86400); // parts of multi-site jobs count as outcomes too
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(text.contains("\r"), text);
        String[] lines = text.split("\n");
        assertEquals(2, lines.length, text);
        assertTrue(lines[0].startsWith("run ctc: 1,000 of 4,000 jobs (25%), simulated day 3, "), lines[0]);
        assertTrue(lines[1].startsWith("run ctc: 4,000 of 4,000 jobs (100%), simulated day 9, "), lines[1]);
    }

    @Test
    void aShortRunShowsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (RunProgress p = new RunProgress("x", new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 60, 0)) {
            p.at(10, 20, 100);
        }
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void linesAreSpacedInWallTime() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (RunProgress p = new RunProgress("x", new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 0, 3600)) {
            for (int i = 1; i <= 50; i++) {
                p.at(i, 50, i);
            }
        }
        assertEquals(1, bytes.toString(StandardCharsets.UTF_8).split("\n").length, "one line, then an hour of quiet");
    }
}
