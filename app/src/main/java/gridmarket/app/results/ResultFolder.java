package gridmarket.app.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import gridmarket.config.ExperimentSpec;
import gridmarket.app.BadInputException;
import gridmarket.results.BatsimJobsCsv;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The results folder of one run, claimed by its {@code experiment.yaml} before the run starts and marked complete by
 * {@code summary.json} after everything else. A folder never mixes two experiments: one that holds another
 * experiment's results, or files that are no run's results, is refused; one that holds this experiment's results
 * (complete, or partial from a killed run) is emptied of them first.
 */
public final class ResultFolder {
    static final String EXPERIMENT = "experiment.yaml";
    /** The offers {@code run --offers} or {@code --all-offers} writes after the run. */
    public static final String OFFERS = "offers.offer";
    /** The replications table of the fork-join and IBTS models (their runs have no jobs.csv). */
    static final String REPLICATIONS = "replications.csv";
    /**
     * What a run writes, besides {@code experiment.yaml}; the marker first, so a cleaned folder never looks done. All
     * are removed before a run, so that nothing of an earlier run (offers of an {@code --all-offers} run, charts of a
     * run with them) is left beside this one's.
     */
    private static final List<String> RESULTS = List.of(ResultWriter.SUMMARY, "jobs.csv", "schedule.swf", "charts",
            REPLICATIONS, OFFERS, BatsimJobsCsv.FOLDER, ResultWriter.OUTAGES, ResultWriter.PRICES);
    /** Names a folder may hold without an {@code experiment.yaml}: a sweep's parameters, a killed run's files. */
    private static final Set<String> OURS = Set.of(ResultWriter.SUMMARY, "jobs.csv", "schedule.swf", "charts",
            REPLICATIONS, OFFERS, "params.json", BatsimJobsCsv.FOLDER, ResultWriter.OUTAGES,
            ResultWriter.PRICES);

    private ResultFolder() {
    }

    /**
     * Makes {@code dir} ready for a run of the experiment whose resolved YAML is {@code experimentYaml}, and claims it
     * by writing that YAML.
     *
     * @throws BadInputException if the folder cannot be made or written, or holds anything but this experiment's
     *                           results
     */
    static void claim(Path dir, String experimentYaml) {
        AtomicFiles.createFolder(dir);
        Path experiment = dir.resolve(EXPERIMENT);
        if (Files.isRegularFile(experiment)) {
            if (!read(experiment).equals(experimentYaml)) {
                throw new BadInputException(dir + ": holds the results of a different experiment (its "
                        + EXPERIMENT + " differs); give another --out or remove the folder");
            }
        } else {
            for (Path p : list(dir)) {
                String name = p.getFileName().toString();
                if (!OURS.contains(name) && !isPartial(name)) {
                    throw new BadInputException(dir + ": not empty and not a results folder ('" + name
                            + "' is in it, and no " + EXPERIMENT + "); give another --out");
                }
            }
        }
        for (String name : RESULTS) {
            delete(dir.resolve(name));
        }
        for (Path p : list(dir)) {
            if (isPartial(p.getFileName().toString())) {
                delete(p);
            }
        }
        AtomicFiles.write(experiment, experimentYaml);
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    /**
     * Claims {@code dir} for a run of a model with its own section (fork-join, IBTS): its experiment.yaml holds the
     * name, seed, model and that section, as the experiment ran.
     */
    static void claimModel(Path dir, ExperimentSpec spec, String model, Object section) {
        Map<String, Object> resolved = new LinkedHashMap<>();
        resolved.put("name", spec.getName());
        resolved.put("seed", spec.getSeed());
        resolved.put("model", model);
        resolved.put(model, section);
        try {
            claim(dir, YAML.writeValueAsString(resolved));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Is {@code dir} a complete run? Only a summary marks one; a killed run's files alone do not. */
    public static boolean isComplete(Path dir) {
        return Files.isRegularFile(dir.resolve(ResultWriter.SUMMARY));
    }

    /** The experiment a folder was claimed for, or {@code null} if it was not. */
    public static String claimedFor(Path dir) {
        Path experiment = dir.resolve(EXPERIMENT);
        return Files.isRegularFile(experiment) ? read(experiment) : null;
    }

    /** A temporary file of {@link AtomicFiles}, left behind if the process was killed while writing. */
    private static boolean isPartial(String name) {
        return name.startsWith(".") && name.endsWith(".partial");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + AtomicFiles.reason(e));
        }
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new BadInputException(dir + ": cannot list: " + AtomicFiles.reason(e));
        }
    }

    private static void delete(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        } catch (IOException e) {
            throw new BadInputException(p + ": cannot remove the old results: " + AtomicFiles.reason(e));
        }
    }
}
