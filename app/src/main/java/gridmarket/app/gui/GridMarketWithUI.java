package gridmarket.app.gui;

import gridmarket.agents.GridMarket;
import sim.display.Console;
import sim.display.Controller;
import sim.display.GUIState;
import sim.display.Prefs;
import sim.engine.SimState;

import javax.swing.JFrame;
import javax.swing.JPanel;
import javax.swing.JTabbedPane;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.WindowConstants;
import java.awt.BorderLayout;
import java.awt.GraphicsEnvironment;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;

/**
 * The GUI beside the model, as MASON's {@code HeatBugsWithUI} is beside {@code HeatBugs}: a MASON Console steps the
 * same {@link GridMarket} that {@code run} executes headless, and four windows show it: the machines' Gantt charts,
 * the last market request with its offers, the queues per site, and live AWRT / utilization / backlog charts.
 *
 * <p>The model knows nothing of this class. After every step a {@link ModelWatcher} takes a {@link GridView} of the
 * model in the model thread and hands it to Swing ({@link ViewMailbox}); the watcher also observes the market's
 * decisions. Nothing here schedules events on the model's schedule, so stepping in the GUI gives the same schedule
 * as a headless run of the same experiment and seed.
 *
 * <p>The Console's model inspector shows the model's parameters (strategy, policy, MF, UF, overhead p, hops, C, Z);
 * edits take effect when the next run starts. The seed is the Console's own.
 */
public final class GridMarketWithUI extends GUIState {
    private final ViewMailbox mailbox = new ViewMailbox();
    private final List<JFrame> frames = new ArrayList<>();
    private SchedulesPanel schedules;
    private OffersPanel offers;
    private OfferChoicePanel choice;
    private QueuePanel queues;
    private OrderBookPanel book;
    private MetricsPanel metrics;
    private ModelWatcher watcher;
    private boolean running;
    private int runs;
    private Runnable onQuit = () -> {
    };

    /** @param model the model, not yet started; {@code null} not permitted */
    public GridMarketWithUI(GridMarket model) {
        super(model);
    }

    /** The name MASON shows in the Console's title. */
    public static String getName() {
        return "gridmarket";
    }

    /** The Console's "About" tab. */
    public static Object getInfo() {
        return "<html><body style='font-family: sans-serif'><h2>gridmarket</h2>"
                + "<p>A grid of parallel machines scheduled by a grid strategy (each site on its own, job-sharing, "
                + "multi-site) or traded in an economic market of users, machine owners and MetaManagers.</p>"
                + "<p><b>Play</b> runs the simulation, <b>pause</b> holds it, and while paused <b>play</b> steps one "
                + "instant of simulated time (all events at that time); <b>stop</b> ends the run (jobs still waiting "
                + "are recorded as rejected).</p>"
                + "<p>Windows: <i>Schedules</i> (one Gantt chart per machine, jobs coloured by origin site), "
                + "<i>Market</i> (the last request, its offers with their objective variables, MF and UF values, and "
                + "the winner; below, <b>Choose the next offer</b> puts the offers of a user's next request to you, "
                + "and the run goes on from the offer you take), <i>Queues</i> (backlog per site) and <i>Metrics</i> (AWRT, utilization, waiting jobs)."
                + "</p><p>The <b>Model</b> tab edits strategy, policy, MF, UF, overhead p, hops, C and Z; changes "
                + "take effect at the next start. The seed is the Console's.</p></body></html>";
    }

    /** The model. */
    public GridMarket model() {
        return (GridMarket) state;
    }

    /** The model's experiment parameters, so the Console's model inspector shows and edits them. */
    @Override
    public Object getSimulationInspectedObject() {
        return model().inspector();
    }

    @Override
    public void init(Controller c) {
        super.init(c);
        createPanels();
        frames.add(frame("Schedules: one Gantt chart per machine", schedules));
        JPanel market = new JPanel(new BorderLayout());
        market.add(offers, BorderLayout.CENTER);
        market.add(choice, BorderLayout.SOUTH);
        frames.add(frame("Market: the last request and its offers", market));
        frames.add(frame("Metrics", metrics));
        JTabbedPane waiting = new JTabbedPane();
        waiting.addTab("Queues", queues);
        waiting.addTab("Order book", book); // a double auction's open bids and asks
        frames.add(frame("Queues: backlog per site; a double auction's order book", waiting));
        for (JFrame f : frames) {
            c.registerFrame(f);
            f.setVisible(true);
        }
        if (c instanceof Console console) {
            console.setNewMenuAllowed(false);
            disableCheckpoints(console.getJMenuBar());
            if (Prefs.getAppPreferences(this, Console.DEFAULT_PREFERENCES_KEY).getInt(Console.NUM_DISPLAYS_KEY, -1)
                    == -1) {
                arrange(console);
            }
        }
    }

