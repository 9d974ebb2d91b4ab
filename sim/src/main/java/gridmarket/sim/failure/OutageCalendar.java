package gridmarket.sim.failure;

import ec.util.MersenneTwisterFast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When each domain's trader is unreachable: the outages given in advance and those drawn from the domains' outage
 * models, merged per domain into disjoint periods (overlapping or touching outages make one). Whether a domain is
 * down is a function of time alone, so a message's fate can be told when it is sent.
 *
 * <p>A model draws lazily, in time order, from a generator of its own per domain (seeded from the run's seed and the
 * domain's index, apart from the failure models' and MASON's): the first outage starts an up time after the
 * workload's first submit, each lasts a drawn length, and the next starts an up time after it ends. What is drawn
 * does not depend on when it is asked for, so the same seed gives the same outages in every run.
 */
public final class OutageCalendar {
    /** How a domain's trader goes down at random: up times from {@code between}, outage lengths from {@code length}. */
    public record Model(Distribution between, Distribution length) {
    }

    private final List<TreeMap<Long, Long>> periods = new ArrayList<>();
    private final Model[] models;
    private final MersenneTwisterFast[] random;
    /** Per modelled domain, where its next drawn outage starts (or the up time's start before it is drawn). */
    private final long[] nextStart;

    /**
     * @param domains how many domains the grid has
     * @param given   outages given in advance
     * @param models  outage models by domain index (domains without one go down only as given)
     * @param seed    the run's seed
     * @param first   the workload's first submit time, where the models' first up time starts
     */
    public OutageCalendar(int domains, List<DomainOutage> given, Map<Integer, Model> models, long seed, long first) {
        this.models = new Model[domains];
        this.random = new MersenneTwisterFast[domains];
        this.nextStart = new long[domains];
        for (int d = 0; d < domains; d++) {
            periods.add(new TreeMap<>());
        }
        for (DomainOutage o : given) {
            add(o.domain(), o.start(), o.end());
        }
        models.forEach((d, m) -> {
            this.models[d] = m;
            random[d] = new MersenneTwisterFast(new int[] {(int) (seed >>> 32), (int) seed, d, 0xD0A1});
            nextStart[d] = first + m.between().draw(random[d]);
        });
    }

    /** Whether domain {@code d}'s trader is unreachable at {@code t}. */
    public boolean down(int d, long t) {
        return period(d, t) != null;
    }

    /** The first instant at or after {@code t} at which domain {@code d}'s trader is reachable. */
    public long backAt(int d, long t) {
        Map.Entry<Long, Long> p = period(d, t);
        return p == null ? t : p.getValue();
    }

    /** The periods domain {@code d} was down that began before {@code end}, as {@code [start, end)} pairs in order. */
    public List<long[]> periods(int d, long end) {
        draw(d, end);
        List<long[]> out = new ArrayList<>();
        periods.get(d).headMap(end, false).forEach((s, e) -> out.add(new long[] {s, e}));
        return out;
    }

    /** How many domains the calendar covers. */
    public int domains() {
        return periods.size();
    }

    private Map.Entry<Long, Long> period(int d, long t) {
        draw(d, t);
        Map.Entry<Long, Long> p = periods.get(d).floorEntry(t);
        if (p == null || p.getValue() <= t) {
            return null;
        }
        while (models[d] != null && nextStart[d] <= p.getValue()) { // a drawn outage may join this one at its end
            draw(d, p.getValue());
            p = periods.get(d).floorEntry(t);
        }
        return p;
    }

    /** Draws domain {@code d}'s model until its next outage starts after {@code t}. */
    private void draw(int d, long t) {
        Model m = models[d];
        while (m != null && nextStart[d] <= t) {
            long end = nextStart[d] + m.length().draw(random[d]);
            add(d, nextStart[d], end);
            nextStart[d] = end + m.between().draw(random[d]);
        }
    }

    /** Adds {@code [start, end)} to domain {@code d}'s periods, merging it with those it overlaps or touches. */
    private void add(int d, long start, long end) {
        TreeMap<Long, Long> p = periods.get(d);
        Map.Entry<Long, Long> before = p.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            start = before.getKey();
            end = Math.max(end, before.getValue());
            p.remove(before.getKey());
        }
        Map.Entry<Long, Long> after = p.ceilingEntry(start);
        while (after != null && after.getKey() <= end) {
            end = Math.max(end, after.getValue());
            p.remove(after.getKey());
            after = p.ceilingEntry(start);
        }
        p.put(start, end);
    }
}
