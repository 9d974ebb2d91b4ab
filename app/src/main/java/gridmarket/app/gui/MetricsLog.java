package gridmarket.app.gui;

import java.util.Arrays;

/**
 * Points of the live charts (time, AWRT so far, utilization now, waiting jobs, reserved jobs), appended by the
 * model thread and read by Swing. Append-only: a reader that was handed a size reads only points below it, which
 * are never written again (growing copies the arrays, and old readers keep the old arrays), so no lock is needed
 * once the size has been published safely (through {@link ViewMailbox}).
 */
public final class MetricsLog {
    private volatile double[][] columns = new double[5][256];
    private int size;

    /** Appends a point; model thread only. Returns the new size. */
    int append(double time, double awrt, double utilization, double waiting, double reserved) {
        double[][] c = columns;
        if (size == c[0].length) {
            double[][] grown = new double[c.length][];
            for (int i = 0; i < c.length; i++) {
                grown[i] = Arrays.copyOf(c[i], size * 2);
            }
            c = grown;
        }
        c[0][size] = time;
        c[1][size] = awrt;
        c[2][size] = utilization;
        c[3][size] = waiting;
        c[4][size] = reserved;
        columns = c; // volatile write after the values: a reader of the new arrays sees them
        return ++size;
    }

    /** Time of point {@code i}, seconds. */
    public double time(int i) {
        return columns[0][i];
    }

    /** AWRT of the jobs completed by point {@code i}, seconds. */
    public double awrt(int i) {
        return columns[1][i];
    }

    /** Fraction of all nodes busy at point {@code i}. */
    public double utilization(int i) {
        return columns[2][i];
    }

    /** Jobs waiting at point {@code i}. */
    public double waiting(int i) {
        return columns[3][i];
    }

    /** Jobs with a reservation that has not started at point {@code i}. */
    public double reserved(int i) {
        return columns[4][i];
    }
}
