package gridmarket.app.results;

import gridmarket.app.Main;
import gridmarket.agents.RunResult;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.MarketSpec;
import gridmarket.config.PopulationSpec;
import gridmarket.config.Populations;
import gridmarket.config.SiteSpec;
import gridmarket.market.MarketEconomics;
import gridmarket.market.PopulationResults;
import gridmarket.market.PostedPrice;
import gridmarket.market.PriceSeries;
import gridmarket.market.Trade;
import gridmarket.market.TradedPrices;
import gridmarket.market.ValueEconomics;
import gridmarket.market.ValueModel;
import gridmarket.results.BatsimJobsCsv;
import gridmarket.results.BatsimResources;
import gridmarket.results.BatsimSchedule;
import gridmarket.results.JobRow;
import gridmarket.results.JobsCsv;
import gridmarket.results.RunSummary;
import gridmarket.results.SummaryJson;
import gridmarket.sim.failure.FailureMeasures;
import gridmarket.sim.failure.Outage;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.DropReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.SwfWriter;
import gridmarket.sim.workload.Workload;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Writes a run's results into a folder (SPEC I3): {@code jobs.csv}, {@code schedule.swf}, {@code experiment.yaml}
 * (the resolved experiment) and {@code summary.json}.
 *
 * <p>Every file is written to a temporary name and moved into place atomically; {@code summary.json} comes last
 * (after the charts), so a folder with a summary holds a complete run. Apart from the {@code performance} block of the summary (wall time,
 * events per second, heap), the same experiment and seed give byte-identical files.
 */
public final class ResultWriter {
    /** The completion marker: a folder holding it holds a complete run. */
    public static final String SUMMARY = SummaryJson.FILE;

    private final boolean batsim;

    /** A writer of gridmarket's own files only. */
    public ResultWriter() {
        this(false);
    }

    /** A writer that also writes Batsim's {@code jobs.csv} and {@code schedule.json} into {@code batsim/} if asked. */
    public ResultWriter(boolean batsim) {
        this.batsim = batsim;
    }

    /**
     * Writes the data files of a finished run into {@code out}: {@code jobs.csv} and {@code schedule.swf}.
     * {@code experiment.yaml} is written before the run ({@link ResultFolder}), and {@code summary.json}, the
     * completion marker, by {@link #writeSummary} after everything else, charts included.
     */
    public void writeData(Path out, ExperimentSpec spec, Workload workload, RunResult result) {
        // the two files are independent and large for a large run: the schedule is written on a second core
        FutureTask<Void> schedule = new FutureTask<>(() -> AtomicFiles.write(out.resolve("schedule.swf"),
                w -> writeSchedule(w, spec, workload, result.outcomes())), null);
        Thread second = new Thread(schedule, "gridmarket-write-schedule");
        second.setDaemon(true);
        second.start();
        try {
            List<String> siteNames = spec.resolvedSites().stream().map(SiteSpec::getName).toList();
            List<JobRow> rows = jobRows(result.outcomes(), siteNames, result.trades(),
                    result.localJobs());
            Path jobs = out.resolve("jobs.csv");
            AtomicFiles.write(jobs, w -> JobsCsv.write(w, rows));
            JobsCsv.written(jobs, rows); // the run's charts read it next
            if (spec.getFailures() != null && spec.getFailures().hasNodeFailures()) {
                AtomicFiles.write(out.resolve(OUTAGES), w -> writeOutages(w, result.outages()));
            }
            List<PostedPrice> prices = prices(spec, result);
            if (!prices.isEmpty()) {
                AtomicFiles.write(out.resolve(PRICES), w -> writePrices(w, prices));
            }
            if (batsim) {
                writeBatsim(out.resolve(BatsimJobsCsv.FOLDER), spec, rows);
            }
        } catch (RuntimeException e) {
            finish(schedule); // the first failure is the one reported, once the second writer is done
            throw e;
        }
        finish(schedule).ifPresent(e -> {
            throw e;
        });
    }

    /** The nodes out of service in a run with failures (docs/FAILURES.md). */
    public static final String OUTAGES = "outages.csv";

    /**
     * Writes {@code outages.csv}: one line per outage, {@code machine,node_ids,start,end,kind} with kind
     * {@code failure} or {@code maintenance}, in the order they began.
     */
    static void writeOutages(Writer w, List<Outage> outages) throws IOException {
        w.write("machine,node_ids,start,end,kind\n");
        for (Outage o : outages) {
            w.write(o.machine().name() + "," + JobOutcome.ranges(o.nodeIds()) + "," + o.start() + "," + o.end() + ","
                    + (o.planned() ? "maintenance" : "failure") + "\n");
        }
    }

