package gridmarket.app.commands;

import gridmarket.agents.Workloads;
import gridmarket.app.BadInputException;
import gridmarket.app.results.AtomicFiles;
import gridmarket.app.results.ResultFolder;
import gridmarket.app.results.ResultWriter;
import gridmarket.config.BatsimWorkloadFile;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.MachineSpec;
import gridmarket.results.BatsimJobsCsv;
import gridmarket.results.JobsCsv;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.SwfWriter;
import gridmarket.sim.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code gridmarket convert INPUT [--out PATH]}: between gridmarket's files and Batsim's (docs/BATSIM.md). A run's
 * results folder (or a sweep's, every complete run in it) gets Batsim's {@code jobs.csv} and {@code schedule.json}
 * in its {@code batsim/} folder; a workload (an SWF trace, a Batsim JSON workload, or an experiment's workload as it
 * runs: generated, shaped) is written as a Batsim JSON workload ({@code --out F.json}) or an SWF trace
 * ({@code --out F.swf}).
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Converts between gridmarket's files and Batsim's (docs/BATSIM.md).",
                "A run's results folder (or a sweep's): writes DIR/batsim/jobs.csv and DIR/batsim/schedule.json "
                        + "(of every complete run of a sweep).",
                "A workload (SWF trace, Batsim JSON workload, or experiment file: its workload as run) with "
                        + "--out F.json: a Batsim JSON workload; with --out F.swf: an SWF trace."})
public final class ConvertCommand implements Callable<Integer> {
    @Parameters(paramLabel = "INPUT", description = "Results folder, SWF trace, Batsim JSON workload or experiment.")
    Path input;

    @Option(names = "--out", paramLabel = "PATH", description = "The workload to write (.json: Batsim, .swf: SWF); "
            + "for a results folder, the folder to write Batsim's files into (default: INPUT/batsim).")
    Path out;

    @Option(names = "--batsim-version", paramLabel = "4|5", defaultValue = "4", description = "Batsim workload "
            + "version written: 4 (delay profiles of type delay, the default) or 5 (type DelayProfile).")
    int version;

    @Override
    public Integer call() {
        if (Files.isDirectory(input)) {
            return convertResults();
        }
        if (out == null) {
            throw new BadInputException("--out: give the workload to write (F.json for Batsim, F.swf for SWF)");
        }
        String target = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!target.endsWith(".json") && !target.endsWith(".swf")) {
            throw new BadInputException("--out: " + out + ": name a .json (Batsim workload) or .swf (SWF trace) file");
        }
        if (version != 4 && version != 5) {
            throw new BadInputException("--batsim-version: 4 or 5, got " + version);
        }
        Workload workload;
        long nbRes;
        String name = input.getFileName() == null ? "" : input.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean experiment = name.endsWith(".yaml") || name.endsWith(".yml")
                || name.endsWith(".json") && !BatsimWorkloadFile.isWorkload(input);
        if (experiment) {
            ExperimentSpec spec = new ExperimentLoader().load(input);
            if (spec.isForkJoin() || spec.isIbts()) {
                throw new BadInputException(input + ": model " + spec.getModel() + " has no workload of jobs");
            }
            workload = Workloads.load(spec);
            nbRes = spec.resolvedSites().stream().flatMap(s -> s.getMachines().stream())
                    .mapToLong(MachineSpec::getNodes).sum();
        } else if (name.endsWith(".json")) {
            workload = BatsimWorkloadFile.read(input, false);
            nbRes = resources(workload);
        } else {
            workload = new SwfReader().read(input);
            nbRes = resources(workload);
        }
        if (target.endsWith(".json")) {
            BatsimWorkloadFile.Version v = version == 5 ? BatsimWorkloadFile.Version.V5
                    : BatsimWorkloadFile.Version.V4;
            AtomicFiles.write(out, w -> BatsimWorkloadFile.write(w, workload.jobs(), nbRes, v));
        } else {
            AtomicFiles.write(out, w -> SwfWriter.write(w, workload));
        }
        System.out.printf(Locale.ROOT, "%s: %d jobs written to %s%n", input, workload.jobs().size(), out);
        return 0;
    }

    /** The resources a workload was made for: its header's MaxNodes, else MaxProcs, else its widest job. */
    static long resources(Workload w) {
        for (String key : List.of("MaxNodes", "MaxProcs")) {
            String v = w.headerValue(key);
            if (v != null) {
                try {
                    long n = Long.parseLong(v.strip());
                    if (n > 0) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // not a number: the next key, or the widest job, says it
                }
            }
        }
        return w.jobs().stream().mapToLong(Job::nodes).max().orElse(1);
    }

    private int convertResults() {
        Path runs = input.resolve("runs");
        if (!Files.isRegularFile(input.resolve(ResultWriter.SUMMARY)) && Files.isDirectory(runs)) {
            if (out != null) {
                throw new BadInputException("--out: a sweep's runs each get their own batsim/ folder; leave it out");
            }
            int n = 0;
            try (Stream<Path> s = Files.list(runs)) {
                for (Path run : s.filter(ResultFolder::isComplete).sorted().toList()) {
                    convertRun(run, run.resolve(BatsimJobsCsv.FOLDER));
                    n++;
                }
            } catch (IOException e) {
                throw new BadInputException(runs + ": cannot list the runs: " + AtomicFiles.reason(e));
            }
            System.out.printf(Locale.ROOT, "%s: Batsim files written for %d complete runs%n", input, n);
            return 0;
        }
        Path dir = out != null ? out : input.resolve(BatsimJobsCsv.FOLDER);
        convertRun(input, dir);
        System.out.println(input + ": Batsim files written to " + dir);
        return 0;
    }

    private static void convertRun(Path run, Path dir) {
        if (!ResultFolder.isComplete(run) || !Files.isRegularFile(run.resolve("jobs.csv"))) {
            throw new BadInputException(run + ": not a complete run's results (no " + ResultWriter.SUMMARY
                    + " or jobs.csv)");
        }
        ExperimentSpec spec = new ExperimentLoader().load(run.resolve("experiment.yaml"));
        ResultWriter.writeBatsim(dir, spec, JobsCsv.read(run.resolve("jobs.csv")));
    }
}
