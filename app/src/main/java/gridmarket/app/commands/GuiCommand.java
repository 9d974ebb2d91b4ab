package gridmarket.app.commands;

import gridmarket.app.BadInputException;
import gridmarket.agents.GridMarket;
import gridmarket.agents.Workloads;
import gridmarket.app.gui.ConsoleSession;
import gridmarket.app.gui.GridMarketWithUI;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.sim.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.awt.GraphicsEnvironment;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code gridmarket gui [EXPERIMENT]}: the MASON Console over the model that {@code run} executes headless. */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = {"Opens the MASON Console over an experiment: start, step, pause and stop it, and watch the "
                + "machines' Gantt charts, the last market request with its offers, the queues and live AWRT.",
                "Without EXPERIMENT, opens the bundled default experiment. Needs a display (on a machine without "
                        + "one: xvfb-run ./gridmarket gui ...)."})
public final class GuiCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "EXPERIMENT", description = "Experiment file (.yaml, .yml or .json).")
    Path experiment;

    @Option(names = "--screenshot", paramLabel = "PNG",
            description = "Steps the run --steps instants, draws the Console and its windows into PNG and exits.")
    Path screenshot;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "300",
            description = "Steps before the screenshot (default: ${DEFAULT-VALUE}).")
    int steps;

    @Override
    public Integer call() throws Exception {
        if (GraphicsEnvironment.isHeadless()) {
            throw new BadInputException("gui needs a display, and there is none (DISPLAY="
                    + System.getenv("DISPLAY") + "); on a machine without one try: xvfb-run ./gridmarket gui");
        }
        if (steps < 0) {
            throw new BadInputException("--steps must be >= 0, got " + steps);
        }
        ExperimentSpec spec = experiment == null ? RunCommand.loadDefault() : new ExperimentLoader().load(experiment);
        if (spec.isForkJoin() || spec.isIbts()) {
            throw new BadInputException(experiment + ": model " + spec.getModel() + " has no GUI; use run");
        }
        Workload workload = Workloads.load(spec);
        GridMarketWithUI gui = new GridMarketWithUI(new GridMarket(spec.getSeed(), spec, workload));
        if (screenshot != null) {
            try (ConsoleSession session = ConsoleSession.open(gui)) {
                session.step(steps);
                session.awaitShown(30_000);
                session.screenshot(screenshot);
            }
            System.out.println("screenshot of step " + steps + " in " + screenshot);
            return 0;
        }
        CountDownLatch closed = new CountDownLatch(1);
        gui.onQuit(closed::countDown);
        ConsoleSession.open(gui);
        closed.await(); // MASON quits the JVM when its last Console closes
        return 0;
    }
}
