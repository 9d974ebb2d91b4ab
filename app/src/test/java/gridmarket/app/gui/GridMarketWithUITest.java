package gridmarket.app.gui;

import gridmarket.agents.GridMarket;
import gridmarket.agents.HeadlessRun;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.Request;
import gridmarket.sim.policy.Policy;
import org.junit.jupiter.api.Test;
import sim.util.SimpleProperties;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static gridmarket.app.gui.GuiFixture.onEdt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GUIState without a Console (no display needed): its panels show the model, stepping it gives the headless
 * schedule, and the model's parameters are properties MASON's inspector can edit.
 */
class GridMarketWithUITest {

    /** Steps the GUIState as the Console does, until the panels show the state after the last step. */
    private static GridView stepAndShow(GridMarketWithUI gui, int steps) throws Exception {
        for (int i = 0; i < steps; i++) {
            assertTrue(gui.step(), "the run lasts longer than " + steps + " steps");
        }
        long done = gui.state.schedule.getSteps();
        long deadline = System.currentTimeMillis() + 20_000;
        while (true) {
            GridView v = onEdt(gui::shownView);
            if (v != null && v.steps() == done) {
                return v;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the panels never showed step " + done);
            Thread.sleep(10);
        }
    }

    @Test
    void panelsShowTheModelAfterSteps() throws Exception {
        GridMarketWithUI gui = new GridMarketWithUI(GuiFixture.model(GuiFixture.spec()));
        onEdt(() -> {
            gui.createPanels();
            return null;
        });
        gui.start();
        GridView v = stepAndShow(gui, 120);
        GuiFixture.assertGanttShowsModel(gui);
        GuiFixture.assertOffersShowLastDecision(gui);
        assertEquals(4, v.machines().size());
        assertEquals(List.of("s1", "s2", "s3", "s4"), v.setting().siteNames());
        assertTrue(v.metricsSize() > 1);
        v = stepAndShow(gui, 100);
        GuiFixture.assertGanttShowsModel(gui);
        GuiFixture.assertOffersShowLastDecision(gui);
        gui.finish();
    }

    @Test
    void steppingTheGuiGivesTheHeadlessSchedule() {
        ExperimentSpec spec = GuiFixture.spec();
        GridMarketWithUI gui = new GridMarketWithUI(GuiFixture.model(spec));
        gui.start();
        long steps = 0;
        while (gui.step()) {
            steps++;
        }
        gui.finish();
        GridMarket headless = GuiFixture.model(spec);
        List<String> expected = GuiFixture.schedule(HeadlessRun.run(headless).outcomes());
        assertEquals(expected, GuiFixture.schedule(gui.model().ledger().outcomes()));
        assertEquals(gui.model().workload().jobs().size(), expected.size(), "every job has one outcome");
        assertTrue(steps > 100);
        assertEquals(headless.schedule.getSteps(), gui.state.schedule.getSteps());
    }

    @Test
    void aDoubleAuctionShowsItsOrderBook() throws Exception {
        ExperimentSpec spec = new ExperimentLoader().load("cda.yaml", "name: cda\nseed: 1\nworkload:\n  generate: "
                + "{model: poisson, jobs: 300, nodes: 128, load: 3.5, meanRunTime: 3600, processors: uniform, "
                + "overEstimate: 1.5}\nconfiguration: m128\nstrategy: market\nmarket: {clearing: double-auction, "
                + "owner: {strategy: ask, markup: 2}, user: {strategy: dbc, optimise: time}, value: {ownerCost: 0.5}}\n",
                Path.of("."));
        GridMarketWithUI gui = new GridMarketWithUI(GuiFixture.model(spec));
        onEdt(() -> {
            gui.createPanels();
            return null;
        });
        gui.start();
        int seen = 0;
        for (int round = 0; round < 8; round++) {
            GridView v = stepAndShow(gui, 40);
            GridView.OrderBook book = onEdt(() -> gui.book().shown());
            assertNotNull(book, "a double auction has a book");
            assertEquals(4, book.asks().size());
            for (GridView.Ask a : book.asks()) {
                assertEquals(1.0, a.perNodeSecond(), 1e-12, "ownerCost 0.5 x markup 2");
            }
            List<Request> open = new ArrayList<>();
            gui.model().metaManagers().forEach(mm -> open.addAll(mm.openBids()));
            assertEquals(open, book.bids().stream().map(GridView.Bid::request).toList(), "the MetaManagers' books");
            for (int i = 1; i < book.bids().size(); i++) {
                GridView.Bid a = book.bids().get(i - 1);
                GridView.Bid b = book.bids().get(i);
                assertTrue(!a.domain().equals(b.domain()) || a.perNodeSecond() >= b.perNodeSecond(),
                        "highest bid first: " + a + " before " + b);
            }
            seen += book.bids().size();
        }
        assertTrue(seen > 0, "some bids waited in the book");
        gui.finish();
        GridMarketWithUI other = new GridMarketWithUI(GuiFixture.model(GuiFixture.spec()));
        onEdt(() -> {
            other.createPanels();
            return null;
        });
        other.start();
        stepAndShow(other, 20);
        assertNull(onEdt(() -> other.book().shown()), "users-choice has no book");
        other.finish();
    }

    @Test
    void otherStrategiesShowNoMarketAndTheirQueues() throws Exception {
        ExperimentSpec spec = GuiFixture.spec();
        GridMarket model = GuiFixture.model(spec);
        model.inspector().setStrategy(1); // jobsharing, second in the menu
        GridMarketWithUI gui = new GridMarketWithUI(model);
        onEdt(() -> {
            gui.createPanels();
            return null;
        });
        gui.start();
        GridView v = stepAndShow(gui, 150);
        GuiFixture.assertGanttShowsModel(gui);
        assertEquals("jobsharing", v.setting().strategy());
        String message = onEdt(() -> gui.offers().message());
        assertTrue(message.contains(OffersPanel.NO_MARKET), message);
        assertEquals(model.schedulers().get(0).queue().size(), v.waiting(), "waiting = the grid queue");
        assertEquals(model.schedulers().get(0).queue().jobs().subList(0, Math.min(ModelWatcher.HEAD, v.waiting())),
                v.waitingHead());
        gui.finish();
    }

    @Test
    void parametersAreInspectorPropertiesThatEditTheNextRun() {
        ExperimentSpec spec = GuiFixture.spec();
        GridMarket model = GuiFixture.model(spec);
        SimpleProperties p = new SimpleProperties(model.inspector());
        List<String> names = new ArrayList<>();
        for (int i = 0; i < p.numProperties(); i++) {
            names.add(p.getName(i));
            assertNotNull(p.getDescription(i), p.getName(i) + " has a description");
        }
        assertEquals(List.of("Hops", "Mf", "NodeSets", "Overhead", "Policy", "StartTimes", "Strategy", "Uf"),
                names.stream().sorted().toList());
        int strategy = names.indexOf("Strategy");
        assertEquals(List.of("local", "jobsharing", "multisite", "market"), // gridmarket's own first, then plug-ins'
                Arrays.asList((Object[]) p.getDomain(strategy)).subList(0, 4));
        assertEquals(3, p.getValue(strategy)); // market

        p.setValue(strategy, "2"); // as the inspector's menu does
        p.setValue(names.indexOf("Policy"), String.valueOf(Policy.FCFS.ordinal()));
        p.setValue(names.indexOf("Overhead"), "0.3");
        p.setValue(names.indexOf("Mf"), "MF2");
        p.setValue(names.indexOf("Uf"), "-(StartTime + 2 * JobCost)");
        p.setValue(names.indexOf("Hops"), "2");
        p.setValue(names.indexOf("NodeSets"), "8");
        p.setValue(names.indexOf("StartTimes"), "5");
        assertEquals("multisite", spec.getStrategy());
        assertEquals("fcfs", spec.getPolicy());
        assertEquals(0.3, spec.getMultisite().getOverhead());
        assertEquals("MF2", spec.getMarket().getMf());
        assertEquals("-(StartTime + 2 * JobCost)", spec.getMarket().getUf());
        assertEquals(2, spec.getMarket().getHops());
        assertEquals(8, spec.getMarket().getNodeSets());
        assertEquals(5, spec.getMarket().getStartTimes());

        // values the experiment rejects are ignored, as HeatBugs' setters do
        p.setValue(names.indexOf("Overhead"), "-1");
        p.setValue(names.indexOf("Mf"), "NoSuchVariable * 2");
        p.setValue(names.indexOf("NodeSets"), "0");
        p.setValue(strategy, "7");
        assertEquals(0.3, spec.getMultisite().getOverhead());
        assertEquals("MF2", spec.getMarket().getMf());
        assertEquals(8, spec.getMarket().getNodeSets());
        assertEquals("multisite", spec.getStrategy());

        model.start(); // takes effect at the next start
        assertEquals(1, model.schedulers().size(), "one grid scheduler for multisite");
        assertTrue(model.metaManagers().isEmpty());
    }
}