    /** The owners' prices per period of a market run: posted, or traded at (docs/MECHANISMS.md). */
    public static final String PRICES = "prices.csv";

    /**
     * The lines of {@code prices.csv}: the posting owners' prices, else, in a market run, each owner's mean price of
     * its trades per period in which it sold ({@link TradedPrices}); none for a run without a market.
     */
    static List<PostedPrice> prices(ExperimentSpec spec, RunResult result) {
        if (!result.postedPrices().isEmpty() || !spec.strategyFactory().blocks().contains("market")) {
            return result.postedPrices();
        }
        Map<String, Integer> sizes = new LinkedHashMap<>();
        spec.resolvedSites().forEach(site -> site.getMachines().forEach(m -> sizes.put(m.getName(), m.getNodes())));
        return TradedPrices.byOwner(result.trades(), result.outcomes(), List.copyOf(sizes.keySet()), sizes,
                TradedPrices.PERIOD);
    }

    /**
     * Writes {@code prices.csv}: one line per owner and period, {@code time,machine,price,utilization,sold} (the
     * period's start in seconds, the price per node-second posted through it, the shares of the machine's
     * node-seconds used and sold in it), owners in machine order, periods in order.
     */
    static void writePrices(Writer w, List<PostedPrice> prices) throws IOException {
        w.write("time,machine,price,utilization,sold\n");
        for (PostedPrice p : prices) {
            w.write(p.start() + "," + p.machine() + "," + p.price() + "," + round6(p.utilization()) + ","
                    + round6(p.sold()) + "\n");
        }
    }

    /**
     * Writes Batsim's {@code jobs.csv} and {@code schedule.json} of a run's rows into {@code dir} (a run's
     * {@code batsim/} folder), the grid's nodes numbered as {@link #resources} does.
     */
    public static void writeBatsim(Path dir, ExperimentSpec spec, List<JobRow> rows) {
        BatsimResources grid = resources(spec);
        List<BatsimJobsCsv.BatsimJob> jobs = BatsimJobsCsv.jobs(rows, grid);
        AtomicFiles.createFolder(dir);
        AtomicFiles.write(dir.resolve(BatsimJobsCsv.FILE), w -> BatsimJobsCsv.write(w, jobs));
        AtomicFiles.write(dir.resolve(BatsimSchedule.FILE), BatsimSchedule.text(jobs, grid.total(), Main.VERSION));
    }

    /** The grid's machines in grid order (sites in order, then each site's machines), as Batsim's resources. */
    public static BatsimResources resources(ExperimentSpec spec) {
        return new BatsimResources(spec.resolvedSites().stream().flatMap(site -> site.getMachines().stream())
                .map(m -> new BatsimResources.Machine(m.getName(), m.getNodes())).toList());
    }

