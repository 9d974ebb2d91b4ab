package gridmarket.charts.gantt;

import gridmarket.charts.Palette;
import gridmarket.sim.workload.Job;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Stroke;

/**
 * Colours and strokes of the Gantt charts, shared by every machine's chart and the legend, so a site has the same
 * colour everywhere and the parts of a multi-site job have the same outline on every machine.
 */
public final class GanttStyle {
    /** Fill of the unused rest of a running job's estimate. */
    public static final Color ESTIMATE = new Color(0xD9D9D9);
    /** The line at the current instant. */
    public static final Color NOW = new Color(0xC00000);

    static final Stroke DASHED = new BasicStroke(1.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[]{3f, 2f}, 0f);

    private GanttStyle() {
    }

    /** Fill of a running job of origin site {@code site} (0-based): the figures' palette, 18 sites apart. */
    public static Color site(int site) {
        return Palette.color(site);
    }

    /** Fill of a reservation of origin site {@code site}: the site's colour, lightened. */
    public static Color reserved(int site) {
        return reserved(site(site));
    }

    /** Fill of a reservation of a site of colour {@code site}: lightened. */
    static Color reserved(Color site) {
        return blend(site, Color.WHITE, 0.55);
    }

    /** The frame of a running bar of colour {@code fill} in a figure: the colour, darkened. */
    public static Color frame(Color fill) {
        return blend(fill, Color.BLACK, 0.5);
    }

    /** Outline of a reservation: the site's colour, darkened. */
    public static Color reservedOutline(int site) {
        return reservedOutline(site(site));
    }

    /** Outline of a reservation of a site of colour {@code site}: darkened. */
    static Color reservedOutline(Color site) {
        return blend(site, Color.BLACK, 0.35);
    }

    /**
     * Outline of every part of a multi-site job: a dark colour of its own, derived from the job, so the parts on
     * different machines can be matched by eye (and by their label, which ends in {@code *}).
     */
    public static Color multiSite(Job job) {
        float hue = (float) ((job.order() * 0.618033988749895) % 1.0);
        return Color.getHSBColor(hue, 0.95f, 0.55f);
    }

    private static Color blend(Color a, Color b, double t) {
        return new Color((int) Math.round(a.getRed() * (1 - t) + b.getRed() * t),
                (int) Math.round(a.getGreen() * (1 - t) + b.getGreen() * t),
                (int) Math.round(a.getBlue() * (1 - t) + b.getBlue() * t));
    }
}
