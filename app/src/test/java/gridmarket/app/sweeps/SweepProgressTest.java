package gridmarket.app.sweeps;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sweep's progress where stderr is a log: plain lines, no carriage returns; nothing when switched off. */
class SweepProgressTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(out, true, StandardCharsets.UTF_8);

    private List<String> lines() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void aLogGetsPlainLinesWithRunsDoneFailuresAndTimeLeft() {
        try (SweepProgress p = SweepProgress.open(null, false, "sweep s", 4, " runs", err, 0, 0)) {
            p.done(true);
            p.done(false);
            p.done(true);
            p.done(true);
        }
        List<String> lines = lines();
        assertEquals(3, lines.size(), "a line per run but the last (the sweep's own summary follows it)");
        assertTrue(lines.get(0).startsWith("sweep s: 1 of 4 runs (25%), 0 failed, "), lines.get(0));
        assertTrue(lines.get(1).startsWith("sweep s: 2 of 4 runs (50%), 1 failed, "), lines.get(1));
        assertTrue(lines.get(2).contains("left"), lines.get(2));
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("\r"), "no carriage returns in a log");
    }

    @Test
    void aShortSweepAndASwitchedOffOneWriteNothing() {
        try (SweepProgress p = SweepProgress.open(null, false, "sweep s", 3, " runs", err, 60, 0)) {
            p.done(true);
            p.done(true);
        }
        try (SweepProgress p = SweepProgress.open(false, false, "sweep s", 3, " runs", err, 0, 0)) {
            p.done(true);
            p.done(true);
        }
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
