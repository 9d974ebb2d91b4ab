package gridmarket.app.commands;

import gridmarket.app.BadInputException;

import java.nio.file.Path;

/** The check every command's {@code --out} gets before anything is read or written. */
final class OutputFolder {
    private OutputFolder() {
    }

    /**
     * Refuses an empty {@code --out}: it would name the current folder, so a command would write its files (and its
     * {@code runs/}) among whatever is there instead of into a folder of its own; {@code null} (not given) passes.
     */
    static void check(Path out) {
        if (out != null && out.toString().isBlank()) {
            throw new BadInputException("--out: an empty path names no folder of its own (the files would be written "
                    + "into the current folder); give a folder, e.g. --out results/x");
        }
    }
}
