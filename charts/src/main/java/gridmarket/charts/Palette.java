package gridmarket.charts;

import java.awt.Color;

/**
 * The categorical colours of every figure and of the GUI's Gantt charts, so that a site or series has one colour
 * wherever it is drawn.
 */
public final class Palette {
    /**
     * Okabe-Ito without its yellow (too pale on white), then distinct darker hues; the last six chosen so that 18
     * sites (the largest grids of the thesis' experiments) get colours at least 25 apart in CIELAB (CIE76 delta E),
     * none too pale on white (lightness 25 to 75).
     */
    private static final Color[] COLORS = {
        new Color(0x00, 0x72, 0xB2), new Color(0xE6, 0x9F, 0x00), new Color(0x00, 0x9E, 0x73),
        new Color(0xD5, 0x5E, 0x00), new Color(0xCC, 0x79, 0xA7), new Color(0x56, 0xB4, 0xE9),
        new Color(0x33, 0x33, 0x33), new Color(0x99, 0x99, 0x99), new Color(0x8C, 0x56, 0x4B),
        new Color(0x7F, 0x7F, 0x00), new Color(0x17, 0xBE, 0xCF), new Color(0x94, 0x67, 0xBD),
        new Color(0xCC, 0x00, 0x44), new Color(0x77, 0xCC, 0x55), new Color(0xBB, 0x00, 0x88),
        new Color(0xEE, 0xAA, 0x77), new Color(0x00, 0x55, 0x00), new Color(0x22, 0x33, 0xAA),
    };

    /** How many colours the palette has, all pairwise distinguishable. */
    public static final int SIZE = COLORS.length;

    private Palette() {
    }

    /** The i-th colour, repeating after {@link #SIZE}. */
    public static Color color(int i) {
        return COLORS[Math.floorMod(i, SIZE)];
    }

    /** A copy of all colours, in order. */
    static Color[] colors() {
        return COLORS.clone();
    }
}
