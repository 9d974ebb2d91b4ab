package gridmarket.app.commands;

import gridmarket.app.BadInputException;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.TraceStatistics;
import gridmarket.sim.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code gridmarket trace-stats SWF [--nodes N] [--json]}: what a trace holds (SPEC W4). */
@Command(name = "trace-stats", mixinStandardHelpOptions = true,
        description = "Prints jobs, time span, offered load, processor histogram, run-time and estimate-accuracy "
                + "figures of an SWF trace.")
public final class TraceStatsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SWF", description = "Trace in the Standard Workload Format (.swf or .swf.gz).")
    Path swf;

    @Option(names = "--nodes", paramLabel = "N",
            description = "Machine size for the offered load (default: the header's MaxNodes, else MaxProcs, "
                    + "else the widest job).")
    Integer nodes;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Override
    public Integer call() {
        if (nodes != null && nodes < 1) {
            throw new BadInputException("--nodes must be at least 1, got " + nodes);
        }
        Workload w = new SwfReader().read(swf);
        int n = nodes != null ? nodes : machineSize(w);
        TraceStatistics stats = TraceStatistics.of(w, n);
        if (json) {
            System.out.println(TraceStatsReport.json(stats));
        } else {
            System.out.print(TraceStatsReport.text(stats));
        }
        return 0;
    }

    static int machineSize(Workload w) {
        for (String key : new String[] {"MaxNodes", "MaxProcs"}) {
            String v = w.headerValue(key);
            if (v != null) {
                try {
                    int n = Integer.parseInt(v.split("\\s+")[0]);
                    if (n > 0) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // fall through to the next source of a size
                }
            }
        }
        return Math.max(1, w.jobs().stream().mapToInt(j -> j.nodes()).max().orElse(1));
    }
}
