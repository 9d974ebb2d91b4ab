package gridmarket.app.sweeps;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Run ids and combination labels built from the varied values, e.g. {@code policy=easy,seed=1}. An id names a
 * folder, so it only keeps {@code [A-Za-z0-9._=,-]}; it depends on the values alone, so the same combination gets the
 * same folder in every sweep, shard and resumed run.
 */
public final class RunIds {
    /** Longer ids are cut and made unique by a hash, so that they stay well under file-name limits. */
    public static final int MAX_LENGTH = 150;
    private static final int KEEP = 120;

    private RunIds() {
    }

    /** {@code key=value,...} as written, for messages. */
    static String label(Map<String, JsonNode> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + text(e.getValue()))
                .collect(Collectors.joining(","));
    }

    /** The filesystem-safe id of a combination. */
    public static String of(Map<String, JsonNode> params) {
        String label = label(params);
        String id = label.replaceAll("[^A-Za-z0-9._=,-]", "_");
        if (id.length() <= MAX_LENGTH) {
            return id;
        }
        return id.substring(0, KEEP) + "-h" + sha256(label).substring(0, 12);
    }

    /** A value as text: scalars as written, lists and mappings as compact JSON. */
    static String text(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString();
    }

    private static String sha256(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
