package gridmarket.app.commands;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitHintTest {
    @Test
    void onlyALongRunWithC1AloneIsToldHowToGetTheOptimizingCompiler() {
        assertTrue(JitHint.after(25, "1").orElseThrow().contains("GRIDMARKET_JAVA_OPTS"));
        assertTrue(JitHint.after(JitHint.LONG_RUN_SECONDS, "1").isPresent());
        assertTrue(JitHint.after(5, "1").isEmpty(), "a short run");
        assertTrue(JitHint.after(25, "4").isEmpty(), "all tiers already");
        assertTrue(JitHint.after(25).isEmpty(), "the tests run with all tiers");
        assertTrue(JitHint.after(1).isEmpty());
    }

    @Test
    void theLevelIsReadFromThisJvm() {
        // the tests run without TieredStopAtLevel, so with every tier
        assertEquals("4", JitHint.stopLevel());
    }
}
