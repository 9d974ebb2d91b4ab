package gridmarket.sim.workload;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the shared traces are: beside the clone, as the build tells the tests; tests skip if it is missing. */
final class SharedFolder {
    private SharedFolder() {
    }

    /** The shared folder: the {@code gridmarket.shared} property if it names one, else the nearest one above. */
    static Path dir() {
        String prop = System.getProperty("gridmarket.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "data", "traces"))) {
            return Path.of(prop);
        }
        for (Path d = Path.of(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolveSibling("shared");
            if (Files.isDirectory(candidate.resolve("data").resolve("traces"))) {
                return candidate;
            }
        }
        return Path.of(prop != null ? prop : "shared");
    }
}