    /**
     * Creates the panels and connects them to the views (event thread). {@link #init} does this; tests without a
     * display may call it alone, since panels need no screen.
     */
    public void createPanels() {
        if (schedules != null) {
            return;
        }
        schedules = new SchedulesPanel(model().machines(),
                model().spec().resolvedSites().stream().map(s -> s.getName()).toList());
        offers = new OffersPanel();
        choice = new OfferChoicePanel(model(), OfferDialog::ask);
        queues = new QueuePanel();
        book = new OrderBookPanel();
        metrics = new MetricsPanel();
        mailbox.listen(schedules);
        mailbox.listen(offers);
        mailbox.listen(queues);
        mailbox.listen(book);
        mailbox.listen(metrics);
    }

    @Override
    public void start() {
        watcher = new ModelWatcher(model(), ++runs, mailbox);
        model().setMarketObserver(watcher); // before the model builds its agents
        super.start();
        running = true;
        bind();
    }

    @Override
    public void load(SimState state) {
        super.load(state);
        watcher = new ModelWatcher(model(), ++runs, mailbox);
        running = true;
        bind();
    }

    /** Watches every step; shows the state at the start. */
    private void bind() {
        scheduleRepeatingImmediatelyAfter(watcher);
        mailbox.publish(watcher.view(false));
    }

    @Override
    public void finish() {
        super.finish();
        if (running) {
            running = false;
            mailbox.publish(watcher.view(true)); // after the model recorded the jobs still waiting as rejected
        }
    }

    @Override
    public void quit() {
        super.quit();
        frames.forEach(JFrame::dispose);
        frames.clear();
        onQuit.run();
    }

    /** Runs {@code action} (once) when the Console closes this GUI. */
    public void onQuit(Runnable action) {
        this.onQuit = action;
    }

    /** The view the panels show now (event thread), or {@code null} before the first. */
    GridView shownView() {
        return mailbox.delivered();
    }

    SchedulesPanel schedules() {
        return schedules;
    }

    OffersPanel offers() {
        return offers;
    }

    OfferChoicePanel choice() {
        return choice;
    }

    QueuePanel queues() {
        return queues;
    }

    OrderBookPanel book() {
        return book;
    }

    MetricsPanel metrics() {
        return metrics;
    }

    List<JFrame> frames() {
        return List.copyOf(frames);
    }

    private static JFrame frame(String title, java.awt.Component content) {
        JFrame f = new JFrame(title);
        f.setDefaultCloseOperation(WindowConstants.HIDE_ON_CLOSE); // the Console's Displays tab shows it again
        f.getContentPane().add(content);
        f.pack();
        return f;
    }

    /** Models cannot be saved as MASON checkpoints (the experiment is not serializable). */
    private static void disableCheckpoints(JMenuBar bar) {
        if (bar == null) {
            return;
        }
        for (int m = 0; m < bar.getMenuCount(); m++) {
            JMenu menu = bar.getMenu(m);
            for (int i = 0; menu != null && i < menu.getItemCount(); i++) {
                JMenuItem item = menu.getItem(i);
                if (item != null && (item.getText().startsWith("Open") || item.getText().startsWith("Save"))) {
                    item.setEnabled(false);
                    item.setToolTipText("gridmarket runs cannot be saved as checkpoints; rerun the experiment");
                }
            }
        }
    }

    /**
     * Places the windows on the screen without overlap: schedules and market on the left, the Console to their
     * right, metrics beside it and the queues below. Used unless the user saved MASON window preferences.
     */
    private void arrange(Console console) {
        Rectangle screen = GraphicsEnvironment.getLocalGraphicsEnvironment().getMaximumWindowBounds();
        int gap = 4;
        int left = Math.max(600, Math.min(1000, screen.width - 440 - 420 - 2 * gap));
        int top = Math.min(700, screen.height * 2 / 3);
        frames.get(0).setBounds(screen.x, screen.y, left, top);
        frames.get(1).setBounds(screen.x, screen.y + top + gap, left, screen.height - top - gap);
        int x = screen.x + left + gap;
        int consoleHeight = Math.min(560, screen.height / 2);
        console.setBounds(x, screen.y, 440, consoleHeight);
        int rest = screen.x + screen.width - (x + 440 + gap);
        if (rest >= 360) {
            frames.get(2).setBounds(x + 440 + gap, screen.y, rest, consoleHeight);
        } else {
            frames.get(2).setBounds(x, screen.y + consoleHeight + gap, Math.max(360, screen.width - x), 300);
        }
        Rectangle m = frames.get(2).getBounds();
        int y = Math.max(consoleHeight, m.y + m.height - screen.y) + gap;
        frames.get(3).setBounds(x, screen.y + y, Math.max(360, screen.x + screen.width - x),
                Math.max(200, screen.height - y));
    }
}
