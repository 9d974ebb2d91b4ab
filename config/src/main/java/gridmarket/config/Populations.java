package gridmarket.config;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Which trace user belongs to which population. Named users belong to their population. The other users, in
 * ascending id order, are dealt out to the populations given as a share, in file order: a population of share s takes
 * the next {@code round(s * n)} of them, n being the number of distinct users in the workload (so a share is of all
 * users, and no random choice is involved: the same trace gives the same populations under every seed). Users left
 * over belong to no population and use the market's {@code uf}.
 */
public final class Populations {
    private final Map<Integer, PopulationSpec> byUser;

    private Populations(Map<Integer, PopulationSpec> byUser) {
        this.byUser = byUser;
    }

    /**
     * Deals the workload's users out to the populations.
     *
     * @param populations the experiment's populations (checked by {@link ExperimentChecks})
     * @param users       the user ids of the workload's jobs, repeats allowed
     */
    public static Populations assign(List<PopulationSpec> populations, Collection<Integer> users) {
        TreeSet<Integer> distinct = new TreeSet<>(users);
        Map<Integer, PopulationSpec> byUser = new HashMap<>();
        for (PopulationSpec p : populations) {
            p.getUsers().forEach(u -> byUser.put(u, p));
        }
        TreeSet<Integer> rest = new TreeSet<>(distinct);
        rest.removeAll(byUser.keySet());
        for (PopulationSpec p : populations) {
            if (p.getShare() != null) {
                long take = Math.round(p.getShare() * distinct.size());
                for (long i = 0; i < take && !rest.isEmpty(); i++) {
                    byUser.put(rest.pollFirst(), p);
                }
            }
        }
        return new Populations(byUser);
    }

    /**
     * Checks that every population gets at least one user of the workload: a named user without a job in it, or a
     * share that rounds to no user (or finds none left), would leave the population's template silently unused.
     *
     * @param populations the experiment's populations
     * @param users       the user ids of the workload's jobs, repeats allowed
     * @throws ConfigException naming the population ({@code populations[i] (name)}) and the user or the share
     */
    public static void check(List<PopulationSpec> populations, Collection<Integer> users) {
        TreeSet<Integer> distinct = new TreeSet<>(users);
        Populations of = assign(populations, distinct);
        for (int i = 0; i < populations.size(); i++) {
            PopulationSpec p = populations.get(i);
            String where = "populations[" + i + "] (" + p.getName() + ")";
            for (int u : p.getUsers()) {
                if (!distinct.contains(u)) {
                    throw new ConfigException(where + ": user " + u + " has no job in the workload, so the "
                            + "population has no effect for it (the workload's users: " + shown(distinct) + ")");
                }
            }
            if (p.getShare() != null && !of.byUser.containsValue(p)) {
                throw new ConfigException(where + ": share " + p.getShare() + " of the workload's " + distinct.size()
                        + " users gives no user (round(share x users) = " + Math.round(p.getShare() * distinct.size())
                        + ", or the populations before it took them all), so the population has no effect");
            }
        }
    }

    /** Up to ten user ids, for a message. */
    private static String shown(TreeSet<Integer> users) {
        String s = users.stream().limit(10).map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
        return users.size() > 10 ? s + ", ... (" + users.size() + " in all)" : s;
    }

    /** The population of a user, or empty if the user is in none. */
    public Optional<PopulationSpec> of(int user) {
        return Optional.ofNullable(byUser.get(user));
    }
}
