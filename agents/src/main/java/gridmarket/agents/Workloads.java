package gridmarket.agents;

import gridmarket.config.BatsimWorkloadFile;
import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.FailureTrace;
import gridmarket.config.OutageTrace;
import gridmarket.config.GeneratorSpec;
import gridmarket.config.MachineSpec;
import gridmarket.config.Populations;
import gridmarket.config.ShapeSpec;
import gridmarket.config.SiteSpec;
import gridmarket.config.WorkloadSpec;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.PoissonWorkloadGenerator;
import gridmarket.sim.workload.ProbabilisticWorkloadModel;
import gridmarket.sim.workload.RandomizedWorkloadGenerator;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.TraceShaper;
import gridmarket.sim.workload.Workload;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.ArrayList;

/**
 * Turns an experiment's workload section into jobs: reads the SWF trace or Batsim workload or runs the generator,
 * then shapes it.
 *
 * <p>Traces and fitted models are cached per file (and reading options) for the life of the JVM, because a sweep
 * runs hundreds of experiments over the same few traces; workloads and models are immutable, so runs on several
 * threads can share them.
 */
public final class Workloads {
    private static final Map<String, Workload> TRACES = new ConcurrentHashMap<>();
    private static final Map<String, ProbabilisticWorkloadModel> MODELS = new ConcurrentHashMap<>();

    private Workloads() {
    }

    /**
     * The experiment's workload; a workload key's problem found while reading names the experiment file.
     *
     * @throws gridmarket.sim.workload.WorkloadException for a missing or malformed trace
     */
    public static Workload load(ExperimentSpec spec) {
        try {
            Workload w = read(spec);
            if (!w.jobs().isEmpty()) { // the failure trace's windows must lie in the run, which the jobs span
                long first = w.jobs().get(0).submit();
                long last = w.jobs().get(w.jobs().size() - 1).submit();
                FailureTrace.trace(spec, first, last);
                FailureTrace.maintenance(spec, first, last);
                OutageTrace.outages(spec, first, last);
            }
            return w;
        } catch (ConfigException e) {
            // a workload key's problem found while reading: name the experiment file, as the loader's messages do
            if (spec.source() != null && (e.getMessage().startsWith("workload")
                    || e.getMessage().startsWith("populations") || e.getMessage().startsWith("failures")
                    || e.getMessage().startsWith("localLoad"))) {
                throw new ConfigException(spec.source() + ": " + e.getMessage());
            }
            throw e;
        }
    }

    /**
     * As {@link #load}, but a workload key's problem is named by its key alone ({@code workload.shape: ...}), for a
     * caller that names the experiment itself (a sweep's combination).
     */
    public static Workload read(ExperimentSpec spec) {
        WorkloadSpec w = spec.getWorkload();
        Workload raw;
        if (w.getSwf() != null) {
            SwfReader.OnBadLine onBad = "skip".equals(w.getOnBadLine()) ? SwfReader.OnBadLine.SKIP
                    : SwfReader.OnBadLine.FAIL;
            raw = trace(w.getSwf(), onBad, w.isKillAtEstimate());
        } else if (w.getBatsim() != null) {
            String key = "batsim|" + w.getBatsim() + "|" + w.isKillAtEstimate();
            raw = TRACES.get(key);
            if (raw == null) {
                raw = BatsimWorkloadFile.read(Path.of(w.getBatsim()), w.isKillAtEstimate());
                TRACES.putIfAbsent(key, raw);
            }
        } else {
            raw = generate(w.getGenerate(), spec.getSeed());
        }
        if (w.isExactEstimates()) {
            raw = exact(raw);
        }
        Workload shaped = shape(raw, w.getShape(), spec.resolvedSites());
        if (shaped.jobs().isEmpty()) {
            throw new ConfigException("workload.shape: no jobs left of the " + raw.jobs().size() + " read (check from "
                    + "and to)");
        }
        if (spec.getLocalLoad() != null && !spec.getLocalLoad().getTraces().isEmpty()) {
            shaped = withLocalTraces(shaped, spec);
        }
        if (!spec.getPopulations().isEmpty()) {
            Populations.check(spec.getPopulations(), shaped.jobs().stream().map(Job::user).toList());
        }
        return shaped;
    }

    private static Workload exact(Workload w) {
        List<Job> jobs = w.jobs().stream().map(j -> new Job(j.id(), j.order(), j.submit(), j.runTime(), j.runTime(),
                j.nodes(), j.user(), j.status(), j.requestedTime(), j.part(), j.site())).toList();
        List<String> header = new ArrayList<>(w.header());
        header.add("Estimates: exact (estimate = run time)");
        return new Workload(w.source() + " [exact estimates]", header, new ArrayList<>(jobs), w.drops());
    }

    /**
     * Applies the experiment's trace shaping. With several sites, jobs are always dealt to them round-robin, so a
     * grid needs no shaping section; with one site and no section the workload is left exactly as read.
     */
    static Workload shape(Workload raw, ShapeSpec s, List<SiteSpec> sites) {
        if (s == null && sites.size() == 1) {
            return raw;
        }
        List<Integer> largest = sites.stream()
                .map(site -> site.getMachines().stream().mapToInt(MachineSpec::getNodes).max().orElse(1)).toList();
        TraceShaper.Shape shape;
        if (s == null) {
            shape = new TraceShaper.Shape(null, null, null, false, TraceShaper.Split.NONE, 1);
        } else {
            TraceShaper.Split split = switch (s.getSplit()) {
                case "local" -> TraceShaper.Split.LOCAL;
                case "largest" -> TraceShaper.Split.LARGEST;
                case "none" -> TraceShaper.Split.NONE;
                default -> TraceShaper.Split.FIXED;
            };
            int size = split == TraceShaper.Split.FIXED ? Integer.parseInt(s.getSplit()) : 1;
            try {
                shape = new TraceShaper.Shape(s.getFrom(), s.getTo(), s.getMaxNodes(), s.isShift(), split, size);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("workload.shape: " + e.getMessage());
            }
        }
        return TraceShaper.shape(raw, shape, largest);
    }

