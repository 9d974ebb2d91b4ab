package gridmarket.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import gridmarket.agents.RunResult;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.MarketSpec;
import gridmarket.config.SiteSpec;
import gridmarket.config.Strategy;
import gridmarket.market.MarketEconomics;
import gridmarket.market.Trade;
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
import java.util.TreeMap;

/**
 * Writes a run's results into a folder (SPEC I3): {@code jobs.csv}, {@code schedule.swf}, {@code experiment.yaml}
 * (the resolved experiment) and {@code summary.json}.
 *
 * <p>Every file is written to a temporary name and moved into place atomically; {@code summary.json} comes last
 * (after the charts), so a folder with a summary holds a complete run. Apart from the {@code performance} block of the summary (wall time,
 * events per second, heap), the same experiment and seed give byte-identical files.
 */
public final class ResultWriter {
    /** The columns of {@code jobs.csv}, in order. */
    public static final String JOBS_HEADER =
            "job_id,part,site,user,submit,start,end,nodes,run_time,estimate,machine,multisite,status,reason,node_ids,"
                    + "price,utility,offers,messages,promised_start,pieces";

    /** The completion marker: a folder holding it holds a complete run. */
    public static final String SUMMARY = "summary.json";

    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * Writes the data files of a finished run into {@code out}: {@code jobs.csv} and {@code schedule.swf}.
     * {@code experiment.yaml} is written before the run ({@link ResultFolder}), and {@code summary.json}, the
     * completion marker, by {@link #writeSummary} after everything else, charts included.
     */
    public void writeData(Path out, ExperimentSpec spec, Workload workload, RunResult result) {
        List<String> siteNames = spec.resolvedSites().stream().map(SiteSpec::getName).toList();
        AtomicFiles.write(out.resolve("jobs.csv"), w -> writeJobs(w, result.outcomes(), siteNames, result.trades()));
        AtomicFiles.write(out.resolve("schedule.swf"), w -> writeSchedule(w, spec, workload, result.outcomes()));
    }

    /** The text of {@code summary.json}. */
    public String summaryText(ExperimentSpec spec, Workload workload, RunResult result, double loadSeconds) {
        try {
            return json.writeValueAsString(summary(spec, workload, result, loadSeconds)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a summary of numbers and text always serializes", e);
        }
    }

    /** Writes {@code summary.json}, which marks the folder as a complete run: call it last. */
    public static void writeSummary(Path out, String summaryText) {
        AtomicFiles.write(out.resolve(SUMMARY), summaryText);
    }

    /** The summary as a tree: experiment, workload, metrics, performance. */
    public static Map<String, Object> summary(ExperimentSpec spec, Workload workload, RunResult result,
                                              double loadSeconds) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("experiment", spec.getName());
        s.put("strategy", spec.getStrategy());
        s.put("policy", spec.getPolicy());
        s.put("seed", spec.getSeed());
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("source", workload.source());
        w.put("jobs", workload.jobs().size());
        Map<String, Integer> drops = new LinkedHashMap<>();
        for (DropReason r : DropReason.values()) {
            drops.put(r.key(), workload.drops().get(r));
        }
        w.put("dropped", drops);
        s.put("workload", w);
        s.put("metrics", result.metrics());
        if (spec.strategyValue() == Strategy.MARKET) {
            s.put("market", marketSummary(spec, result));
        }
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("loadSeconds", round3(loadSeconds));
        p.put("simulationSeconds", round3(result.simulationSeconds()));
        p.put("events", result.events());
        p.put("eventsPerSecond", Math.round(result.eventsPerSecond()));
        p.put("peakHeapBytes", result.peakHeapBytes());
        s.put("performance", p);
        s.put("reproduce", reproduce(spec));
        return s;
    }

    /**
     * What is needed to make the run again, e.g. months later on another cluster: the hash of the experiment as
     * written to {@code experiment.yaml} (every default filled in), its seed, and the versions of gridmarket and
     * Java that ran it.
     */
    static Map<String, Object> reproduce(ExperimentSpec spec) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("experimentSha256", sha256(new ExperimentLoader().toYaml(spec)));
        r.put("seed", spec.getSeed());
        r.put("gridmarket", Main.VERSION);
        r.put("java", System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"));
        return r;
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
    static Map<String, Object> marketSummary(ExperimentSpec spec, RunResult result) {
        MarketSpec m = spec.getMarket();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mf", m.getMf());
        out.put("uf", m.getUf());
        out.put("nodeSets", m.getNodeSets());
        out.put("startTimes", m.getStartTimes());
        out.put("windows", m.getWindows());
        out.put("offersPerMachine", m.getOffersPerMachine());
        out.put("hops", m.getHops());
        out.put("users", m.getUsers());
        out.put("coAllocation", m.getCoAllocation());
        out.put("overhead", m.getOverhead());
        out.put("rescheduling", m.getRescheduling());
        List<String> machines = spec.resolvedSites().stream().flatMap(site -> site.getMachines().stream())
                .map(MachineSpec::getName).toList();
        double[] work = new double[machines.size()];
        for (JobOutcome o : result.outcomes()) {
            if (o.completed()) {
                work[machines.indexOf(o.machine())] += (double) (o.end() - o.start()) * o.nodeIds().length;
            }
        }
        MarketEconomics e = MarketEconomics.of(new ArrayList<>(new TreeMap<>(result.trades()).values()), machines,
                work);
        out.put("requests", e.requests());
        out.put("accepted", e.accepted());
        out.put("coAllocated", e.coAllocated());
        out.put("coAllocatedShare", e.coAllocatedShare());
        out.put("offers", e.offers());
        out.put("messages", e.messages());
        out.put("offersPerRequest", e.offersPerRequest());
        out.put("messagesPerRequest", e.messagesPerRequest());
        out.put("swaps", e.swaps());
        out.put("meanPrice", e.price().mean());
        out.put("meanUtility", e.utility().mean());
        out.put("price", e.price());
        out.put("utility", e.utility());
        out.put("welfare", e.welfare());
        out.put("revenue", e.revenue());
        out.put("revenueByMachine", e.revenueByMachine());
        out.put("revenueGini", e.revenueGini());
        out.put("workGini", e.workGini());
        return out;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    static void writeJobs(Writer w, List<JobOutcome> outcomes, List<String> siteNames, Map<Integer, Trade> trades)
            throws IOException {
        w.write(JOBS_HEADER);
        w.write('\n');
        StringBuilder b = new StringBuilder(128);
        for (JobOutcome o : outcomes) {
            Job j = o.job();
            b.setLength(0);
            b.append(j.id()).append(',').append(j.part()).append(',').append(siteNames.get(j.site())).append(',')
                    .append(j.user()).append(',').append(j.submit()).append(',').append(o.start()).append(',')
                    .append(o.end()).append(',').append(o.completed() ? o.nodeIds().length : j.nodes()).append(',')
                    .append(j.runTime()).append(',').append(j.estimate()).append(',').append(o.machine()).append(',')
                    .append(o.spread()).append(',').append(o.status().key()).append(',');
            csvField(b, o.reason());
            b.append(',');
            ranges(b, o.nodeIds());
            Trade t = trades.get(j.order());
            if (t == null) {
                b.append(",,,,,");
            } else {
                b.append(',').append(Double.isNaN(t.price()) ? "" : Double.toString(t.price()))
                        .append(',').append(Double.isNaN(t.utility()) ? "" : Double.toString(t.utility()))
                        .append(',').append(t.offers()).append(',').append(t.messages())
                        .append(',').append(t.promisedStart() == null ? "" : t.promisedStart().toString());
            }
            b.append(',');
            for (int k = 0; k < o.pieces().size(); k++) {
                b.append(k > 0 ? ";" : "").append(o.pieces().get(k).start()).append('-').append(o.pieces().get(k).end());
            }
            b.append('\n');
            w.write(b.toString());
        }
    }

    private static void csvField(StringBuilder b, String v) {
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0) {
            b.append(v);
        } else {
            b.append('"').append(v.replace("\"", "\"\"")).append('"');
        }
    }

    /** Sorted node ids as {@code 0-15;32;40-41}. */
    static void ranges(StringBuilder b, int[] ids) {
        for (int i = 0; i < ids.length; ) {
            int j = i;
            while (j + 1 < ids.length && ids[j + 1] == ids[j] + 1) {
                j++;
            }
            if (i > 0) {
                b.append(';');
            }
            b.append(ids[i]);
            if (j > i) {
                b.append('-').append(ids[j]);
            }
            i = j + 1;
        }
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
                held += outcomes.get(k).nodeIds().length;
                k++;
            }
            rows.add(new SwfWriter.ScheduledJob(o.job(), o.start(), o.end(), held, o.completed()));
            i = k;
        }
        SwfWriter.writeSchedule(w, header, rows);
    }
}
