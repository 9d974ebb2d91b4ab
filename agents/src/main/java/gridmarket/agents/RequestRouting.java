package gridmarket.agents;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which domains a request reaches (SPEC E3, E8): the origin, then its peers for each hop allowed; every domain is
 * reached once, at its smallest hop count. With a directory service only the domains it names as having a machine
 * wide enough are asked for whole-job offers; the others still relay.
 *
 * @param depth   every domain reached, in the order reached, with its hop count (the origin first, at 0)
 * @param asked   the domains asked for whole-job offers
 * @param widest  the widest machine of all domains reached (what their answers, or the directory, tell the origin)
 * @param nodes   the nodes of all machines of the domains reached
 * @param sizes   the node count of every machine reached
 */
record RequestRouting(Map<MetaManagerAgent, Integer> depth, List<MetaManagerAgent> asked, int widest, int nodes,
                      int[] sizes) {

    /** Keeps its own copy of the sizes, so a routing never changes after the fact. */
    RequestRouting {
        sizes = sizes.clone();
    }

    /** The node count of every machine reached (a copy). */
    @Override
    public int[] sizes() {
        return sizes.clone();
    }

    static RequestRouting of(MetaManagerAgent origin, int hops, boolean directory, int requestNodes) {
        Map<MetaManagerAgent, Integer> depth = new LinkedHashMap<>();
        depth.put(origin, 0);
        List<MetaManagerAgent> frontier = List.of(origin);
        for (int hop = 1; hop <= hops && !frontier.isEmpty(); hop++) {
            List<MetaManagerAgent> next = new ArrayList<>();
            for (MetaManagerAgent from : frontier) {
                for (MetaManagerAgent peer : from.peers()) {
                    if (!depth.containsKey(peer)) { // each domain answers a request once
                        depth.put(peer, hop);
                        next.add(peer);
                    }
                }
            }
            frontier = next;
        }
        int widest = 0;
        int nodes = 0;
        List<Integer> sizes = new ArrayList<>();
        List<MetaManagerAgent> asked = new ArrayList<>();
        for (MetaManagerAgent d : depth.keySet()) {
            widest = Math.max(widest, d.largestMachine());
            nodes += d.nodes();
            sizes.addAll(d.machineSizes());
            if (!directory || d == origin || d.largestMachine() >= requestNodes) {
                asked.add(d);
            }
        }
        return new RequestRouting(depth, List.copyOf(asked), widest, nodes,
                sizes.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The largest hop count used: the round trip takes twice this many message latencies. */
    int deepest() {
        return depth.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /** The domain with index {@code i} among those reached; the origin learned of it by its messages. */
    MetaManagerAgent domain(int i) {
        for (MetaManagerAgent d : depth.keySet()) {
            if (d.index() == i) {
                return d;
            }
        }
        throw new IllegalStateException("domain " + i + " was not reached");
    }
}
