package gridmarket.app.sweeps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.List;

/**
 * A parameter sweep as read from its file by {@link SweepLoader}: a base experiment, kept as a Jackson tree so the
 * sweep does not depend on which keys experiments have, and the values to vary.
 *
 * @param name       the sweep's name; every run's experiment is given this name
 * @param file       how messages name the sweep file
 * @param base       the base experiment, never modified (runs work on copies)
 * @param baseLabel  how messages name the base experiment (its file, or the sweep file for an inline one)
 * @param baseDir    the folder relative paths of the experiment are resolved against: the base experiment's folder
 * @param axes       the varied keys in the order written; the first varies slowest
 */
public record Sweep(String name, String file, ObjectNode base, String baseLabel, Path baseDir, List<Axis> axes) {

    /**
     * One varied key.
     *
     * @param key    a dotted path into the experiment, e.g. {@code workload.generate.load}
     * @param values the values it takes, at least one
     * @param labels names of the values, as written in a {@code label: value} mapping; shown in run ids and results
     *               instead of the values; {@code null} when the values were given as a list
     */
    public record Axis(String key, List<JsonNode> values, List<String> labels) {
        public Axis {
            values = List.copyOf(values);
            labels = labels == null ? null : List.copyOf(labels);
        }

        /** What a run shows for value {@code i}: its label, or the value itself. */
        public JsonNode shown(int i) {
            return labels == null ? values.get(i) : com.fasterxml.jackson.databind.node.TextNode.valueOf(labels.get(i));
        }
    }

    public Sweep {
        axes = List.copyOf(axes);
    }

    /** The number of combinations: the product of the axes' sizes. */
    public long combinations() {
        long n = 1;
        for (Axis a : axes) {
            n = Math.multiplyExact(n, a.values().size());
        }
        return n;
    }
}
