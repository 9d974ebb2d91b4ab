package gridmarket.charts;

import java.awt.Paint;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Colours for series named by column values. When the last series column is a number that varies (the overhead p),
 * series with such a value take shades of an ordered colour ramp by rank, so that p=0% ... p=60% read as one family;
 * the other series (local, job-sharing) take the palette's colours.
 */
final class SeriesColors {
    private SeriesColors() {
    }

    /**
     * One colour per series.
     *
     * @param keys    each series' values of {@code columns}, in legend order
     * @param columns the series columns
     */
    static List<Paint> assign(List<List<String>> keys, List<String> columns) {
        List<Paint> paints = new ArrayList<>(keys.size());
        int last = columns.size() - 1;
        TreeSet<Double> ramp = new TreeSet<>();
        if (last >= 0) {
            for (List<String> k : keys) {
                Double v = ValueOrder.number(k.get(last));
                if (v != null) {
                    ramp.add(v);
                } else if (!k.get(last).isEmpty()) {
                    ramp.clear();
                    break;
                }
            }
        }
        boolean useRamp = ramp.size() > 1;
        long others = keys.stream().filter(k -> !useRamp || ValueOrder.number(k.get(last)) == null).count();
        int categorical = 0;
        for (List<String> k : keys) {
            Double v = useRamp ? ValueOrder.number(k.get(last)) : null;
            if (v != null) {
                paints.add(ChartStyle.ramp(ramp.headSet(v).size(), ramp.size()));
            } else {
                paints.add(ChartStyle.color(categorical++, (int) others));
            }
        }
        return paints;
    }
}
