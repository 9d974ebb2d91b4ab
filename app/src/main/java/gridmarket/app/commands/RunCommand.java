package gridmarket.app.commands;

import gridmarket.app.BadInputException;
import gridmarket.app.results.AtomicFiles;
import gridmarket.app.results.ExperimentRunner;
import gridmarket.app.results.ForkJoinResults;
import gridmarket.app.results.IbtsResults;
import gridmarket.app.results.ResultCharts;
import gridmarket.app.results.ResultFolder;
import gridmarket.agents.RunResult;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.language.DescriptionPrinter;
import gridmarket.market.language.Document;
import gridmarket.agents.MarketObserver;
import gridmarket.market.language.OfferDocuments;
import gridmarket.sim.failure.FailureMeasures;
import gridmarket.sim.metrics.RunMetrics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/** {@code gridmarket run [EXPERIMENT] [--out DIR]}: one experiment, headless, results into a folder. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs an experiment (YAML or JSON) and writes jobs.csv, schedule.swf, experiment.yaml and "
                + "summary.json.", "Without EXPERIMENT, runs the bundled default experiment (2,000 generated jobs "
                + "on a 256-node machine, EASY backfilling)."})
public final class RunCommand implements Callable<Integer> {
    public static final String DEFAULT_EXPERIMENT = "/gridmarket/app/default-experiment.yaml";

    @Parameters(arity = "0..1", paramLabel = "EXPERIMENT", description = "Experiment file (.yaml, .yml or .json).")
    Path experiment;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default: results/NAME).")
    Path out;

    @Option(names = "--offers", description = "Also write the accepted OFFER of each request, in the description "
            + "language, to DIR/offers.offer (market runs; docs/LANGUAGE.md).")
    private boolean offers;

    @Option(names = "--all-offers", description = "As --offers, but every offer of every market round, each marked "
            + "Accepted 1 or 0 and with its Round (the time it was decided).")
    private boolean allOffers;

    @Option(names = "--no-charts", description = "Do not draw the run's charts into DIR/charts/.")
    boolean noCharts;

    @Option(names = "--batsim", description = "Also write the schedule in Batsim's formats: DIR/batsim/jobs.csv and "
            + "DIR/batsim/schedule.json (docs/BATSIM.md).")
    boolean batsim;

    @Override
    public Integer call() {
        if (offers && allOffers) {
            throw new BadInputException("--offers has no effect with --all-offers, which writes every offer, the "
                    + "accepted ones marked Accepted 1; give one of them");
        }
        OutputFolder.check(out);
        ExperimentSpec spec = experiment == null ? loadDefault() : new ExperimentLoader().load(experiment);
        Path dir = out != null ? out : Path.of("results", spec.getName());
        if (batsim && (spec.isForkJoin() || spec.isIbts())) {
            throw new BadInputException("--batsim: model " + spec.getModel() + " has no schedule of jobs to write in "
                    + "Batsim's format");
        }
        if (spec.isForkJoin()) {
            return runForkJoin(spec, dir);
        }
        if (spec.isIbts()) {
            long began = System.nanoTime();
            var pairs = IbtsResults.runAndWrite(spec, dir);
            double seconds = (System.nanoTime() - began) / 1e9;
            double run = pairs.stream().mapToDouble(IbtsResults.Pair::ibtsRunningPercent).average().orElse(0);
            double idle = pairs.stream().mapToDouble(IbtsResults.Pair::ibtsIdlePercent).average().orElse(0);
            double pidle = pairs.stream().mapToDouble(IbtsResults.Pair::parallelIdlePercent).average().orElse(0);
            System.out.printf(Locale.ROOT, "%s: IBTS vs IBTS-parallel, %d job sets (%% of IBTS-parallel's running "
                    + "time)%n  IBTS: running %.1f %%, idle %.1f %%; IBTS-parallel: running 100 %%, idle %.1f %%%n",
                    spec.getName(), pairs.size(), run, idle, pidle);
            printWritten(dir, MODEL_DATA);
            JitHint.after(seconds).ifPresent(System.out::println);
            return 0;
        }
        List<OfferDocuments.Round> rounds = new ArrayList<>();
        MarketObserver everyRound = allOffers ? (origin, request, offered, winner, now) -> rounds.add(
                new OfferDocuments.Round(request.requestId(), request.job(), offered, winner, now)) : null;
        ExperimentRunner.Outcome done;
        try (RunProgress progress = RunProgress.forStderr(spec.getName())) {
            done = new ExperimentRunner(batsim).run(spec, dir, !noCharts, progress, everyRound);
        }
        RunResult result = done.result();
        RunMetrics m = result.metrics();
        System.out.printf(Locale.ROOT, "%s: %d jobs, %d completed, %d rejected%n", spec.getName(), m.jobs(),
                m.completed(), m.rejected());
        System.out.printf(Locale.ROOT, "  AWRT %.1f s, ART %.1f s, AWWT %.1f s, utilization %.3f%n", m.awrt(), m.art(),
                m.awwt(), m.utilization());
        if (result.failures() != null) {
            FailureMeasures f = result.failures();
            System.out.printf(Locale.ROOT, "  failures: %d outages, %d attempts killed, %d node-s lost, %d reservations "
                    + "broken, goodput %.3f%n", f.outages(), f.killed(), f.lostNodeSeconds(), f.reservationsBroken(),
                    f.goodput());
        }
        if (result.domainOutages() != null) {
            Map<String, Object> o = result.domainOutages();
            System.out.printf(Locale.ROOT, "  domain outages: %s, %s messages lost, %s rounds timed out, %s requests "
                    + "delayed, %s redirected%n", o.get("outages"), o.get("messagesLost"), o.get("roundsTimedOut"),
                    o.get("requestsDelayed"), o.get("requestsRedirected"));
        }
        System.out.printf(Locale.ROOT, "  simulated in %.3f s (%d events, %.0f events/s), workload read in %.3f s%n",
                result.simulationSeconds(), result.events(), result.eventsPerSecond(), done.loadSeconds());
        printWritten(dir, DATA);
        if (batsim) {
            System.out.println("  batsim/: jobs.csv, schedule.json (Batsim's formats)");
        }
        if (done.charts() != null) {
            System.out.println("  charts/: " + ResultCharts.figures(done.charts().files()));
        }
        if (offers || allOffers) {
            writeOffers(allOffers ? OfferDocuments.ofRounds(rounds) : accepted(done), dir, allOffers);
        }
        JitHint.after(result.simulationSeconds()).ifPresent(System.out::println);
        return 0;
    }

    /** The files a run writes into its folder, besides charts and offers, in the order a reader opens them. */
    private static final List<String> DATA = List.of("jobs.csv", "schedule.swf", "outages.csv", "prices.csv",
            "summary.json", "experiment.yaml");
    /** The files of a fork-join or IBTS run, which has replications instead of jobs. */
    private static final List<String> MODEL_DATA = List.of("replications.csv", "summary.json", "experiment.yaml");

    /** Names the folder and those of {@code names} that are in it, after the result lines. */
    private static void printWritten(Path dir, List<String> names) {
        System.out.println("written into " + dir + ":");
        System.out.println("  " + String.join(", ", names.stream().filter(n -> Files.isRegularFile(dir.resolve(n)))
                .toList()));
    }

    /** The accepted offers as OFFER objects, in job order. */
    private static Optional<Document> accepted(ExperimentRunner.Outcome done) {
        List<OfferDocuments.JobTrade> trades = new ArrayList<>();
        new TreeMap<>(done.result().trades()).forEach((order, t) -> trades.add(
                new OfferDocuments.JobTrade(done.workload().jobs().get(order), t)));
        return OfferDocuments.of(trades);
    }

    /** Offers as OFFER objects; written after the run, so the file is no part of a complete folder. */
    private static void writeOffers(Optional<Document> d, Path dir, boolean every) {
        if (d.isPresent()) {
            AtomicFiles.write(dir.resolve(ResultFolder.OFFERS), new DescriptionPrinter().print(d.get()));
            System.out.printf(Locale.ROOT, "  %s: %,d %s%n", ResultFolder.OFFERS, d.get().objects().size(),
                    every ? "offers, every offer of every market round" : "accepted offers, one per traded job");
        } else {
            System.out.println("  no " + ResultFolder.OFFERS + ": the run made no offer");
        }
    }

    private static int runForkJoin(ExperimentSpec spec, Path dir) {
        var run = ForkJoinResults.runAndWrite(spec, dir);
        System.out.printf(Locale.ROOT, "%s: fork-join system, %s, N = %d, %d replications%n", spec.getName(),
                spec.getForkjoin().getPolicy(), spec.getForkjoin().getJobs(), run.replications().size());
        System.out.printf(Locale.ROOT, "  throughput %.4f +- %.4f, utilization %.4f +- %.4f, RT_max %.1f +- %.1f%n",
                run.throughput().mean(), run.throughput().halfWidth(), run.utilization().mean(),
                run.utilization().halfWidth(), run.maxResponseTime().mean(), run.maxResponseTime().halfWidth());
        System.out.printf(Locale.ROOT, "  simulated in %.3f s (%d events)%n", run.seconds(), run.events());
        printWritten(dir, MODEL_DATA);
        JitHint.after(run.seconds()).ifPresent(System.out::println);
        return 0;
    }

    static ExperimentSpec loadDefault() {
        try (InputStream in = RunCommand.class.getResourceAsStream(DEFAULT_EXPERIMENT)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new ExperimentLoader().load("default-experiment.yaml", text, Path.of("."));
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("the bundled default experiment is missing", e);
        }
    }
}
