package gridmarket.charts;

import gridmarket.charts.gantt.GanttStyle;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartStyleTest {
    /** sRGB (D65) to CIELAB, the textbook formulas. */
    private static double[] lab(Color c) {
        double r = linear(c.getRed());
        double g = linear(c.getGreen());
        double b = linear(c.getBlue());
        double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        return new double[] {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
    }

    private static double linear(int v) {
        double u = v / 255.0;
        return u <= 0.04045 ? u / 12.92 : Math.pow((u + 0.055) / 1.055, 2.4);
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /** CIE76 colour difference: the Euclidean distance in CIELAB; about 2.3 is just noticeable. */
    private static double deltaE(Color p, Color q) {
        double[] a = lab(p);
        double[] b = lab(q);
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }

    @Test
    void eighteenSitesGetColoursAtLeast25ApartAndNonePaleOnWhite() {
        int n = 18;
        assertEquals(n, ChartStyle.DISTINCT);
        double closest = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            Color a = (Color) ChartStyle.color(i, n);
            double lightness = lab(a)[0];
            assertTrue(lightness <= 80, "site " + i + " is too pale on white: L* " + lightness);
            for (int j = i + 1; j < n; j++) {
                closest = Math.min(closest, deltaE(a, (Color) ChartStyle.color(j, n)));
            }
        }
        assertTrue(closest >= 25, "closest pair of the 18 colours: delta E " + closest);
    }

    @Test
    void theGuisGanttChartsColourSitesWithTheSamePalette() {
        for (int i = 0; i < ChartStyle.DISTINCT; i++) {
            assertEquals(ChartStyle.color(i, ChartStyle.DISTINCT), GanttStyle.site(i), "site " + i);
        }
    }

    @Test
    void moreSitesStillGetDistinctColours() {
        Set<Color> seen = new HashSet<>();
        for (int i = 0; i < 30; i++) {
            seen.add((Color) ChartStyle.color(i, 30));
        }
        assertEquals(30, seen.size());
    }

    @Test
    void theCIE76DistanceMatchesKnownValues() {
        // white against black is 100 (L* 100 to 0); pure red's L*a*b* is (53.24, 80.09, 67.20)
        assertEquals(100, deltaE(Color.WHITE, Color.BLACK), 0.01);
        double[] red = lab(Color.RED);
        assertEquals(53.24, red[0], 0.05);
        assertEquals(80.09, red[1], 0.1);
        assertEquals(67.20, red[2], 0.1);
    }
}
