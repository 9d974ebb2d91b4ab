package gridmarket.charts.gantt;

import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnitSource;
import org.jfree.chart.axis.TickUnits;

import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;

/**
 * Formats seconds of simulated time as {@code h:mm} (and {@code Nd h:mm} from the first day on), for time axes.
 * Parsing is not supported.
 */
public final class SimTimeFormat extends NumberFormat {
    private static final long serialVersionUID = 1L;
    private static final long[] TICKS = {60, 300, 600, 900, 1800, 3600, 2 * 3600, 3 * 3600, 6 * 3600, 12 * 3600,
            86_400, 2 * 86_400, 5 * 86_400, 7 * 86_400, 14 * 86_400, 28 * 86_400, 56 * 86_400, 112 * 86_400,
            224 * 86_400, 448 * 86_400};

    /** Tick units for a time axis in seconds: whole minutes, hours and days, labelled by this format. */
    public static TickUnitSource tickUnits() {
        TickUnits units = new TickUnits();
        for (long t : TICKS) {
            units.add(new NumberTickUnit(t, new SimTimeFormat()));
        }
        return units;
    }

    /** The seconds as {@code [Nd ]h:mm}, negative values with a leading minus. */
    public static String hours(long seconds) {
        String sign = seconds < 0 ? "-" : "";
        long s = Math.abs(seconds);
        long days = s / 86_400;
        long h = s % 86_400 / 3600;
        long m = s % 3600 / 60;
        return days > 0 ? String.format(Locale.ROOT, "%s%dd %d:%02d", sign, days, h, m)
                : String.format(Locale.ROOT, "%s%d:%02d", sign, h, m);
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
        return toAppendTo.append(hours(Math.round(number)));
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
        return toAppendTo.append(hours(number));
    }

    @Override
    public Number parse(String source, ParsePosition parsePosition) {
        return null;
    }
}
