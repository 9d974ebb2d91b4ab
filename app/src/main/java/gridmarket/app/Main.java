package gridmarket.app;

import gridmarket.charts.ChartException;
import gridmarket.config.ConfigException;
import gridmarket.sim.workload.WorkloadException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gridmarket} command line. Exit codes: 0 ok, 2 bad input (with a one-line message naming where and
 * what), 1 an internal error.
 */
@Command(name = "gridmarket", mixinStandardHelpOptions = true, version = "gridmarket " + Main.VERSION,
        description = "Simulates grid scheduling strategies and an economic grid market for parallel jobs.",
        subcommands = {RunCommand.class, ValidateCommand.class, TraceStatsCommand.class, BenchCommand.class,
                SweepCommand.class, MergeCommand.class, ChartCommand.class, GuiCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    /** gridmarket's version, as {@code --version} prints it and each run's summary records it. */
    public static final String VERSION = "0.1.0";
    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code, without exiting (for tests). */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof ConfigException || e instanceof WorkloadException || e instanceof BadInputException
                    || e instanceof ChartException) {
                cmd.getErr().println("gridmarket: error: " + e.getMessage());
                return BAD_INPUT;
            }
            cmd.getErr().println("gridmarket: internal error: " + e);
            e.printStackTrace(cmd.getErr());
            return 1;
        });
        return cli.execute(args);
    }
}
