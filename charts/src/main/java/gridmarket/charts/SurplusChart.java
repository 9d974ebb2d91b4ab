package gridmarket.charts;

import java.util.List;

/**
 * {@link ChartKind#SURPLUS}: the money of market runs whose jobs are worth something (their {@code market.economy}
 * block): the users' surplus (the value realised minus what they paid) and the owners' surplus (revenue minus cost),
 * bars per configuration, as {@link ChartKind#CONFIGURATIONS} draws metrics; {@code --metric} may add or replace
 * them (e.g. {@code market.economy.yield}, {@code market.economy.paid}).
 */
final class SurplusChart {
    /** The bars drawn unless {@code --metric} names others. */
    static final List<String> METRICS = List.of("market.economy.userSurplus", "market.economy.ownerSurplus");

    private SurplusChart() {
    }

    static List<Figure> surplus(TableLayout layout, ChartOptions o) {
        return MetricBarChart.configurations(layout, o, ChartKind.SURPLUS, METRICS);
    }
}
