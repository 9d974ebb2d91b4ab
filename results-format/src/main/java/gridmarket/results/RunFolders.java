package gridmarket.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds run folders (folders holding a {@code summary.json}) and names each run distinctly: by its path relative to
 * the folder it was found under (a sweep's {@code runs/seed=1}), a run folder given itself by its own name; runs
 * that would share a name take folders above it from their full paths until they differ ({@code s1/runs/seed=1},
 * {@code s2/runs/seed=1}).
 */
public final class RunFolders {
    /** One run folder and the folder it was found under. */
    public record Found(Path under, Path folder) {
    }

    /** The files a run writes into its folder; no command writes over them but the run itself. */
    public static final List<String> RUN_FILES = List.of(SummaryJson.FILE, "jobs.csv", "schedule.swf",
            "experiment.yaml", "params.json", "replications.csv", "offers.offer");

    private RunFolders() {
    }

    /**
     * Whether {@code file} is one of a run's own files ({@link #RUN_FILES}) in a run folder, complete (with a
     * {@code summary.json}) or claimed (with an {@code experiment.yaml}).
     */
    public static boolean isRunFile(Path file) {
        Path f = file.toAbsolutePath().normalize();
        Path folder = f.getParent();
        return folder != null && f.getFileName() != null && RUN_FILES.contains(f.getFileName().toString())
                && (Files.isRegularFile(folder.resolve(SummaryJson.FILE))
                || Files.isRegularFile(folder.resolve("experiment.yaml")));
    }

    /**
     * The run folders at or below {@code dir}, sorted by path.
     *
     * @throws ResultsException if the folder cannot be listed
     */
    public static List<Found> below(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName() != null && f.getFileName().toString().equals(SummaryJson.FILE)
                            && Files.isRegularFile(f)).map(Path::getParent)
                    .sorted((a, b) -> slashes(a).compareTo(slashes(b))).map(f -> new Found(dir, f)).toList();
        } catch (IOException | UncheckedIOException e) {
            throw new ResultsException(dir + ": cannot list: " + e.getMessage());
        }
    }

    /** A distinct name for each run, in the order given. */
    public static List<String> names(List<Found> runs) {
        List<String> names = new ArrayList<>(runs.size());
        int[] depth = new int[runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            Found r = runs.get(i);
            String relative = slashes(r.under().relativize(r.folder()));
            names.add(relative.isEmpty() ? ownName(r.folder()) : relative);
            depth[i] = relative.isEmpty() ? 1 : r.under().relativize(r.folder()).getNameCount();
        }
        // names alike take one more folder from their full paths, until they differ or a path has no more
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<String, Integer> count = new HashMap<>();
            names.forEach(n -> count.merge(n, 1, Integer::sum));
            for (int i = 0; i < names.size(); i++) {
                Path full = runs.get(i).folder().toAbsolutePath().normalize();
                if (count.get(names.get(i)) > 1 && depth[i] < full.getNameCount()) {
                    depth[i]++;
                    names.set(i, slashes(full.subpath(full.getNameCount() - depth[i], full.getNameCount())));
                    changed = true;
                }
            }
        }
        return names;
    }

    private static String ownName(Path folder) {
        Path name = folder.toAbsolutePath().normalize().getFileName();
        return name == null ? "/" : name.toString();
    }

    /** A path with forward slashes, whatever the platform. */
    public static String slashes(Path p) {
        StringBuilder s = new StringBuilder(p.isAbsolute() && p.getRoot() != null ? "/" : "");
        for (int i = 0; i < p.getNameCount(); i++) {
            if (i > 0) {
                s.append('/');
            }
            s.append(p.getName(i));
        }
        return s.toString();
    }
}
