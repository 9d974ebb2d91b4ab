package gridmarket.charts;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The figures gridmarket draws; each name is what {@code gridmarket chart KIND} takes. */
public enum ChartKind {
    /** Bars of one metric (AWRT by default) per configuration, one bar per strategy (thesis Figs 5.5-5.7, 6.8, 6.9). */
    STRATEGIES("strategies", "a metric per configuration and strategy (bars)"),
    /** Lines of one metric against the multi-site overhead p, one line per configuration (Figs 5.9, 5.10). */
    OVERHEAD("overhead", "a metric against multi-site overhead p, one line per configuration"),
    /** Bars of several metrics (AWRT and AWWT by default) per configuration (Figs 6.10, 6.11, 6.14). */
    CONFIGURATIONS("configurations", "AWRT and AWWT (or other metrics) per configuration (bars)"),
    /** Work (squashed area) and utilization per machine, one bar per run (Figs 6.12, 6.13). */
    MACHINES("machines", "work and utilization per machine"),
    /** Box plots of the utility values and prices of the jobs, one box per run (MF/UF pair). */
    DISTRIBUTION("distribution", "utility values and prices paid per MF/UF pair (box plots)"),
    /** One machine's schedule over a time window: nodes against time, jobs coloured by origin site. */
    GANTT("gantt", "one machine's schedule over a time window"),
    /** Queued work and utilization over time for one run. */
    BACKLOG("backlog", "queued work and utilization over time for one run"),
    /** The price per node-second over time for one market run: prices paid and each owner's price per period. */
    PRICES("prices", "price per node-second over time for one market run (paid; each owner's per period)"),
    /** User and owner surplus per configuration of market runs whose jobs are worth money (bars). */
    SURPLUS("surplus", "user and owner surplus per configuration (bars; runs with market.economy)");

    private final String key;
    private final String description;

    ChartKind(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** The name used on the command line and in file names. */
    public String key() {
        return key;
    }

    /** One line saying what the figure shows. */
    public String description() {
        return description;
    }

    /** Whether the figure is drawn from results tables (metrics per run) rather than one run's jobs. */
    public boolean fromTable() {
        return this == STRATEGIES || this == OVERHEAD || this == CONFIGURATIONS || this == MACHINES
                || this == SURPLUS;
    }

    /**
     * The kind named {@code name}, ignoring case.
     *
     * @throws ChartException naming the valid kinds if there is none
     */
    public static ChartKind parse(String name) {
        for (ChartKind k : values()) {
            if (k.key.equals(name.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new ChartException("unknown chart kind '" + name + "' (expected " + names() + ")");
    }

    /** All names, joined by {@code " | "}. */
    public static String names() {
        return Arrays.stream(values()).map(ChartKind::key).collect(Collectors.joining(" | "));
    }
}