    /** Waits for a task to end; its failure, if any. */
    private static Optional<RuntimeException> finish(FutureTask<Void> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    task.get();
                    return Optional.empty();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    return Optional.of(e.getCause() instanceof RuntimeException r ? r
                            : new IllegalStateException(e.getCause()));
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The text of {@code summary.json}. */
    public String summaryText(ExperimentSpec spec, Workload workload, RunResult result, double loadSeconds) {
        return SummaryJson.text(summary(spec, workload, result, loadSeconds));
    }

    /** Writes {@code summary.json}, which marks the folder as a complete run: call it last. */
    public static void writeSummary(Path out, String summaryText) {
        AtomicFiles.write(out.resolve(SUMMARY), summaryText);
    }

    /** The summary: experiment, workload, metrics, market (market runs), performance, reproduce. */
    public static RunSummary summary(ExperimentSpec spec, Workload workload, RunResult result, double loadSeconds) {
        Map<String, Integer> drops = new LinkedHashMap<>();
        for (DropReason r : DropReason.values()) {
            drops.put(r.key(), workload.drops().get(r));
        }
        return new RunSummary(spec.getName(), spec.getStrategy(), spec.getPolicy(), spec.getSeed(),
                policyParameters(spec), new RunSummary.Workload(workload.source(), workload.jobs().size(), drops),
                SummaryJson.metrics(result.metrics()),
                spec.strategyFactory().blocks().contains("market") ? marketSummary(spec, result) : null,
                failuresSummary(spec, result),
                result.strategyFields().isEmpty() ? null : result.strategyFields(),
                new RunSummary.Performance(round3(loadSeconds), round3(result.simulationSeconds()), result.events(),
                        Math.round(result.eventsPerSecond()), result.peakHeapBytes()),
                reproduce(spec));
    }

    /** The failures block, or {@code null} for a run without failures. */
    private static RunSummary.Failures failuresSummary(ExperimentSpec spec, RunResult result) {
        FailureMeasures f = result.failures();
        if (f == null) {
            return result.domainOutages() == null ? null : new RunSummary.Failures(null, null, null, null, null, null,
                    null, null, null, result.domainOutages());
        }
        Map<String, Double> availability = new LinkedHashMap<>();
        f.availability().forEach((m, a) -> availability.put(m, round6(a)));
        return new RunSummary.Failures(f.outages(), f.killed(), f.jobsKilled(), f.lostNodeSeconds(),
                f.reservationsBroken(), f.brokenDelaySeconds(), availability, round6(f.goodput()),
                spec.getFailures().getCheckpoint(), result.domainOutages());
    }

    /**
     * The values the policy ran with, defaults and preset included, so that runs differing only in them are told
     * apart by {@code merge} and the charts; {@code null} for a policy without parameters.
     */
    static Map<String, Object> policyParameters(ExperimentSpec spec) {
        Map<String, Object> p = spec.policyFactory().summary(spec.policySetup());
        return p.isEmpty() ? null : p;
    }

    /**
     * What is needed to make the run again, e.g. months later on another cluster: the hash of the experiment as
     * written to {@code experiment.yaml} (every default filled in), its seed, and the versions of gridmarket and
     * Java that ran it.
     */
    static RunSummary.Reproduce reproduce(ExperimentSpec spec) {
        return new RunSummary.Reproduce(sha256(new ExperimentLoader().toYaml(spec)), spec.getSeed(), Main.VERSION,
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"));
    }

    private static String sha256(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** The market's settings and its economics: requests, offers and messages, prices, utility, revenue, fairness. */
    static RunSummary.Market marketSummary(ExperimentSpec spec, RunResult result) {
        MarketSpec m = spec.getMarket();
        List<String> machines = spec.resolvedSites().stream().flatMap(site -> site.getMachines().stream())
                .map(MachineSpec::getName).toList();
        double[] work = new double[machines.size()];
        for (JobOutcome o : result.outcomes()) {
            if (o.completed()) {
                work[machines.indexOf(o.machine())] += (double) (o.end() - o.start()) * o.nodeCount();
            }
        }
        MarketEconomics e = MarketEconomics.of(new ArrayList<>(new TreeMap<>(result.trades()).values()), machines,
                work);
        return new RunSummary.Market(m.getMf(), m.getUf(), m.getNodeSets(), m.getStartTimes(), m.getWindows(),
                m.getOffersPerMachine(), m.getHops(), m.getUsers(), m.getCoAllocation(), m.getOverhead(),
                m.getRescheduling(), e.requests(), e.accepted(), e.coAllocated(), e.coAllocatedShare(), e.offers(),
                e.messages(), e.offersPerRequest(), e.messagesPerRequest(), e.swaps(), e.price().mean(),
                e.utility().mean(), distribution(e.price()), distribution(e.utility()), e.welfare(), e.revenue(),
                e.revenueByMachine(), e.revenueGini(), e.workGini(), populations(spec, result),
                m.reportsEconomy() ? economy(spec, machines, result) : null);
    }

    /** The economists' measures, with the value model's parameters (market.value, else its defaults). */
    private static RunSummary.Economy economy(ExperimentSpec spec, List<String> machines, RunResult result) {
        ValueModel model = spec.getMarket().valueModel(spec.getSeed());
        ValueEconomics v = ValueEconomics.of(result.outcomes(), result.trades(), machines, model);
        Map<String, Double> parameters = new LinkedHashMap<>();
        parameters.put("perNodeSecond", model.perNodeSecond());
        parameters.put("spread", model.spread());
        parameters.put("expected", model.expected());
        parameters.put("decay", model.decay());
        parameters.put("floor", model.floor());
        parameters.put("deadline", model.deadline());
        parameters.put("budget", model.budget());
        parameters.put("ownerCost", model.ownerCost());
        long lastSubmit = result.outcomes().stream().mapToLong(o -> o.job().submit()).max().orElse(0);
        PriceSeries prices = result.postedPrices().isEmpty()
                ? TradedPrices.of(result.trades(), TradedPrices.PERIOD).series(lastSubmit)
                : PriceSeries.of(result.postedPrices(), lastSubmit);
        return new RunSummary.Economy(parameters, v.jobs(), v.yield(), v.upperBound(), orNull(v.yieldShare()),
                v.paid(), v.userSurplus(), v.ownerCost(), v.ownerSurplus(), v.ownerSurplusByMachine(),
                orNull(v.waitFairness()), orNull(v.priceFairness()), v.deadlineSuccess(), v.budgetSuccess(),
                v.pricedOut(), orNull(prices.volatility()), prices.settleTime());
    }

    /** Per user population, who got what ({@code null} without populations). */
    private static Map<String, RunSummary.Population> populations(ExperimentSpec spec, RunResult result) {
        if (spec.getPopulations().isEmpty()) {
            return null;
        }
        Populations of = Populations.assign(spec.getPopulations(),
                result.outcomes().stream().map(o -> o.job().user()).toList());
        Map<String, RunSummary.Population> out = new LinkedHashMap<>();
        PopulationResults.of(result.outcomes(), result.trades(),
                spec.getPopulations().stream().map(PopulationSpec::getName).toList(),
                j -> of.of(j.user()).map(PopulationSpec::getName).orElse(null)).forEach((n, p) -> out.put(n,
                new RunSummary.Population(p.jobs(), p.completed(), p.rejected(), orNull(p.meanWait()), p.pricePaid(),
                        orNull(p.meanPrice()), p.utility(), orNull(p.meanUtility()))));
        return out;
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static RunSummary.Distribution distribution(MarketEconomics.Distribution d) {
        return new RunSummary.Distribution(d.mean(), d.median(), d.p10(), d.p90(), d.min(), d.max());
    }

    private static double round6(double v) {
        return Math.round(v * 1e6) / 1e6;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /**
     * The rows of {@code jobs.csv}: one per outcome, with the market's trade for the job where there is one; a local
     * job's reason starts with {@code local} (docs/EXPERIMENTS.md, "Local load").
     */
    static List<JobRow> jobRows(List<JobOutcome> outcomes, List<String> siteNames, Map<Integer, Trade> trades,
                                Set<Integer> localJobs) {
        List<JobRow> rows = new ArrayList<>(outcomes.size());
        for (JobOutcome o : outcomes) {
            Job j = o.job();
            Trade t = trades.get(j.order());
            String reason = o.reason();
            if (!localJobs.isEmpty() && localJobs.contains(j.order())) {
                reason = reason.isEmpty() ? "local" : "local: " + reason;
            }
            rows.add(new JobRow(j.id(), j.part(), siteNames.get(j.site()), j.user(), j.submit(), o.start(), o.end(),
                    o.completed() ? o.nodeCount() : j.nodes(), j.runTime(), j.estimate(), o.machine(),
                    o.spread(), o.status(), reason, o.nodeRanges(),
                    t == null ? null : new JobRow.Market(t.price(), t.utility(), t.offers(), t.messages(),
                            t.promisedStart()), JobRow.formatPieces(o.pieces()),
                    o.rejection() == null ? "" : o.rejection().reason().key()));
        }
        return rows;
    }

    private static void writeSchedule(Writer w, ExperimentSpec spec, Workload workload, List<JobOutcome> outcomes)
            throws IOException {
        List<String> header = new ArrayList<>();
        header.add("gridmarket schedule of experiment " + spec.getName() + " (strategy " + spec.getStrategy()
                + ", policy " + spec.getPolicy() + ", seed " + spec.getSeed() + ")");
        header.add("Workload: " + workload.source());
        int nodes = spec.resolvedSites().stream().flatMap(site -> site.getMachines().stream())
                .mapToInt(MachineSpec::getNodes).sum();
        header.add("MaxNodes: " + nodes);
        header.add("MaxProcs: " + nodes);
        // One line per job: the parts of a multi-site job (adjacent, same job) become one line with all its nodes.
        List<SwfWriter.ScheduledJob> rows = new ArrayList<>(outcomes.size());
        for (int i = 0; i < outcomes.size(); ) {
            JobOutcome o = outcomes.get(i);
            int held = 0;
            int k = i;
            while (k < outcomes.size() && outcomes.get(k).job() == o.job()) {
                held += outcomes.get(k).nodeCount();
                k++;
            }
            // a rejected job is one cancelled line in SWF; the attempts failures killed are in jobs.csv
            rows.add(new SwfWriter.ScheduledJob(o.job(), o.start(), o.end(), held, o.completed(),
                    o.completed() ? o.pieces() : List.of()));
            i = k;
        }
        SwfWriter.writeSchedule(w, header, rows);
    }
}
