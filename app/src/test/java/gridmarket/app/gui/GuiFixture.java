package gridmarket.app.gui;

import gridmarket.agents.GridMarket;
import gridmarket.agents.Workloads;
import gridmarket.charts.gantt.GanttBar;
import gridmarket.charts.gantt.MachineGanttChart;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.result.JobOutcome;

import javax.swing.SwingUtilities;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled GUI example and checks of what the GUI shows against the simulation. */
final class GuiFixture {
    static final String EXAMPLE = "examples/gui/market-small.yaml";

    private GuiFixture() {
    }

    /** The bundled example, found from the module folder upwards. */
    static Path example() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(EXAMPLE))) {
                return d.resolve(EXAMPLE);
            }
        }
        throw new IllegalStateException(EXAMPLE + " not found above " + Path.of("").toAbsolutePath());
    }

    static ExperimentSpec spec() {
        return new ExperimentLoader().load(example());
    }

    /** A fresh model of the experiment, with the experiment's seed. */
    static GridMarket model(ExperimentSpec spec) {
        return new GridMarket(spec.getSeed(), spec, Workloads.load(spec));
    }

    /** Every outcome as one comparable line: job, part, status, machine, start, end, nodes. */
    static List<String> schedule(List<JobOutcome> outcomes) {
        return outcomes.stream().map(o -> o.job().id() + "." + o.job().part() + " " + o.status() + " " + o.machine()
                + " " + o.start() + " " + o.end() + " " + Arrays.toString(o.nodeIds())).toList();
    }

    /** (job order, node) pairs of the running allocations or the reservations of a machine's schedule. */
    static Set<String> cells(MachineSchedule s, GanttBar.Kind kind) {
        Set<String> out = new TreeSet<>();
        for (Allocation a : kind == GanttBar.Kind.RUNNING ? s.running() : s.reservations()) {
            for (int n : a.nodeIds()) {
                out.add(a.job().order() + "@" + n);
            }
        }
        return out;
    }

    /** (job order, node) pairs of the bars of one kind that a chart's dataset holds. */
    static Set<String> cells(List<GanttBar> bars, GanttBar.Kind kind) {
        return bars.stream().filter(b -> b.kind() == kind)
                .flatMap(b -> java.util.stream.IntStream.rangeClosed(b.firstNode(), b.lastNode())
                        .mapToObj(n -> b.job().order() + "@" + n))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Checks that the Gantt panels show the model's schedules as they are now: the same jobs on the same nodes,
     * running and reserved, with the same start and (planned) end times. Call with the model not stepping.
     */
    static void assertGanttShowsModel(GridMarketWithUI gui) throws Exception {
        List<MachineSchedule> schedules = gui.model().machineSchedules();
        List<List<GanttBar>> shown = onEdt(() -> gui.schedules().charts().stream()
                .map(MachineGanttChart::barsInDataset).toList());
        assertEquals(schedules.size(), shown.size(), "one Gantt chart per machine");
        int running = 0;
        for (int m = 0; m < schedules.size(); m++) {
            MachineSchedule s = schedules.get(m);
            for (GanttBar.Kind kind : List.of(GanttBar.Kind.RUNNING, GanttBar.Kind.RESERVED)) {
                assertEquals(cells(s, kind), cells(shown.get(m), kind), s.machine().name() + " " + kind);
            }
            for (Allocation a : s.reservations()) {
                assertTrue(shown.get(m).stream().anyMatch(b -> b.kind() == GanttBar.Kind.RESERVED
                        && b.job() == a.job() && b.start() == a.start() && b.end() == a.plannedEnd()), a.toString());
            }
            for (Allocation a : s.running()) {
                running++;
                assertTrue(shown.get(m).stream().anyMatch(b -> b.kind() == GanttBar.Kind.RUNNING
                        && b.job() == a.job() && b.start() == a.start()), a.toString());
            }
        }
        assertTrue(running > 0, "the check saw running jobs");
    }

    /**
     * Checks that the offers panel shows a decision the market made: by one of its MetaManagers, with offers for the
     * request shown, and a winner that is the offer the job holds.
     */
    static void assertOffersShowLastDecision(GridMarketWithUI gui) throws Exception {
        GridView.MarketDecision d = onEdt(() -> gui.offers().shown());
        assertNotNull(d, "a market decision is shown");
        assertTrue(gui.model().metaManagers().stream().anyMatch(mm -> mm.name().equals(d.origin())), d.origin());
        assertFalse(d.offers().isEmpty());
        assertTrue(d.offers().stream().allMatch(o -> o.requestId() == d.request().requestId()), "offers of the request");
        if (d.winner() != null) {
            assertTrue(d.offers().contains(d.winner()), "the winner is among the offers shown");
            assertEquals(d.winner(), gui.model().trades().get(d.request().job().order()).accepted());
        }
        String header = onEdt(() -> gui.offers().message());
        assertTrue(header.contains("Request " + d.request().requestId()), header);
    }

    static <T> T onEdt(java.util.concurrent.Callable<T> work) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        AtomicReference<Exception> failed = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> {
            try {
                out.set(work.call());
            } catch (Exception e) {
                failed.set(e);
            }
        });
        if (failed.get() != null) {
            throw failed.get();
        }
        return out.get();
    }
}
