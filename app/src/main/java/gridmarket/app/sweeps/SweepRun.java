package gridmarket.app.sweeps;

import com.fasterxml.jackson.databind.JsonNode;
import gridmarket.config.ExperimentSpec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One combination of a sweep, checked and ready to run.
 *
 * @param index  position in expansion order, 0-based (shards select by it)
 * @param id     the run's folder name, see {@link RunIds}
 * @param params the varied keys and their values, in the order of the sweep file
 * @param spec   the experiment as loaded by the experiment loader
 */
public record SweepRun(int index, String id, Map<String, JsonNode> params, ExperimentSpec spec) {
    public SweepRun {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }
}
