package gridmarket.agents;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which domains a request reaches (SPEC E3, E8): the origin, then its peers for each hop allowed; every domain is
 * reached once, at its smallest hop count. With a directory service only the domains it names as having a machine
 * wide enough are asked for whole-job offers; the others still relay. Read from the {@link DomainDirectory} alone.
 *
 * @param depth  every domain reached (by index), in the order reached, with its hop count (the origin first, at 0)
 * @param asked  the domains asked for whole-job offers, in the order reached
 * @param widest the widest machine of all domains reached
 * @param nodes  the nodes of all machines of the domains reached
 * @param sizes  the node count of every machine reached
 */
record RequestRouting(Map<Integer, Integer> depth, List<Integer> asked, int widest, int nodes, int[] sizes) {

    /** Keeps its own copy of the sizes, so a routing never changes after the fact. */
    RequestRouting {
        sizes = sizes.clone();
    }

    /** The node count of every machine reached (a copy). */
    @Override
    public int[] sizes() {
        return sizes.clone();
    }

    static RequestRouting of(DomainDirectory directory, int origin, int hops, boolean useDirectory,
                             int requestNodes) {
        Map<Integer, Integer> depth = new LinkedHashMap<>();
        depth.put(origin, 0);
        List<Integer> frontier = List.of(origin);
        for (int hop = 1; hop <= hops && !frontier.isEmpty(); hop++) {
            List<Integer> next = new ArrayList<>();
            for (int from : frontier) {
                for (int peer : directory.domain(from).peers()) {
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
        List<Integer> asked = new ArrayList<>();
        for (int d : depth.keySet()) {
            DomainDirectory.Domain domain = directory.domain(d);
            widest = Math.max(widest, domain.widest());
            nodes += domain.nodes();
            sizes.addAll(domain.machines());
            if (!useDirectory || d == origin || domain.widest() >= requestNodes) {
                asked.add(d);
            }
        }
        return new RequestRouting(depth, List.copyOf(asked), widest, nodes,
                sizes.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The largest hop count used: an answer from there takes twice this many message latencies. */
    int deepest() {
        return depth.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /**
     * This routing without the domains of {@code silent} (which did not answer): they are neither asked nor counted
     * in the depth, while what the directory says of the machines within reach stays as it is.
     */
    RequestRouting without(Set<Integer> silent) {
        Map<Integer, Integer> kept = new LinkedHashMap<>(depth);
        kept.keySet().removeAll(silent);
        return new RequestRouting(kept, asked.stream().filter(d -> !silent.contains(d)).toList(), widest, nodes,
                sizes);
    }
}
