package gridmarket.app.sweeps;

import gridmarket.app.BadInputException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Part {@code k} of {@code n} of a sweep: the runs whose 0-based index i has {@code i mod n == k - 1}. Dealing the
 * runs out in turn, rather than in blocks, spreads the slow corners of a sweep over all shards.
 *
 * @param k 1-based part, {@code 1 <= k <= n}
 * @param n number of parts
 */
public record Shard(int k, int n) {
    /** The whole sweep. */
    public static final Shard ALL = new Shard(1, 1);
    private static final Pattern SYNTAX = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

    public Shard {
        if (n < 1 || k < 1 || k > n) {
            throw new BadInputException("--shard: need 1 <= K <= N, got " + k + "/" + n);
        }
    }

    /** Parses {@code K/N}; anything else is a {@link BadInputException}. */
    public static Shard parse(String text) {
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new BadInputException("--shard: expected K/N (e.g. 1/4), got '" + text + "'");
        }
        return new Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** Whether the run with this 0-based index belongs to the shard. */
    public boolean contains(int index) {
        return index % n == k - 1;
    }

    /** The runs of this shard, in their order. */
    public List<SweepRun> select(List<SweepRun> runs) {
        return runs.stream().filter(r -> contains(r.index())).toList();
    }

    @Override
    public String toString() {
        return k + "/" + n;
    }
}
