package gridmarket.sim.workload;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the shared traces are: beside the clone, as the build tells the tests. Tests skip if a trace is missing,
 * unless the environment sets {@code GRIDMARKET_SHARED_REQUIRED} (CI does where {@code ../shared} is there): then they
 * fail.
 */
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

    /** Skips the calling test if {@code found} is false, or fails it where the shared data is required. */
    static void require(boolean found, String what) {
        if (!found && System.getenv("GRIDMARKET_SHARED_REQUIRED") != null) {
            throw new AssertionError(what + " (GRIDMARKET_SHARED_REQUIRED is set)");
        }
        Assumptions.assumeTrue(found, what);
    }
}
