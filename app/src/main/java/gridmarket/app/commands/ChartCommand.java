package gridmarket.app.commands;

import gridmarket.charts.ChartException;
import gridmarket.charts.ChartFormat;
import gridmarket.charts.ChartKind;
import gridmarket.charts.ChartOptions;
import gridmarket.charts.Charts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code gridmarket chart KIND RESULTS... [--out DIR] [--format png,svg] [--metric M] [--where K=V] [--baseline K=V]
 * ...}: draws the figures of one kind from results and writes them as PNG and SVG (see docs/CHARTS.md).
 */
@Command(name = "chart", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Draws figures from results (a results.csv, run folders or sweep folders) as PNG and SVG.",
                "KIND is one of: strategies (a metric per configuration and strategy), overhead (a metric against "
                        + "multi-site overhead p), configurations (AWRT and AWWT per configuration), machines "
                        + "(work and utilization per machine), distribution (utility values and prices per MF/UF "
                        + "pair), gantt (one machine's schedule), backlog (queued work and utilization over time).",
                "Every parameter that varies and is not drawn gets one figure per value. See docs/CHARTS.md."})
public final class ChartCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "KIND", description = "The kind of figure (see above).")
    String kind;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "RESULTS",
            description = "results.csv files, run folders, sweep folders or folders holding run folders.")
    List<Path> results;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the files (default: charts/ next to the first RESULTS).")
    Path out;

    @Option(names = "--format", split = ",", paramLabel = "FORMAT", description = "png, svg or both (default).")
    List<String> formats = List.of("png", "svg");

    @Option(names = "--metric", split = ",", paramLabel = "METRIC",
            description = "Metric column(s), e.g. awrt, art, awwt (default: the kind's).")
    List<String> metrics = List.of();

    @Option(names = "--x", split = ",", paramLabel = "COLUMN",
            description = "Column(s) on the x axis (default: configuration; multisite.overhead for overhead).")
    List<String> x = List.of();

    @Option(names = "--series", split = ",", paramLabel = "COLUMN",
            description = "Column(s) telling bars or lines apart (default: the kind's).")
    List<String> series = List.of();

    @Option(names = "--each", split = ",", paramLabel = "COLUMN",
            description = "Column(s) with one figure per value (default: every other varied parameter).")
    List<String> each = List.of();

    @Option(names = "--where", paramLabel = "KEY=VALUE[,VALUE...]",
            description = "Draw only runs with these values (repeatable); runs without the key are kept.")
    List<String> where = List.of();

    @Option(names = "--baseline", paramLabel = "KEY=VALUE",
            description = "Draw values in percent relative to the matching run, e.g. configuration=m512 "
                    + "(repeatable).")
    List<String> baseline = List.of();

    @Option(names = "--hours", description = "strategies, configurations: times (AWRT, AWWT, ART) in hours.")
    boolean hours;

    @Option(names = "--log", description = "strategies, configurations: the value axis on a log scale (AWRT over "
            + "orders of magnitude); not with --baseline.")
    boolean log;

    @Option(names = "--title", paramLabel = "TEXT", description = "Title instead of the default.")
    String title;

    @Option(names = "--x-label", paramLabel = "TEXT",
            description = "strategies, configurations, overhead: the x axis' label instead of its columns' names.")
    String xLabel;

    @Option(names = "--y-label", paramLabel = "TEXT", description = "strategies, configurations, overhead: the "
            + "value axis' label instead of the metric's name and unit (with --log, ', log scale' is added).")
    String yLabel;

    @Option(names = "--machine", paramLabel = "NAME", description = "gantt: the machine (default: the first).")
    String machine;

    @Option(names = "--from", paramLabel = "SECONDS", description = "gantt: window start (default: first start).")
    Long from;

    @Option(names = "--to", paramLabel = "SECONDS",
            description = "gantt: window end (default: two days after the start).")
    Long to;

    @Option(names = "--size", paramLabel = "WxH", description = "Image size (default: 1200x800).")
    String size;

    @Override
    public Integer call() {
        OutputFolder.check(out);
        ChartKind k = ChartKind.parse(kind);
        ChartOptions options = new ChartOptions().metrics(metrics).x(x).series(series).each(each).title(title)
                .xLabel(xLabel).yLabel(yLabel)
                .machine(machine).from(from).to(to).formats(ChartFormat.parse(formats)).hours(hours)
                .log(log);
        where.forEach(options::where);
        for (String b : baseline) {
            if (b.indexOf('=') <= 0) {
                throw new ChartException("--baseline: expected KEY=VALUE such as configuration=m512, got '" + b + "'");
            }
            options.baseline(b);
        }
        if (size != null) {
            String[] wh = size.toLowerCase(Locale.ROOT).split("x");
            try {
                options.size(Integer.parseInt(wh[0].strip()), Integer.parseInt(wh[1].strip()));
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new ChartException("--size: expected WIDTHxHEIGHT such as 1200x800, got '" + size + "'");
            }
        }
        Path dir = out != null ? out : defaultOut(results.get(0));
        List<Path> files = new Charts().write(k, results, options, dir);
        files.forEach(f -> System.out.println("wrote " + f));
        return 0;
    }

    private static Path defaultOut(Path first) {
        Path base = Files.isDirectory(first) ? first : first.toAbsolutePath().getParent();
        return base.resolve("charts");
    }
}
