package gridmarket.app;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/** Whole-file writes that readers (and killed processes) never see half done. */
final class AtomicFiles {
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /**
     * Writes {@code text} to a temporary file next to {@code target} and moves it into place atomically. The temporary
     * name is unique, so several processes (shards sharing a folder) may write the same target at once.
     */
    static void write(Path target, String text) {
        write(target, w -> w.write(text));
    }

    /** What goes into a file, written through a buffered writer. */
    @FunctionalInterface
    interface Body {
        void write(Writer w) throws IOException;
    }

    /** As {@link #write(Path, String)}, streaming the content through {@code body}. */
    static void write(Path target, Body body) {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            // Not Files.createTempFile: its owner-only permissions would stick to the result.
            tmp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                    + COUNTER.incrementAndGet() + ".partial");
            try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(tmp,
                    StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), StandardCharsets.UTF_8), 1 << 16)) {
                body.write(w);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private static void deleteQuietly(Path tmp) {
        if (tmp == null) {
            return;
        }
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the original error is the one worth reporting
        }
    }
}
