package gridmarket.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.agents.Workloads;
import gridmarket.app.BadInputException;
import gridmarket.app.check.JobsCsvFeasibility;
import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.results.ResultsException;
import gridmarket.results.RunFolders;
import gridmarket.sim.workload.Job;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code gridmarket check DIR...}: replays the {@code jobs.csv} of every run folder below the given folders with
 * {@link JobsCsvFeasibility} (no scheduler code) against the jobs its experiment reads and the machines it names:
 * every job read reported once, completed or rejected with a reason; no node held by two jobs at once (nor while out
 * of service, with the run's {@code outages.csv}); no job started before its submission or after its promised start;
 * a preempted job's pieces as long as its run plus PFCFS' resume penalty per resumption; in a run with node failures,
 * the attempts killed as many as {@code summary.json} counts ({@code failures.killed}).
 * One line per run; exit code 1 if any run fails a check.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks the schedule of every run folder below the given folders, node by node: every job "
                + "read completed or rejected with a reason, no node held by two jobs at once, no job started "
                + "before its submission or after its promised start, the killed attempts those summary.json "
                + "counts. One line per run; exit code 1 if any fails."})
public final class CheckCommand implements Callable<Integer> {
    /** How many findings a failed run prints. */
    private static final int SHOWN = 5;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Run folders, or folders to search for them.")
    List<Path> dirs;

    @Override
    public Integer call() {
        int runs = 0;
        int failed = 0;
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new BadInputException(dir + ": no such folder");
            }
            List<RunFolders.Found> found;
            try {
                found = RunFolders.below(dir);
            } catch (ResultsException e) {
                throw new BadInputException(e.getMessage());
            }
            for (RunFolders.Found f : found) {
                if (!Files.isRegularFile(f.folder().resolve("jobs.csv"))) {
                    continue; // a model's run has replications, not jobs
                }
                runs++;
                failed += check(f.folder()) ? 0 : 1;
            }
        }
        if (runs == 0) {
            throw new BadInputException("no run folders with a jobs.csv below " + dirs.stream().map(Path::toString)
                    .collect(Collectors.joining(", ")));
        }
        System.out.println(runs + " runs checked, " + (runs - failed) + " feasible, " + failed + " not");
        return failed == 0 ? 0 : 1;
    }

    /** Checks one run folder and prints its line; whether it passed. */
    private static boolean check(Path folder) {
        ExperimentSpec spec = new ExperimentLoader().load(folder.resolve("experiment.yaml"));
        List<Job> read = Workloads.load(spec).jobs(); // a shaped trace's parts of a wide job share its number
        Set<Long> ids = read.stream().map(j -> (long) j.id()).collect(Collectors.toSet());
        Map<String, Integer> machines = new LinkedHashMap<>();
        spec.resolvedSites().forEach(s -> s.getMachines().forEach(m -> machines.put(m.getName(), m.getNodes())));
        Path jobs = folder.resolve("jobs.csv");
        Path outages = folder.resolve("outages.csv");
        try {
            Long penalty = spec.getPolicyParameters() == null ? null : spec.getPolicyParameters().getPenalty();
            List<String> found = new ArrayList<>(Files.isRegularFile(outages)
                    ? JobsCsvFeasibility.violations(jobs, machines, ids, outages)
                    : JobsCsvFeasibility.violations(jobs, machines, ids, penalty == null ? 0 : penalty));
            JsonNode summary = new ObjectMapper().readTree(folder.resolve("summary.json").toFile());
            if (summary.has("failures") || Files.isRegularFile(outages)) {
                String kills = killsDiffer(summary.path("failures").path("killed").asLong(),
                        JobsCsvFeasibility.killedAttempts(jobs));
                if (kills != null) {
                    found.add(0, kills);
                }
            }
            JsonNode metrics = summary.path("metrics");
            int completed = metrics.path("completed").asInt();
            int rejected = metrics.path("rejected").asInt();
            boolean complete = completed + rejected == read.size();
            String counts = read.size() + " jobs read, " + completed + " completed + " + rejected + " rejected";
            if (found.isEmpty() && complete) {
                System.out.println(folder + ": feasible, " + counts + ", promises kept");
                return true;
            }
            System.out.println(folder + ": NOT feasible, " + counts + (complete ? "" : " (not every job read)")
                    + ", " + found.size() + " finding(s)");
            found.stream().limit(SHOWN).forEach(v -> System.out.println("  " + v));
            return false;
        } catch (IOException e) {
            throw new BadInputException(folder + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * The finding when the attempts node failures killed, as {@code summary.json} counts them (absent: none), are
     * not those {@code jobs.csv} lists; {@code null} when they agree.
     */
    private static String killsDiffer(long summarised, long listed) {
        return summarised == listed ? null : "summary.json counts " + summarised
                + " killed attempt(s) (failures.killed), jobs.csv lists " + listed;
    }
}