    /**
     * The workload with the jobs of each machine's own trace of local jobs merged in by submit time (the workload's
     * jobs first at equal times, then the traces in the order listed): their submit times are taken as they are, on
     * the workload's clock; each is numbered on from the workload's largest job number, trace by trace, and belongs
     * to its machine's site.
     */
    static Workload withLocalTraces(Workload shaped, ExperimentSpec spec) {
        Map<String, Integer> siteOf = new java.util.HashMap<>();
        List<SiteSpec> sites = spec.resolvedSites();
        for (int s = 0; s < sites.size(); s++) {
            for (MachineSpec m : sites.get(s).getMachines()) {
                siteOf.put(m.getName(), s);
            }
        }
        long next = shaped.jobs().stream().mapToLong(Job::id).max().orElse(0) + 1;
        List<Job> all = new ArrayList<>(shaped.jobs());
        List<String> machineOf = new ArrayList<>();
        shaped.jobs().forEach(j -> machineOf.add(null));
        List<String> header = new ArrayList<>(shaped.header());
        StringBuilder source = new StringBuilder(shaped.source());
        for (Map.Entry<String, String> t : spec.getLocalLoad().getTraces().entrySet()) {
            String key = "localLoad.traces." + t.getKey();
            Path file = Path.of(t.getValue());
            if (!java.nio.file.Files.isRegularFile(file)) {
                throw new ConfigException(key + ": '" + t.getValue() + "' does not exist or is not a file");
            }
            Workload local;
            try {
                local = trace(t.getValue(), SwfReader.OnBadLine.FAIL, spec.getWorkload().isKillAtEstimate());
            } catch (gridmarket.sim.workload.WorkloadException e) {
                throw new ConfigException(key + ": " + e.getMessage());
            }
            int site = siteOf.get(t.getKey());
            for (Job j : local.jobs()) {
                all.add(new Job(next++, all.size(), j.submit(), j.runTime(), j.estimate(), j.nodes(), j.user(),
                        j.status(), j.requestedTime(), 0, site));
                machineOf.add(t.getKey());
            }
            header.add("Local load of machine " + t.getKey() + ": " + local.jobs().size() + " jobs of " + file);
            source.append(" + ").append(local.source());
        }
        Integer[] byTime = new Integer[all.size()];
        for (int i = 0; i < byTime.length; i++) {
            byTime[i] = i;
        }
        java.util.Arrays.sort(byTime, java.util.Comparator.comparingLong((Integer i) -> all.get(i).submit())
                .thenComparingInt(i -> i)); // stable: the workload's jobs, then each trace's, at equal times
        List<Job> jobs = new ArrayList<>(all.size());
        Map<Integer, String> traced = new java.util.HashMap<>();
        for (Integer i : byTime) {
            if (machineOf.get(i) != null) {
                traced.put(jobs.size(), machineOf.get(i));
            }
            jobs.add(all.get(i).withOrder(jobs.size()));
        }
        return new Workload(source.toString(), header, jobs, shaped.drops(), traced);
    }

    private static Workload trace(String file, SwfReader.OnBadLine onBad, boolean killAtEstimate) {
        String key = file + "|" + onBad + "|" + killAtEstimate;
        Workload cached = TRACES.get(key);
        if (cached == null) {
            cached = new SwfReader(onBad, killAtEstimate).read(Path.of(file));
            TRACES.putIfAbsent(key, cached);
        }
        return cached;
    }

    static Workload generate(GeneratorSpec g, long experimentSeed) {
        long seed = g.getSeed() != null ? g.getSeed() : experimentSeed;
        if ("probabilistic".equals(g.getModel())) {
            try {
                ProbabilisticWorkloadModel model = MODELS.computeIfAbsent(g.getFit(), f ->
                        ProbabilisticWorkloadModel.fit(trace(f, SwfReader.OnBadLine.FAIL, false)));
                return model.generate(g.getJobs(), seed);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("workload.generate: " + e.getMessage());
            }
        }
        if ("randomized".equals(g.getModel())) {
            return new RandomizedWorkloadGenerator(g.getJobs(), g.getNodes(), seed).generate();
        }
        PoissonWorkloadGenerator.ProcessorDistribution processors = "cenju3".equals(g.getProcessors())
                ? PoissonWorkloadGenerator.ProcessorDistribution.CENJU3
                : PoissonWorkloadGenerator.ProcessorDistribution.UNIFORM;
        try {
            return new PoissonWorkloadGenerator(PoissonWorkloadGenerator.builder()
                    .jobs(g.getJobs())
                    .nodes(g.getNodes())
                    .load(g.getLoad())
                    .meanRunTime(g.getMeanRunTime())
                    .processors(processors)
                    .overEstimation(g.getOverEstimate())
                    .seed(seed)
                    .build()).generate();
        } catch (IllegalArgumentException e) {
            throw new ConfigException("workload.generate: " + e.getMessage());
        }
    }
}
