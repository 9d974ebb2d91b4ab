package gridmarket.app.commands;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import gridmarket.sim.workload.DropReason;
import gridmarket.sim.workload.TraceStatistics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How {@code trace-stats} prints a workload's {@link TraceStatistics}: a readable report, or JSON whose keys are the
 * statistics' names in their order (drops keyed by {@link DropReason#key()}). The statistics themselves are
 * computed in {@code sim}; their wording lives here, with the command.
 */
public final class TraceStatsReport {
    private static final double HOUR = 3600.0;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new SimpleModule("trace-stats").addKeySerializer(DropReason.class,
                    new JsonSerializer<>() {
                        @Override
                        public void serialize(DropReason r, JsonGenerator g, SerializerProvider p)
                                throws IOException {
                            g.writeFieldName(r.key());
                        }
                    }));

    private TraceStatsReport() {
    }

    /** The statistics as indented JSON (times in seconds, shares as fractions), without a final line break. */
    static String json(TraceStatistics s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("statistics of numbers and text always serialize", e);
        }
    }

    /**
     * A readable multi-line report, headed by the source and machine size, ending with a line break. Times in seconds
     * with hours alongside, shares as percentages with one decimal.
     */
    static String text(TraceStatistics s) {
        Lines b = new Lines();
        line(b, "Workload statistics: %s", s.source());
        line(b, "Machine size:        %d nodes", s.machineNodes());
        line(b, "");
        line(b, "Jobs");
        row(b, "jobs kept", count(s.jobs()));
        for (Map.Entry<DropReason, Integer> e : s.drops().entrySet()) {
            row(b, "dropped " + e.getKey().key(), count(e.getValue()));
        }
        row(b, "distinct users", count(s.users()));
        row(b, "wider than " + s.machineNodes() + " nodes", count(s.widerThanMachine()) + "  ("
                + pct(ratio(s.widerThanMachine(), s.jobs())) + " of jobs)");
        line(b, "");
        line(b, "Time (seconds)");
        row(b, "first submit", seconds(s.firstSubmit()));
        row(b, "last submit", seconds(s.lastSubmit()));
        row(b, "span of submits", seconds(s.span()));
        row(b, "last planned end", seconds(s.lastEnd()));
        row(b, "span to last end", seconds(s.spanToLastEnd()));
        row(b, "inter-arrival mean", seconds(s.interArrival().mean()));
        row(b, "inter-arrival median", seconds(s.interArrival().median()));
        line(b, "");
        line(b, "Offered load");
        row(b, "area", String.format(Locale.ROOT, "%12.0f node-s  %12.1f node-h", s.area(), s.area() / HOUR));
        row(b, "offered load", String.format(Locale.ROOT, "%17.4f  (%s)", s.offeredLoad(), pct(s.offeredLoad())));
        line(b, "  = sum(nodes * run time) / (%d nodes * span to last end)", s.machineNodes());
        line(b, "");
        line(b, "Processors (bucket k holds 2^(k-1) < nodes <= 2^k)");
        line(b, "  %-13s %10s %8s %8s", "nodes", "jobs", "% jobs", "% area");
        for (TraceStatistics.Bucket k : s.processors()) {
            line(b, "  %-13s %10d %8s %8s", k.label(), k.jobs(), pct(k.jobShare()), pct(k.areaShare()));
        }
        line(b, "");
        line(b, "Run time and estimate (seconds, hours)");
        line(b, "  %-6s %12s %10s   %12s %10s", "", "run time s", "h", "estimate s", "h");
        distRow(b, "min", s.runTime().min(), s.estimate().min());
        distRow(b, "p10", s.runTime().p10(), s.estimate().p10());
        distRow(b, "p25", s.runTime().p25(), s.estimate().p25());
        distRow(b, "median", s.runTime().median(), s.estimate().median());
        distRow(b, "p75", s.runTime().p75(), s.estimate().p75());
        distRow(b, "p90", s.runTime().p90(), s.estimate().p90());
        distRow(b, "p99", s.runTime().p99(), s.estimate().p99());
        distRow(b, "max", s.runTime().max(), s.estimate().max());
        line(b, "  %-6s %12.1f %10.2f   %12.1f %10.2f", "mean", s.runTime().mean(), s.runTime().mean() / HOUR,
                s.estimate().mean(), s.estimate().mean() / HOUR);
        line(b, "");
        line(b, "Estimate accuracy (run time / estimate)");
        row(b, "mean", fraction(s.accuracy().mean()));
        row(b, "p10", fraction(s.accuracy().p10()));
        row(b, "median", fraction(s.accuracy().median()));
        row(b, "p90", fraction(s.accuracy().p90()));
        row(b, "exactly 1", share(s.accuracy().exactShare()) + " of jobs");
        row(b, "below 0.1", share(s.accuracy().belowTenthShare()) + " of jobs");
        return b.toString();
    }

    /**
     * The report's lines, the labelled rows' values starting in one column: as wide as the longest label (a drop
     * reason's key, a machine size in the label), so that every value lines up.
     */
    private static final class Lines {
        private static final int MIN_LABEL = 22;
        /** A plain line, or a row as {label, value}. */
        private final List<String[]> lines = new ArrayList<>();

        @Override
        public String toString() {
            int width = lines.stream().filter(l -> l.length == 2).mapToInt(l -> l[0].length()).max().orElse(0);
            String row = "  %-" + Math.max(MIN_LABEL, width) + "s %s";
            StringBuilder b = new StringBuilder();
            for (String[] l : lines) {
                b.append(l.length == 2 ? String.format(Locale.ROOT, row, l[0], l[1]) : l[0]).append('\n');
            }
            return b.toString();
        }
    }

    private static void line(Lines b, String format, Object... args) {
        b.lines.add(new String[] {String.format(Locale.ROOT, format, args)});
    }

    private static void row(Lines b, String label, String value) {
        b.lines.add(new String[] {label, value});
    }

    private static void distRow(Lines b, String label, long run, long est) {
        line(b, "  %-6s %12d %10.2f   %12d %10.2f", label, run, run / HOUR, est, est / HOUR);
    }

    private static String seconds(double s) {
        // Integer parts line up with count(); a fractional mean spills two places to the right.
        String value = s == Math.rint(s) ? String.format(Locale.ROOT, "%12.0f  ", s)
                : String.format(Locale.ROOT, "%14.1f", s);
        return value + String.format(Locale.ROOT, " s  %10.2f h", s / HOUR);
    }

    private static String count(long c) {
        return String.format(Locale.ROOT, "%12d", c);
    }

    private static String fraction(double f) {
        return String.format(Locale.ROOT, "%16.3f", f);
    }

    private static String share(double share) {
        return String.format(Locale.ROOT, "%14.1f %%", 100 * share);
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : a / b;
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
