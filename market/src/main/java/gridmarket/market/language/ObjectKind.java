package gridmarket.market.language;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a described object is; the constant names are the keywords of the language. */
public enum ObjectKind {
    /** What a user asks for: keys with the job's values and, per environment, conditions and utility. */
    REQUEST(".req"),
    /** What a MetaManager answers: start, end, costs and utility of one allocation. */
    OFFER(".offer"),
    /** A machine's attributes and its owner's objective (the thesis' German spelling is the keyword). */
    MASCHINE(".mach");

    private final String extension;

    ObjectKind(String extension) {
        this.extension = extension;
    }

    /** The file name extension of files holding objects of this kind, with its dot. */
    public String extension() {
        return extension;
    }

    /** The kind a file holds, by its name's extension (case-insensitive), if it is a description-language file. */
    public static Optional<ObjectKind> ofFile(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> name.endsWith(k.extension)).findFirst();
    }
}
