package gridmarket.charts;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The file formats a figure is written in. */
public enum ChartFormat {
    /** A raster image (anti-aliased, white background). */
    PNG,
    /** A vector image, drawn by JFreeSVG; text stays text. */
    SVG;

    /** The file name extension, without the dot. */
    public String extension() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Formats named in a list such as {@code png,svg}.
     *
     * @throws ChartException naming an unknown format, or if the list is empty
     */
    public static Set<ChartFormat> parse(List<String> names) {
        Set<ChartFormat> formats = EnumSet.noneOf(ChartFormat.class);
        for (String n : names) {
            String name = n.strip();
            if (name.isEmpty()) {
                continue;
            }
            try {
                formats.add(valueOf(name.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new ChartException("--format: unknown format '" + name + "' (expected png | svg)");
            }
        }
        if (formats.isEmpty()) {
            throw new ChartException("--format: give png, svg or both");
        }
        return formats;
    }
}
