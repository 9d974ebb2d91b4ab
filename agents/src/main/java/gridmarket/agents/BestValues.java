package gridmarket.agents;

import java.util.Arrays;

/** The k highest utility values seen so far, to tell when an answer of k offers can no longer change. */
final class BestValues {
    private final double[] values;
    private int size;

    BestValues(int k) {
        values = new double[k];
    }

    void add(double v) {
        if (values.length == 0) {
            return;
        }
        if (size < values.length) {
            values[size++] = v;
        } else if (v > values[0]) {
            values[0] = v;
        } else {
            return;
        }
        Arrays.sort(values, 0, size); // ascending: the worst kept is first; k is a handful
    }

    /** Whether k values have been seen. */
    boolean full() {
        return size == values.length && size > 0;
    }

    /** The lowest of the k highest values seen. */
    double worst() {
        return values[0];
    }
}
