package gridmarket.config;

import java.util.Locale;

/**
 * Trace shaping (SPEC W2): a job index range, a width limit, a time shift, and the wide-job modification.
 *
 * <pre>
 * shape: {from: 10000, to: 20000, shift: true, split: 64}   # the thesis' 10_20k_max64
 * </pre>
 */
public final class ShapeSpec {
    private Integer from;
    private Integer to;
    private Integer maxNodes;
    private boolean shift = true;
    private String split = "none";

    /** First job index (0-based, in workload order) to keep; {@code null} = from the start. */
    public Integer getFrom() {
        return from;
    }

    public void setFrom(Integer from) {
        if (from != null && from < 0) {
            throw new IllegalArgumentException("from must be >= 0, got " + from);
        }
        this.from = from;
    }

    /** Job index to stop before (exclusive); {@code null} = to the end. */
    public Integer getTo() {
        return to;
    }

    public void setTo(Integer to) {
        if (to != null && to < 0) {
            throw new IllegalArgumentException("to must be >= 0, got " + to);
        }
        this.to = to;
    }

    /** Drop jobs wider than this; {@code null} = keep all. */
    public Integer getMaxNodes() {
        return maxNodes;
    }

    public void setMaxNodes(Integer maxNodes) {
        if (maxNodes != null && maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes must be at least 1, got " + maxNodes);
        }
        this.maxNodes = maxNodes;
    }

    /** Shift submit times so that the first kept job is submitted at 0 (default true). */
    public boolean isShift() {
        return shift;
    }

    public void setShift(boolean shift) {
        this.shift = shift;
    }

    /**
     * The wide-job modification: {@code local} (parts of the origin site's machine size), {@code largest} (of the
     * largest machine), a number such as {@code 64} (parts of that many nodes), or {@code none}.
     */
    public String getSplit() {
        return split;
    }

    public void setSplit(String split) {
        String v = split == null ? "" : split.trim().toLowerCase(Locale.ROOT);
        if (!v.equals("local") && !v.equals("largest") && !v.equals("none") && !v.matches("[1-9][0-9]{0,6}")) {
            throw new IllegalArgumentException("split must be local, largest, none or a part size such as 64, got '"
                    + split + "'");
        }
        this.split = v;
    }
}
