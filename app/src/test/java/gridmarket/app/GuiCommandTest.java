package gridmarket.app;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.awt.GraphicsEnvironment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gui} on the command line without a display: usage, and a one-line error instead of a stack trace. */
class GuiCommandTest {

    @Test
    void withoutDisplayGuiIsBadInput() {
        Assumptions.assumeTrue(GraphicsEnvironment.isHeadless(), "this JVM has a display");
        Cli r = Cli.run("gui");
        assertEquals(Main.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().contains("gui needs a display"), r.err());
        assertTrue(r.err().contains("xvfb-run"), r.err());
    }

    @Test
    void helpNamesTheScreenshotOption() {
        Cli r = Cli.run("gui", "--help");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("--screenshot"), r.out());
        assertTrue(Cli.run("--help").out().contains("gui"), "gui is listed among the commands");
    }
}
