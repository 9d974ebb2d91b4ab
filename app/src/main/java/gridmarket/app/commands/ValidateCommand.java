package gridmarket.app.commands;

import gridmarket.app.BadInputException;
import gridmarket.app.sweeps.Sweep;
import gridmarket.app.sweeps.SweepLoader;
import gridmarket.app.sweeps.SweepPlan;
import gridmarket.app.sweeps.SweepRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import gridmarket.agents.Workloads;
import gridmarket.config.BatsimWorkloadFile;
import gridmarket.config.DescriptionChecks;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.language.DescriptionObject;
import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.Document;
import gridmarket.market.language.LanguageException;
import gridmarket.market.language.ObjectKind;
import gridmarket.sim.workload.DropReason;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code gridmarket validate FILE}: checks an experiment file (and the workload it names), an SWF trace or a
 * description-language file (.req, .offer, .mach; docs/LANGUAGE.md), without running anything. Exit 0 if valid, 2 with
 * the first error otherwise.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks an experiment file (.yaml/.yml/.json, including the workload it names), a sweep file "
                + "(every run it expands to), an SWF trace (.swf, .swf.gz), a Batsim JSON workload or a "
                + "description-language file of requests, offers or machines (.req, .offer, .mach).")
public final class ValidateCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "Experiment, sweep, SWF or description-language file.")
    Path file;

    /** The kinds of file validate reads, by extension. */
    private static final String KINDS = "experiments and sweeps (.yaml, .yml, .json), Batsim workloads (.json), SWF "
            + "traces (.swf, .swf.gz) "
            + "and requests, offers and machines in the description language (.req, .offer, .mach)";

    /** Object ids named in the answer for a language file; a run's offers file holds thousands. */
    private static final int SHOWN_IDS = 5;

    @Override
    public Integer call() throws LanguageException {
        Optional<ObjectKind> kind = ObjectKind.ofFile(file);
        if (kind.isPresent()) {
            Document d = new DescriptionParser().parse(file, kind.get());
            DescriptionChecks.check(file.toString(), d); // what an experiment would refuse in these values
            System.out.println(file + ": ok: " + d.objects().size() + " " + kind.get() + " object"
                    + (d.objects().size() == 1 ? "" : "s") + " (" + d.objects().stream().limit(SHOWN_IDS)
                    .map(DescriptionObject::id).map(id -> '"' + id + '"').collect(Collectors.joining(", "))
                    + (d.objects().size() > SHOWN_IDS ? ", ..." : "") + ")");
            return 0;
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean experiment = name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
        if (!experiment && !name.endsWith(".swf") && !name.endsWith(".swf.gz")) {
            // read as SWF, a file of another kind fails on its first line with a message about job numbers
            throw new BadInputException(file + ": not a kind of file validate knows (" + (name.contains(".")
                    ? "ends in '" + name.substring(name.indexOf('.')) + "'" : "no extension") + "); it takes "
                    + KINDS);
        }
        if (experiment && isSweep(file)) {
            Sweep sweep = new SweepLoader().load(file);
            SweepPlan plan = new SweepPlan(sweep);
            List<SweepRun> runs = plan.expand(new ExperimentLoader());
            plan.checkWorkloads(runs);
            System.out.println(file + ": ok: sweep " + sweep.name() + ", " + runs.size() + " runs");
        } else if (name.endsWith(".json") && BatsimWorkloadFile.isWorkload(file)) {
            System.out.println(file + ": ok: Batsim workload, " + describe(BatsimWorkloadFile.read(file, false)));
        } else if (experiment) {
            ExperimentSpec spec = new ExperimentLoader().load(file);
            if (spec.isForkJoin() || spec.isIbts()) {
                System.out.println(file + ": ok: experiment " + spec.getName() + ", model " + spec.getModel());
                return 0;
            }
            Workload w = Workloads.load(spec);
            System.out.println(file + ": ok: experiment " + spec.getName() + ", " + spec.resolvedSites().size()
                    + " site(s), " + spec.resolvedSites().stream().mapToInt(s -> s.getMachines().size()).sum()
                    + " machine(s), strategy " + spec.getStrategy() + ", policy " + spec.getPolicy() + ", "
                    + describe(w));
        } else {
            Workload w = new SwfReader().read(file);
            System.out.println(file + ": ok: " + describe(w));
        }
        return 0;
    }

    /** A sweep file is a mapping with a top-level {@code vary} key. */
    private static boolean isSweep(Path file) {
        try {
            ObjectMapper m = file.toString().endsWith(".json") ? new ObjectMapper()
                    : new ObjectMapper(new YAMLFactory());
            JsonNode tree = m.readTree(file.toFile());
            return tree != null && tree.isObject() && tree.has("vary");
        } catch (IOException e) {
            // A file that does not parse is a sweep if it has a top-level vary key, so that the sweep loader (not
            // the experiment loader, with its "unknown key") reports where the syntax fails.
            try {
                return Pattern.compile("(?m)^vary\\s*:").matcher(Files.readString(file)).find();
            } catch (IOException | UncheckedIOException unreadable) {
                return false; // the experiment loader reports what is wrong with the file
            }
        }
    }

    private static String describe(Workload w) {
        StringBuilder s = new StringBuilder().append(w.jobs().size()).append(" jobs");
        for (DropReason r : DropReason.values()) {
            int n = w.drops().get(r);
            if (n > 0) {
                s.append(", ").append(n).append(" dropped (").append(r.key()).append(')');
            }
        }
        return s.toString();
    }
}
