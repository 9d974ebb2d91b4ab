package gridmarket.app.sweeps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gridmarket.agents.Workloads;
import gridmarket.config.ConfigException;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.api.GridStrategyFactory;
import gridmarket.api.Registry;
import gridmarket.sim.workload.WorkloadException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Expands a sweep into its runs: the cartesian product of the varied values in the order written (the first key
 * varies slowest), each applied to a copy of the base experiment and loaded through {@link ExperimentLoader}, so a
 * run is checked exactly like an experiment file. Every combination is checked before any runs.
 */
public final class SweepPlan {
    /** More combinations than this is taken for a mistake in the sweep file rather than a plan. */
    static final long MAX_COMBINATIONS = 1_000_000;
    /** The loader picks JSON by this extension; the name itself is cut from its messages again. */
    private static final String LOADER_NAME = "sweep-combination.json";
    private static final Pattern LOADER_PREFIX =
            Pattern.compile("^" + Pattern.quote(LOADER_NAME) + "(:\\d+){0,2}: ");

    private final Sweep sweep;

    /** A plan for the given sweep. */
    public SweepPlan(Sweep sweep) {
        this.sweep = sweep;
    }

    /**
     * All runs in expansion order.
     *
     * @throws ConfigException naming the sweep file, the first invalid combination and the loader's message, or two
     *                         combinations that would share a run folder
     */
    public List<SweepRun> expand(ExperimentLoader loader) {
        long total = combinations();
        List<SweepRun> runs = new ArrayList<>((int) total);
        Map<String, String> labelsById = new HashMap<>();
        String firstError = null;
        int invalid = 0;
        for (int i = 0; i < total; i++) {
            Map<String, JsonNode> params = params(i, true);
            String label = RunIds.label(params);
            try {
                ExperimentSpec spec = load(loader, params(i, false));
                String id = RunIds.of(params);
                String other = labelsById.putIfAbsent(id, label);
                if (other != null) {
                    throw new ConfigException(sweep.file() + ": the combinations " + other + " and " + label
                            + " would share the run folder '" + id + "'");
                }
                runs.add(new SweepRun(i, id, params, spec));
            } catch (InvalidCombination e) {
                invalid++;
                if (firstError == null) {
                    firstError = sweep.file() + ": " + label + ": " + e.getMessage();
                }
            }
        }
        if (firstError != null) {
            throw new ConfigException(firstError + (invalid > 1 ? " (" + invalid + " of " + total
                    + " combinations are invalid)" : ""));
        }
        return runs;
    }

    /**
     * Reads each distinct workload of the runs once (a trace, its shape over the sites, a generator with its seed),
     * so that what only reading shows (a shape that leaves no jobs, generator settings that do not fit together) is
     * refused before any run starts, as {@code validate} refuses it for one experiment.
     *
     * @throws ConfigException naming the sweep file, the first combination with that workload and the problem
     */
    public void checkWorkloads(List<SweepRun> runs) {
        ObjectMapper json = new ObjectMapper();
        Set<String> read = new HashSet<>();
        for (SweepRun run : runs) {
            ExperimentSpec spec = run.spec();
            if (spec.isForkJoin() || spec.isIbts()) {
                continue;
            }
            String key;
            try {
                key = json.writeValueAsString(spec.getWorkload()) + "|" + json.writeValueAsString(spec.resolvedSites())
                        + "|" + (spec.getWorkload().getGenerate() == null ? "" : spec.getSeed());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            if (!read.add(key)) {
                continue;
            }
            try {
                Workloads.read(spec);
            } catch (ConfigException | WorkloadException e) {
                throw new ConfigException(sweep.file() + ": " + RunIds.label(run.params()) + ": " + e.getMessage());
            }
        }
    }

    private long combinations() {
        long total;
        try {
            total = sweep.combinations();
        } catch (ArithmeticException e) {
            total = Long.MAX_VALUE;
        }
        if (total > MAX_COMBINATIONS) {
            throw new ConfigException(sweep.file() + ": vary gives " + (total == Long.MAX_VALUE ? "too many" : total)
                    + " combinations, more than " + MAX_COMBINATIONS + "; split the sweep");
        }
        return total;
    }

    /**
     * The values of combination {@code i}: mixed-radix digits of i, the last key the fastest.
     *
     * @param shown labels of named variants instead of their values (for run ids and results)
     */
    private Map<String, JsonNode> params(long i, boolean shown) {
        List<Sweep.Axis> axes = sweep.axes();
        JsonNode[] picked = new JsonNode[axes.size()];
        long rest = i;
        for (int a = axes.size() - 1; a >= 0; a--) {
            Sweep.Axis axis = axes.get(a);
            int k = (int) (rest % axis.values().size());
            picked[a] = shown ? axis.shown(k) : axis.values().get(k);
            rest /= axis.values().size();
        }
        Map<String, JsonNode> params = new LinkedHashMap<>();
        for (int a = 0; a < axes.size(); a++) {
            params.put(axes.get(a).key(), picked[a]);
        }
        return params;
    }

    private ExperimentSpec load(ExperimentLoader loader, Map<String, JsonNode> params) {
        ObjectNode tree = sweep.base().deepCopy();
        tree.put("name", sweep.name());
        for (Map.Entry<String, JsonNode> e : params.entrySet()) {
            try {
                TreePaths.set(tree, e.getKey(), e.getValue().deepCopy());
            } catch (IllegalArgumentException bad) {
                throw new InvalidCombination(e.getKey() + ": in " + sweep.baseLabel() + ", " + bad.getMessage());
            }
        }
        dropUnusedBlocks(tree, params);
        try {
            return loader.load(LOADER_NAME, tree.toString(), sweep.baseDir());
        } catch (ConfigException bad) {
            // The loader's line and column point into the generated text, which the user never sees.
            throw new InvalidCombination(LOADER_PREFIX.matcher(bad.getMessage()).replaceFirst(""));
        }
    }

    /**
     * A base experiment serves every strategy a sweep varies: its {@code market} or {@code multisite} block applies
     * to the combinations of that strategy and is dropped from the others, which the loader would otherwise refuse.
     * A block the sweep itself varies is never dropped, so varying market settings under another strategy is still
     * an error.
     */
    private static void dropUnusedBlocks(ObjectNode tree, Map<String, JsonNode> params) {
        GridStrategyFactory strategy = Registry.current().all(GridStrategyFactory.class)
                .get(tree.path("strategy").asText("local"));
        for (String block : ExperimentLoader.STRATEGY_BLOCKS) {
            boolean varied = params.keySet().stream().anyMatch(k -> k.equals(block) || k.startsWith(block + "."));
            if ((strategy == null || !strategy.blocks().contains(block)) && !varied) {
                tree.remove(block);
            }
        }
    }

    /** A combination the experiment loader rejects; only the message is kept. */
    private static final class InvalidCombination extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InvalidCombination(String message) {
            super(message, null, false, false);
        }
    }
}
