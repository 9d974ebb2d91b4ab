package gridmarket.app.gui;

import sim.display.Console;

import javax.imageio.ImageIO;
import javax.swing.JFrame;
import javax.swing.JTabbedPane;
import javax.swing.SwingUtilities;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A MASON Console over a {@link GridMarketWithUI}, driven from code as a user would drive it with its buttons: for
 * {@code gui --screenshot} and the GUI tests. Needs a display. Every method may be called from any thread except the
 * event thread; Swing work is done on the event thread.
 */
public final class ConsoleSession implements AutoCloseable {
    /**
     * The JDK's preferences store, which MASON's Console uses for its window settings. The first time a user's
     * preferences directory is made it logs "Created user preferences directory." at INFO on stderr, two lines no
     * user can act on; its warnings (a store that cannot be written) still show. Held here: the logging system keeps
     * loggers only weakly, and a collected one would forget its level.
     */
    private static final Logger PREFERENCES = Logger.getLogger("java.util.prefs");

    private final GridMarketWithUI gui;
    private final Console console;

    private ConsoleSession(GridMarketWithUI gui, Console console) {
        this.gui = gui;
        this.console = console;
    }

    /** Opens a Console (and the GUI's windows) over the GUI's model, stopped. */
    public static ConsoleSession open(GridMarketWithUI gui) {
        PREFERENCES.setLevel(Level.WARNING);
        Console console = onEdt(() -> {
            Console c = new Console(gui);
            c.setVisible(true);
            return c;
        });
        return new ConsoleSession(gui, console);
    }

    public Console console() {
        return console;
    }

    public GridMarketWithUI gui() {
        return gui;
    }

    /**
     * Starts the run paused if it is stopped (the pause button), then steps it {@code steps} times (the play button
     * while paused, one step per press), as far as the run goes. Returns the MASON steps done in the run so far.
     */
    public long step(int steps) {
        return onEdt(() -> {
            if (console.getPlayState() == Console.PS_STOPPED) {
                console.pressPause();
            }
            console.setNumStepsPerStepButtonPress(1);
            for (int i = 0; i < steps && console.getPlayState() == Console.PS_PAUSED; i++) {
                console.pressPlay();
            }
            return gui.state.schedule.getSteps();
        });
    }

    /** True while the run is started (paused or playing), false once it has ended or was stopped. */
    public boolean running() {
        return onEdt(() -> console.getPlayState() != Console.PS_STOPPED);
    }

    /** Presses stop. */
    public void stop() {
        onEdt(() -> {
            console.pressStop();
            return null;
        });
    }

    /**
     * Waits until the panels show the model's current state (the views are delivered to Swing asynchronously) and
     * returns the view shown.
     *
     * @throws IllegalStateException after {@code millis} milliseconds without it
     */
    public GridView awaitShown(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (true) {
            GridView v = onEdt(() -> {
                GridView shown = gui.shownView();
                boolean stopped = console.getPlayState() == Console.PS_STOPPED;
                return shown != null && shown.steps() == gui.state.schedule.getSteps()
                        && shown.finished() == stopped ? shown : null;
            });
            if (v != null) {
                return v;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the panels did not show step " + gui.state.schedule.getSteps());
            }
            Thread.sleep(20);
        }
    }

    /**
     * Draws the Console and the GUI's windows as they are placed on the screen, each under a title bar of its own,
     * into a PNG (a picture of the windows' contents, so it needs no window manager and no screen capture).
     */
    public void screenshot(Path png) throws IOException {
        BufferedImage image = onEdt(() -> {
            selectTab("Model");
            List<JFrame> all = new ArrayList<>();
            all.add(console);
            all.addAll(gui.frames());
            all.removeIf(f -> !f.isVisible());
            int bar = 20;
            TreeSet<Integer> tops = new TreeSet<>();
            Rectangle box = null;
            for (JFrame f : all) {
                Rectangle r = f.getBounds();
                tops.add(r.y);
                box = box == null ? new Rectangle(r) : box.union(r);
            }
            int rows = tops.size();
            BufferedImage img = new BufferedImage(box.width, box.height + rows * bar, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(new Color(0x9A9A9A));
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            for (JFrame f : all) {
                Rectangle r = f.getBounds();
                int x = r.x - box.x;
                int y = r.y - box.y + tops.headSet(r.y, true).size() * bar;
                g.setColor(new Color(0x3C4E63));
                g.fillRect(x, y - bar, r.width, bar);
                g.setColor(Color.WHITE);
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
                g.drawString(f.getTitle(), x + 8, y - 6);
                Graphics2D c = (Graphics2D) g.create(x, y, r.width, r.height);
                f.getRootPane().printAll(c);
                c.dispose();
            }
            g.dispose();
            return img;
        });
        Path dir = png.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        if (!ImageIO.write(image, "png", png.toFile())) {
            throw new IOException("no PNG writer");
        }
    }

    /** Shows the Console's tab with this title, if there is one. */
    public void selectTab(String title) {
        Runnable select = () -> {
            JTabbedPane tabs = console.getTabPane();
            int i = tabs.indexOfTab(title);
            if (i >= 0) {
                tabs.setSelectedIndex(i);
            }
        };
        if (SwingUtilities.isEventDispatchThread()) {
            select.run();
        } else {
            onEdt(() -> {
                select.run();
                return null;
            });
        }
    }

    /**
     * Stops the run and closes the Console and the windows, without quitting the JVM (MASON's own close quits it
     * when the last Console closes).
     */
    @Override
    public void close() {
        onEdt(() -> {
            console.pressStop();
            gui.quit();
            console.dispose();
            Console.allControllers.remove(console);
            return null;
        });
    }

    static <T> T onEdt(Supplier<T> work) {
        if (SwingUtilities.isEventDispatchThread()) {
            return work.get();
        }
        AtomicReference<T> out = new AtomicReference<>();
        try {
            SwingUtilities.invokeAndWait(() -> out.set(work.get()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
        return out.get();
    }
}
