package gridmarket.app.results;

import gridmarket.app.BadInputException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/** Whole-file writes that readers (and killed processes) never see half done. */
public final class AtomicFiles {
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /**
     * Writes {@code text} to a temporary file next to {@code target} and moves it into place atomically. The temporary
     * name is unique, so several processes (shards sharing a folder) may write the same target at once.
     */
    public static void write(Path target, String text) {
        write(target, w -> w.write(text));
    }

    /** What goes into a file, written through a buffered writer. */
    @FunctionalInterface
    public interface Body {
        void write(Writer w) throws IOException;
    }

    /** As {@link #write(Path, String)}, streaming the content through {@code body}. */
    public static void write(Path target, Body body) {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
            }
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
            throw new BadInputException("cannot write " + target + ": " + reason(e));
        }
    }

    /**
     * Creates a folder and its parents.
     *
     * @throws BadInputException naming the folder and why it cannot be made (a file in the way, no permission)
     */
    public static void createFolder(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": is a file, not a folder");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException(dir + ": cannot create the folder: " + reason(e));
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException(dir + ": cannot write into the folder: permission denied");
        }
    }

    /**
     * Why a write failed, in a few words: Java's messages for these are often just the path again. An output place
     * that cannot be written is the user's to fix, so it is reported as bad input rather than an internal error.
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
            return "a file is in the way where a folder is needed";
        }
        if (e instanceof NoSuchFileException) {
            return "no such folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
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
