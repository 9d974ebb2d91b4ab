package gridmarket.app.gui;

import org.junit.jupiter.api.Test;
import sim.display.Console;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The list of simulations MASON's Console loads when it opens (sim/display/simulation.classes, read from the
 * Console's package) is gridmarket's, and every class on it loads: one that does not made MASON print "Not all
 * classes loaded, due to error: probably no Java3D" on every start of the GUI.
 */
class SimulationListTest {
    private static List<String> classes() throws IOException {
        try (InputStream in = Console.class.getResourceAsStream("simulation.classes")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(text.contains("gridmarket"), "gridmarket's list, not MASON's: " + text.substring(0, 80));
            return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        }
    }

    @Test
    void everyListedSimulationLoadsWithoutJava3D() throws IOException {
        List<String> names = classes();
        assertFalse(names.isEmpty());
        for (String name : names) {
            assertDoesNotThrow(() -> Class.forName(name), name);
        }
    }
}
