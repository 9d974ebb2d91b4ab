package gridmarket.app;

import gridmarket.app.commands.BenchCommand;
import gridmarket.app.commands.ChartCommand;
import gridmarket.app.commands.CheckCommand;
import gridmarket.app.commands.ConvertCommand;
import gridmarket.app.commands.ExtensionsCommand;
import gridmarket.app.commands.GuiCommand;
import gridmarket.app.commands.MergeCommand;
import gridmarket.app.commands.RunCommand;
import gridmarket.app.commands.SweepCommand;
import gridmarket.app.commands.TraceStatsCommand;
import gridmarket.app.commands.ValidateCommand;
import gridmarket.charts.ChartException;
import gridmarket.results.ResultsException;
import gridmarket.api.ExtensionException;
import gridmarket.api.Registry;
import gridmarket.config.ConfigException;
import gridmarket.market.FormulaException;
import gridmarket.market.language.LanguageException;
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
                SweepCommand.class, MergeCommand.class, ChartCommand.class, ConvertCommand.class, GuiCommand.class,
                ExtensionsCommand.class, CheckCommand.class,
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
                    || e instanceof ChartException || e instanceof ResultsException || e instanceof LanguageException
                    || e instanceof ExtensionException) {
                cmd.getErr().println("gridmarket: error: " + oneLine(e.getMessage()));
                return BAD_INPUT;
            }
            if (e instanceof FormulaException) {
                // the probe over the documented ranges (ExperimentChecks) let it through: the values lie outside
                cmd.getErr().println("gridmarket: error: during the run: " + oneLine(e.getMessage()));
                return BAD_INPUT;
            }
            cmd.getErr().println("gridmarket: internal error: " + e);
            e.printStackTrace(cmd.getErr());
            return 1;
        });
        cli.setParameterExceptionHandler((e, args2) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println("gridmarket: error: " + oneLine(e.getMessage()) + " (see: gridmarket "
                    + (cmd == cli ? "" : cmd.getCommandName() + " ") + "--help)");
            return BAD_INPUT;
        });
        if (System.getenv(Registry.PLUGINS) != null) {
            try {
                Registry.current(); // a plug-in path that cannot be read is refused whatever the command
            } catch (ExtensionException e) {
                cli.getErr().println("gridmarket: error: " + oneLine(e.getMessage()));
                return BAD_INPUT;
            }
        }
        try {
            return cli.execute(args);
        } catch (LinkageError e) {
            // a plug-in compiled against another version of the extension API (docs/EXTENDING.md lists the changes)
            cli.getErr().println("gridmarket: error: a plug-in does not fit this gridmarket's extension API (rebuild "
                    + "it against this version; see docs/EXTENDING.md, Changes): " + oneLine(String.valueOf(e)));
            return BAD_INPUT;
        }
    }

    /** Longest message printed: a value echoed from a binary file must not flood the terminal. */
    private static final int LONGEST = 800;
    /** Of a message cut, the characters kept from its end: where most messages give the reason. */
    private static final int TAIL = 300;

    /**
     * A message as one printable line: line breaks become spaces, other control characters {@code ?}. A very long
     * message is cut in the middle, keeping its start (the file and place) and its end (the reason).
     */
    static String oneLine(String message) {
        String m = message == null ? "" : message.strip();
        StringBuilder b = new StringBuilder(m.length());
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            b.append(c == '\n' || c == '\r' || c == '\t' ? ' ' : Character.isISOControl(c) || c == '\uFFFD' ? '?'
                    : c);
        }
        if (b.length() <= LONGEST) {
            return b.toString();
        }
        return b.substring(0, LONGEST - TAIL) + " ... " + b.substring(b.length() - TAIL);
    }
}
