package gridmarket.app.gui;

import gridmarket.agents.HeadlessRun;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sim.display.Console;

import javax.imageio.ImageIO;
import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static gridmarket.app.gui.GuiFixture.onEdt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MASON Console on the bundled example, on a real (or virtual, Xvfb) display: stepped with its buttons, its Gantt
 * panels show the simulation's schedules, stepping to the end gives the headless schedule, and play, pause and stop
 * work. Skipped without a display. The build runs the {@code *DisplayTest} classes in a JVM of their own with
 * {@code java.awt.headless=false} (app/pom.xml); run alone with {@code -Dtest}, this class turns headless mode off
 * itself before AWT starts.
 */
class GridMarketWithUIDisplayTest {
    static {
        String display = System.getenv("DISPLAY");
        if (display != null && !display.isBlank()) {
            System.setProperty("java.awt.headless", "false");
        }
    }

    @BeforeAll
    static void needsDisplay() {
        String display = System.getenv("DISPLAY");
        Assumptions.assumeTrue(display != null && !display.isBlank(), "no DISPLAY");
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "AWT is headless");
        try {
            GraphicsEnvironment.getLocalGraphicsEnvironment().getScreenDevices();
        } catch (Throwable e) { // AWTError: cannot connect to the X server
            Assumptions.abort("display " + display + " not reachable: " + e);
        }
    }

    /**
     * The GUI started on an account that never ran it (a fresh home: no Java preferences directory yet) prints
     * nothing on stderr: not MASON's "probably no Java3D" on loading its list of simulations, nor the JDK's note
     * that it created the preferences directory.
     */
    @Test
    void aFirstStartPrintsNothingOnStderr(@TempDir Path home) throws Exception {
        Path err = home.resolve("stderr.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home, "-Djava.awt.headless=false", "-cp", System.getProperty("java.class.path"),
                "gridmarket.app.Main", "gui", "--screenshot", home.resolve("shot.png").toString(), "--steps", "3")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the screenshot run ends");
        String text = Files.readString(err);
        assertEquals(0, p.exitValue(), text);
        assertTrue(Files.isDirectory(home.resolve(".java")), "the run made the preferences directory");
        assertEquals("", text);
    }

    @Test
    void consoleStepsShowTheScheduleAndEndAsHeadless() throws Exception {
        ExperimentSpec spec = GuiFixture.spec();
        GridMarketWithUI gui = new GridMarketWithUI(GuiFixture.model(spec));
        try (ConsoleSession session = ConsoleSession.open(gui)) {
            assertEquals(Console.PS_STOPPED, session.console().getPlayState());
            assertTrue(onEdt(() -> session.console().getModelInspector() != null), "the model has an inspector");

            assertEquals(150, session.step(150), "150 presses of play while paused: 150 steps");
            GridView shown = session.awaitShown(20_000);
            assertEquals(150, shown.steps());
            GuiFixture.assertGanttShowsModel(gui);
            GuiFixture.assertOffersShowLastDecision(gui);

            Path png = Path.of("target", "gui-screenshot.png");
            session.screenshot(png);
            BufferedImage img = ImageIO.read(png.toFile());
            assertTrue(img.getWidth() > 800 && img.getHeight() > 500, img.getWidth() + "x" + img.getHeight());
            assertTrue(Files.size(png) < 300_000, Files.size(png) + " bytes");

            while (session.running()) {
                session.step(500);
            }
            shown = session.awaitShown(20_000);
            assertTrue(shown.finished());
            List<JobOutcome> guiOutcomes = gui.model().ledger().outcomes();
            List<JobOutcome> headless = HeadlessRun.run(GuiFixture.model(spec)).outcomes();
            assertEquals(GuiFixture.schedule(headless), GuiFixture.schedule(guiOutcomes));
            assertEquals(headless.size(), shown.completed() + shown.rejected());
        }
    }

    @Test
    void playPauseAndStopBehaveAsInMason() throws Exception {
        GridMarketWithUI gui = new GridMarketWithUI(GuiFixture.model(GuiFixture.spec()));
        try (ConsoleSession session = ConsoleSession.open(gui)) {
            Console console = session.console();
            onEdt(() -> {
                console.pressPlay(); // stopped: starts the run and plays it in MASON's thread
                return null;
            });
            long deadline = System.currentTimeMillis() + 20_000;
            while (onEdt(() -> gui.state.schedule.getSteps()) < 20) {
                assertTrue(System.currentTimeMillis() < deadline, "the run does not play");
                Thread.sleep(10);
            }
            onEdt(() -> {
                console.pressPause();
                return null;
            });
            assertEquals(Console.PS_PAUSED, onEdt(console::getPlayState));
            long paused = onEdt(() -> gui.state.schedule.getSteps());
            Thread.sleep(200);
            assertEquals(paused, onEdt(() -> gui.state.schedule.getSteps()), "paused: no steps");
            assertEquals(paused, session.awaitShown(20_000).steps());
            assertEquals(paused + 3, session.step(3), "play while paused steps once");
            session.stop();
            GridView end = session.awaitShown(20_000);
            assertTrue(end.finished());
            assertFalse(session.running());
            assertEquals(gui.model().workload().jobs().size(), end.completed() + end.rejected(),
                    "stop records every job: the waiting ones as rejected");
        }
    }

    /** The offer dialog on a display: the person selects the second offer and takes it; that index is the answer. */
    @Test
    void theOfferDialogAnswersTheOfferThePersonTakes() throws Exception {
        var model = GuiFixture.model(GuiFixture.spec());
        int user = model.workload().jobs().get(5).user();
        List<gridmarket.market.Offer> captured = new java.util.ArrayList<>();
        gridmarket.market.Request[] request = new gridmarket.market.Request[1];
        var choices = new gridmarket.agents.UserChoices();
        model.setClearingRule(rule -> new gridmarket.agents.PersonChooses(choices, rule));
        choices.arm(user, (r, offers) -> {
            request[0] = r;
            captured.addAll(offers);
            return 0;
        });
        HeadlessRun.run(model);
        assertTrue(captured.size() >= 2, "offers: " + captured.size());
        javax.swing.Timer click = new javax.swing.Timer(200, e -> {
            for (java.awt.Window w : java.awt.Window.getWindows()) {
                if (w instanceof javax.swing.JDialog d && d.isShowing()) {
                    javax.swing.JTable table = find(d, javax.swing.JTable.class, null);
                    table.setRowSelectionInterval(1, 1);
                    find(d, javax.swing.JButton.class, "Take the selected offer").doClick();
                    ((javax.swing.Timer) e.getSource()).stop();
                }
            }
        });
        int taken = onEdt(() -> {
            click.start();
            return OfferDialog.ask(request[0], captured, List.of("s1", "s2", "s3", "s4"), 0);
        });
        assertEquals(1, taken);
    }

    /** The first component of a type (and text, for buttons) below {@code root}. */
    private static <T extends java.awt.Component> T find(java.awt.Container root, Class<T> type, String text) {
        for (java.awt.Component c : root.getComponents()) {
            if (type.isInstance(c) && (text == null || text.equals(((javax.swing.AbstractButton) c).getText()))) {
                return type.cast(c);
            }
            if (c instanceof java.awt.Container inner) {
                T found = find(inner, type, text);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
