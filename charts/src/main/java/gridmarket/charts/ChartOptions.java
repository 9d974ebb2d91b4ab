package gridmarket.charts;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What to draw and how: the settings of {@code gridmarket chart}. Every setting has a default, so
 * {@code new ChartOptions()} draws a kind's standard figure. Lists are never {@code null}; an empty list means
 * "the kind's default".
 */
public final class ChartOptions {
    /** Default image width in pixels (PNG) or user units (SVG). */
    public static final int DEFAULT_WIDTH = 1200;
    /** Default image height in pixels (PNG) or user units (SVG). */
    public static final int DEFAULT_HEIGHT = 800;

    private List<String> metrics = List.of();
    private List<String> x = List.of();
    private List<String> series = List.of();
    private List<String> each = List.of();
    private final List<String> where = new ArrayList<>();
    private final List<String> baseline = new ArrayList<>();
    private String title;
    private String xLabel;
    private String yLabel;
    private boolean hours;
    private boolean log;
    private String machine;
    private Long from;
    private Long to;
    private int width = DEFAULT_WIDTH;
    private int height = DEFAULT_HEIGHT;
    private Set<ChartFormat> formats = EnumSet.allOf(ChartFormat.class);

    /** Whether bar charts show times (AWRT, AWWT, ART, waits) in hours instead of seconds. */
    public boolean hours() {
        return hours;
    }

    /** Sets {@link #hours()}. */
    public ChartOptions hours(boolean v) {
        hours = v;
        return this;
    }

    /**
     * Whether bar charts put their values on a logarithmic axis: AWRT of strategies or configurations that differ by
     * orders of magnitude stay readable.
     */
    public boolean log() {
        return log;
    }

    /** Sets {@link #log()}. */
    public ChartOptions log(boolean v) {
        log = v;
        return this;
    }

    /** The metrics (column names such as {@code awrt}) to draw; empty for the kind's default. */
    public List<String> metrics() {
        return metrics;
    }

    /** Sets the metrics; see {@link #metrics()}. */
    public ChartOptions metrics(List<String> v) {
        metrics = List.copyOf(v);
        return this;
    }

    /** The column(s) whose values make the x axis (categories, or a number for {@code overhead}). */
    public List<String> x() {
        return x;
    }

    /** Sets the x-axis column(s); see {@link #x()}. */
    public ChartOptions x(List<String> v) {
        x = List.copyOf(v);
        return this;
    }

    /** The column(s) whose values tell the series (bars or lines) apart. */
    public List<String> series() {
        return series;
    }

    /** Sets the series column(s); see {@link #series()}. */
    public ChartOptions series(List<String> v) {
        series = List.copyOf(v);
        return this;
    }

    /** The column(s) with one figure per value; empty for "every other column that varies". */
    public List<String> each() {
        return each;
    }

    /** Sets the per-figure column(s); see {@link #each()}. */
    public ChartOptions each(List<String> v) {
        each = List.copyOf(v);
        return this;
    }

    /** Row filters, each {@code KEY=VALUE[,VALUE...]}. */
    public List<String> where() {
        return List.copyOf(where);
    }

    /** Adds a row filter {@code KEY=VALUE[,VALUE...]}. */
    public ChartOptions where(String condition) {
        where.add(condition);
        return this;
    }

    /** Baseline conditions, each {@code KEY=VALUE}; empty for absolute values. */
    public List<String> baseline() {
        return List.copyOf(baseline);
    }

    /** Adds a baseline condition {@code KEY=VALUE}: values are then drawn relative to the matching run. */
    public ChartOptions baseline(String condition) {
        baseline.add(condition);
        return this;
    }

    /** The title, or {@code null} for one made from the experiment and the kind. */
    public String title() {
        return title;
    }

    /** Sets the title; {@code null} for the default. */
    public ChartOptions title(String v) {
        title = v;
        return this;
    }

    /** The x axis' label, or {@code null} for the names of the x-axis columns. */
    public String xLabel() {
        return xLabel;
    }

    /** Sets the x axis' label; {@code null} for the default. */
    public ChartOptions xLabel(String v) {
        xLabel = v;
        return this;
    }

    /**
     * The value axis' label, or {@code null} for the metric's name and unit; a log axis still adds
     * {@code , log scale}.
     */
    public String yLabel() {
        return yLabel;
    }

    /** Sets the value axis' label; {@code null} for the default. */
    public ChartOptions yLabel(String v) {
        yLabel = v;
        return this;
    }

    /** The machine of a Gantt chart, or {@code null} for the run's first machine. */
    public String machine() {
        return machine;
    }

    /** Sets the machine of a Gantt chart. */
    public ChartOptions machine(String v) {
        machine = v;
        return this;
    }

    /** Start of a Gantt chart's window in seconds of simulated time, or {@code null} for the first start. */
    public Long from() {
        return from;
    }

    /** Sets the start of a Gantt chart's window (seconds of simulated time). */
    public ChartOptions from(Long v) {
        from = v;
        return this;
    }

    /** End of a Gantt chart's window in seconds of simulated time, or {@code null} for two days after the start. */
    public Long to() {
        return to;
    }

    /** Sets the end of a Gantt chart's window (seconds of simulated time). */
    public ChartOptions to(Long v) {
        to = v;
        return this;
    }

    /** Image width. */
    public int width() {
        return width;
    }

    /** Image height. */
    public int height() {
        return height;
    }

    /**
     * Sets the image size.
     *
     * @throws ChartException if a side is outside 200..10000
     */
    public ChartOptions size(int w, int h) {
        if (w < 200 || h < 200 || w > 10_000 || h > 10_000) {
            throw new ChartException("--size: each side must be 200 to 10000, got " + w + "x" + h);
        }
        width = w;
        height = h;
        return this;
    }

    /** The formats to write. */
    public Set<ChartFormat> formats() {
        return formats;
    }

    /** Sets the formats to write; at least one. */
    public ChartOptions formats(Set<ChartFormat> v) {
        if (v.isEmpty()) {
            throw new ChartException("--format: give png, svg or both");
        }
        formats = EnumSet.copyOf(v);
        return this;
    }
}
