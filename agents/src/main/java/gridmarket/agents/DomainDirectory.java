package gridmarket.agents;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * What every domain announced of itself when the grid was built (SPEC E8, the grid's information service): its name,
 * the peers it forwards requests to, and the node count of each of its machines. Routing reads only this and the
 * answers of messages, never another domain's agents.
 */
final class DomainDirectory {
    /**
     * One domain's announcement.
     *
     * @param peers    the indices of the domains it forwards requests to
     * @param machines the node count of each of its machines
     */
    record Domain(int index, String name, List<Integer> peers, List<Integer> machines) {
        Domain {
            peers = List.copyOf(peers);
            machines = List.copyOf(machines);
        }

        int widest() {
            return machines.stream().mapToInt(Integer::intValue).max().orElse(0);
        }

        int nodes() {
            return machines.stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final List<Domain> domains;

    DomainDirectory(List<Domain> domains) {
        this.domains = List.copyOf(domains);
    }

    Domain domain(int index) {
        return domains.get(index);
    }

    int size() {
        return domains.size();
    }

    /**
     * The hop distance between every two domains: the fewer of the forwards a request needs from one to the other
     * and back (an answer goes back the way its request came); -1 where neither reaches the other.
     */
    int[][] hops() {
        int n = domains.size();
        int[][] forward = new int[n][];
        for (int a = 0; a < n; a++) {
            forward[a] = distancesFrom(a);
        }
        int[][] hops = new int[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                int there = forward[a][b];
                int back = forward[b][a];
                hops[a][b] = there < 0 ? back : back < 0 ? there : Math.min(there, back);
            }
        }
        return hops;
    }

    private int[] distancesFrom(int origin) {
        int[] d = new int[domains.size()];
        Arrays.fill(d, -1);
        d[origin] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(origin));
        while (!queue.isEmpty()) {
            int from = queue.poll();
            for (int peer : domains.get(from).peers()) {
                if (d[peer] < 0) {
                    d[peer] = d[from] + 1;
                    queue.add(peer);
                }
            }
        }
        return d;
    }
}
