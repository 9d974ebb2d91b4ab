package gridmarket.sim.machine;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CapacityProfileTest {
    @Test
    void aGiveBackTellsTheMemoTheWidthsItCanOpen() {
        CapacityProfile p = new CapacityProfile(16, 0);
        p.take(12, 0, 1000); // 4 free until 1000
        p.take(2, 100, 200); // 2 free over [100, 200)
        RoomMemo memo = p.memo();
        int narrow = memo.shape(2, 50); // class 2-3: had room over [300, 400) before and after
        int middle = memo.shape(5, 50); // class 4-7
        memo.learned(narrow, 900);
        memo.learned(middle, 900);
        p.give(1, 300, 400); // 4 free before, 5 after: only widths of 5 can gain
        assertEquals(Long.MAX_VALUE, memo.changedFrom(narrow, 2, 0), "4 free before: no window of 2 or 3 opens");
        assertEquals(300, memo.changedFrom(middle, 5, 0));
        assertEquals(400, memo.changedUntil(middle, 5));
        p.give(2, 100, 200); // 2 free before: widths 3 and 4 can gain
        assertEquals(100, memo.changedFrom(narrow, 2, 0));
        assertEquals(200, memo.changedUntil(narrow, 2));
        assertEquals(100, memo.changedFrom(middle, 5, 0));
    }


    @Test
    void earliestSkipsShortGaps() {
        CapacityProfile p = new CapacityProfile(10, 0);
        p.take(8, 0, 100);   // 2 free until 100
        p.take(6, 150, 200); // 4 free in [150, 200)
        assertEquals(0, p.earliest(2, 500, 0));
        assertEquals(100, p.earliest(5, 50, 0), "fits in the gap [100, 150)");
        assertEquals(200, p.earliest(5, 60, 0), "the gap [100, 150) is too short");
        assertEquals(100, p.earliest(4, 1000, 0), "4 nodes stay free across [150, 200)");
        assertEquals(Long.MAX_VALUE, p.earliest(11, 1, 0));
    }

    @Test
    void giveUndoesTakeAndSegmentsMerge() {
        CapacityProfile p = new CapacityProfile(8, 0);
        p.take(3, 10, 20);
        p.take(2, 15, 30);
        assertEquals(5, p.freeAt(12));
        assertEquals(3, p.freeAt(17));
        assertEquals(6, p.freeAt(25));
        p.give(2, 15, 30);
        p.give(3, 10, 20);
        assertEquals(1, p.segments(), "back to one flat segment");
        assertEquals(8, p.freeAt(1000));
    }

    @Test
    void refusesOverbooking() {
        CapacityProfile p = new CapacityProfile(4, 0);
        p.take(4, 0, 10);
        assertThrows(IllegalStateException.class, () -> p.take(1, 5, 6));
    }

    @Test
    void maxFreeBeforeFollowsChanges() {
        CapacityProfile p = new CapacityProfile(10, 0);
        p.take(10, 0, 50);
        p.take(7, 50, 80);
        p.take(9, 80, 200);
        assertEquals(0, p.maxFreeBefore(0));
        assertEquals(0, p.maxFreeBefore(50));
        assertEquals(3, p.maxFreeBefore(51));
        assertEquals(3, p.maxFreeBefore(200));
        assertEquals(10, p.maxFreeBefore(201));
        p.give(5, 10, 20);
        assertEquals(5, p.maxFreeBefore(30), "a change invalidates the cached maximum");
    }

    @Test
    void advanceForgetsThePast() {
        CapacityProfile p = new CapacityProfile(4, 0);
        p.take(2, 0, 10);
        p.take(1, 20, 30);
        p.advanceTo(15);
        assertEquals(4, p.freeAt(15));
        assertEquals(3, p.freeAt(25));
        assertThrows(IllegalArgumentException.class, () -> p.freeAt(14));
    }

    /** Against a per-second array on random operations: the answer a brute force gives. */
    @Test
    void matchesBruteForce() {
        Random r = new Random(7);
        int cap = 16;
        int horizon = 400;
        for (int round = 0; round < 200; round++) {
            CapacityProfile p = new CapacityProfile(cap, 0);
            int[] free = allFree(horizon + 200, cap);
            for (int k = 0; k < 15; k++) {
                int s = r.nextInt(horizon);
                int e = s + 1 + r.nextInt(60);
                takeIfRoom(p, free, 1 + r.nextInt(6), s, e);
            }
            for (int q = 0; q < 20; q++) {
                int n = 1 + r.nextInt(cap);
                int d = 1 + r.nextInt(80);
                int from = r.nextInt(horizon);
                assertEquals(earliestPerSecond(free, n, d, from), p.earliest(n, d, from),
                        "n=" + n + " d=" + d + " from=" + from);
            }
        }
    }

    /** The end of the profile bounds every search, whatever the width, duration or time asked about. */
    @Test
    void searchesStopAtTheEnd() {
        CapacityProfile p = new CapacityProfile(8, 0);
        p.take(2, 0, 10);
        p.take(5, 20, Long.MAX_VALUE); // 3 free from 20 on, forever
        assertEquals(15, p.earliest(4, 0, 15));
        assertEquals(Long.MAX_VALUE, p.earliest(4, 0, 25), "4 are never free again");
        assertEquals(Long.MAX_VALUE, p.earliest(4, 1, 25));
        assertEquals(25, p.earliest(3, 0, 25));
        assertEquals(Long.MAX_VALUE - 100, p.earliest(3, 100, Long.MAX_VALUE - 100), "a window up to the last instant");
    }

    /**
     * Searches after the origin has passed most of the profile, reaching past its last segment: what the profile kept
     * beyond its end before it dropped the past must not be read as segments.
     */
    @Test
    void searchesPastTheEndAfterAnAdvanceMatchBruteForce() {
        Random r = new Random(11);
        int cap = 8;
        int horizon = 300;
        for (int round = 0; round < 300; round++) {
            CapacityProfile p = new CapacityProfile(cap, 0);
            int[] free = allFree(horizon + 400, cap);
            for (int k = 0; k < 25; k++) {
                int s = r.nextInt(horizon);
                takeIfRoom(p, free, 1 + r.nextInt(cap), s, s + 1 + r.nextInt(40));
            }
            int origin = horizon / 2 + r.nextInt(horizon / 2);
            p.advanceTo(origin);
            for (int q = 0; q < 20; q++) {
                int n = 1 + r.nextInt(cap);
                int d = 1 + r.nextInt(200);
                int from = origin + 1 + r.nextInt(horizon - origin + 10);
                assertEquals(earliestPerSecond(free, n, d, from), p.earliest(n, d, from),
                        "n=" + n + " d=" + d + " from=" + from + " origin=" + origin);
            }
        }
    }

    /** The per-second model of a profile: {@code capacity} free in each of {@code seconds} seconds. */
    private static int[] allFree(int seconds, int capacity) {
        int[] free = new int[seconds];
        java.util.Arrays.fill(free, capacity);
        return free;
    }

    /**
     * The earliest t in [from, limit) with n free during [t, min(t + d, limit)) in a per-second array (a window cut
     * at the limit, as a search bounded by a reservation's start reads it), or limit if there is none.
     */
    private static long earliestCutPerSecond(int[] free, int n, int d, int from, int limit) {
        for (int t = from; t < limit; t++) {
            boolean room = true;
            for (int u = t; u < Math.min(t + d, limit) && room; u++) {
                room = free[u] >= n;
            }
            if (room) {
                return t;
            }
        }
        return limit;
    }

    /** The earliest t >= from with n free during [t, t + d) in a per-second array, all free past its end. */
    private static long earliestPerSecond(int[] free, int n, int d, int from) {
        for (int t = from; ; t++) {
            boolean fits = true;
            for (int u = t; u < t + d && fits; u++) {
                fits = u >= free.length || free[u] >= n;
            }
            if (fits) {
                return t;
            }
        }
    }

    /** fitsBefore against a per-second array: some t before the limit with room over [t, min(t + d, limit)). */
    @Test
    void fitsBeforeMatchesBruteForce() {
        Random r = new Random(11);
        int cap = 12;
        int horizon = 300;
        for (int round = 0; round < 300; round++) {
            int origin = r.nextInt(50);
            CapacityProfile p = new CapacityProfile(cap, 0);
            int[] free = allFree(horizon + 100, cap);
            for (int k = 0; k < 20; k++) {
                int s = r.nextInt(horizon);
                int e = s + 1 + r.nextInt(40);
                int n = 1 + r.nextInt(5);
                boolean ok = true;
                for (int t = s; t < e; t++) {
                    ok &= free[t] >= n;
                }
                if (ok) {
                    p.take(n, s, e);
                    for (int t = s; t < e; t++) {
                        free[t] -= n;
                    }
                }
            }
            p.advanceTo(origin);
            for (int q = 0; q < 30; q++) {
                int n = 1 + r.nextInt(cap);
                int d = 1 + r.nextInt(60);
                int limit = r.nextInt(horizon);
                boolean expected = earliestCutPerSecond(free, n, d, origin, limit) < limit;
                assertEquals(expected, p.fitsBefore(n, d, limit), "n=" + n + " d=" + d + " limit=" + limit
                        + " origin=" + origin);
                // the read-only answer agrees with the maximum: no room at all before the limit means no start
                if (p.maxFreeBefore(Math.max(limit, origin)) < n) {
                    assertEquals(false, p.fitsBefore(n, d, limit));
                }
            }
        }
    }

    /**
     * A planner's use: takes, give-backs, the origin moving on and searches interleaved, so that answers read from
     * cached state (the prefix maximum) are checked after every kind of change, against a per-second array.
     */
    @Test
    void searchesMatchBruteForceBetweenChanges() {
        Random r = new Random(23);
        int cap = 10;
        int horizon = 600;
        for (int round = 0; round < 100; round++) {
            CapacityProfile p = new CapacityProfile(cap, 0);
            int[] free = allFree(horizon + 200, cap);
            java.util.List<int[]> taken = new java.util.ArrayList<>();
            int origin = 0;
            for (int step = 0; step < 200; step++) {
                int op = r.nextInt(10);
                if (op < 4) {
                    int s = origin + r.nextInt(horizon - origin);
                    int e = Math.min(s + 1 + r.nextInt(80), free.length);
                    int n = 1 + r.nextInt(4);
                    if (takeIfRoom(p, free, n, s, e)) {
                        taken.add(new int[] {n, s, e});
                    }
                } else if (op < 6 && !taken.isEmpty()) {
                    int[] g = taken.remove(r.nextInt(taken.size()));
                    int s = Math.max(g[1], origin);
                    if (s < g[2]) {
                        p.give(g[0], s, g[2]);
                        for (int t = s; t < g[2]; t++) {
                            free[t] += g[0];
                        }
                    }
                } else if (op == 6 && origin < horizon - 50) {
                    origin += r.nextInt(10);
                    p.advanceTo(origin);
                } else {
                    int n = 1 + r.nextInt(cap);
                    int d = 1 + r.nextInt(120);
                    int limit = origin + 1 + r.nextInt(horizon - origin);
                    boolean expected = earliestCutPerSecond(free, n, d, origin, limit) < limit;
                    assertEquals(expected, p.fitsBefore(n, d, limit), "round " + round + " step " + step);
                    assertEquals(earliestPerSecond(free, n, d, origin), p.earliest(n, d, origin),
                            "round " + round + " step " + step);
                    int max = 0;
                    for (int t = origin; t < limit; t++) {
                        max = Math.max(max, free[t]);
                    }
                    assertEquals(max, p.maxFreeBefore(limit), "round " + round + " step " + step);
                }
            }
        }
    }

    /**
     * A re-compression's use, where answers come from what earlier searches learned ({@link RoomMemo}): reservations of
     * a few shapes, asked about again and again between takes, give-backs, moves and the origin moving on. Every
     * answer of earliestBefore is checked against a per-second array; the few shapes make most answers memo answers.
     */
    @Test
    void earliestBeforeMatchesBruteForceWhileReservationsMove() {
        Random r = new Random(29);
        int cap = 8;
        int horizon = 900;
        int[] widths = {1, 2, 3, 5, 8};
        int[] durations = {7, 30, 90};
        int memoAnswers = 0;
        CapacityProfile kept = new CapacityProfile(cap, 0);
        for (int round = 0; round < 150; round++) {
            // every other round on a profile reset after the last: what it learned then must not leak into this one
            CapacityProfile p = round % 2 == 0 ? new CapacityProfile(cap, 0) : kept;
            p.reset(0);
            int[] free = allFree(horizon + 200, cap);
            java.util.List<int[]> reserved = new java.util.ArrayList<>();
            int origin = 0;
            for (int step = 0; step < 300; step++) {
                int op = r.nextInt(12);
                if (op < 4) {
                    int n = widths[r.nextInt(widths.length)];
                    int d = durations[r.nextInt(durations.length)];
                    int s = origin + r.nextInt(horizon - origin);
                    if (s + d <= free.length && takeIfRoom(p, free, n, s, s + d)) {
                        reserved.add(new int[] {n, s, s + d, -1}); // nodes, start, end, place
                    }
                } else if (op < 5 && !reserved.isEmpty()) { // an early end
                    int[] g = reserved.remove(r.nextInt(reserved.size()));
                    int s = Math.max(g[1], origin);
                    p.give(g[0], s, g[2]);
                    for (int t = s; t < g[2]; t++) {
                        free[t] += g[0];
                    }
                } else if (op == 5 && origin < horizon - 100) {
                    origin += r.nextInt(15);
                    p.advanceTo(origin);
                    int now = origin;
                    reserved.removeIf(g -> g[1] < now); // started: no longer movable
                } else if (!reserved.isEmpty()) { // re-compress one reservation, as conservative backfilling does
                    int[] g = reserved.get(r.nextInt(reserved.size()));
                    int n = g[0];
                    int d = g[2] - g[1];
                    long expected = earliestCutPerSecond(free, n, d, origin, g[1]);
                    // as a planner that keeps each reservation's shape and place asks, or with a place far off
                    int place = r.nextInt(8) == 0 ? r.nextInt(p.segments() + 10) : g[3];
                    long got = r.nextInt(3) == 0 ? p.earliestBefore(n, d, g[1])
                            : p.earliestBefore(p.shapeOf(n, d), n, d, g[1], place);
                    g[3] = p.lastPlace();
                    assertEquals(expected, got, "round " + round + " step " + step + " n=" + n + " d=" + d
                            + " at " + g[1]);
                    assertEquals(expected < g[1], p.fitsBefore(n, d, g[1]));
                    if (got < g[1]) {
                        p.move(n, d, g[1], got);
                        for (int t = g[1]; t < g[2]; t++) {
                            free[t] += n;
                        }
                        for (int t = (int) got; t < got + d; t++) {
                            free[t] -= n;
                        }
                        g[1] = (int) got;
                        g[2] = (int) got + d;
                    } else {
                        memoAnswers++;
                    }
                }
            }
            for (int t = origin; t < horizon; t++) {
                assertEquals(free[t], p.freeAt(t), "round " + round + " at " + t);
            }
        }
        assertTrue(memoAnswers > 5_000, "the test asks about unmovable reservations often: " + memoAnswers);
    }

    /**
     * The memo under every kind of change at once, against a per-second model whose last cell stands for all later
     * time: open-ended takes and their give-backs, give-backs of a reservation's tail, moves, the origin moving on, and
     * searches from the origin and before a limit for a few recurring shapes, zero durations among them.
     */
    @Test
    void searchesFromTheOriginMatchBruteForceUnderEveryChange() {
        Random r = new Random(31);
        int cap = 6;
        int length = 1200; // cell length - 1 stands for [length - 1, infinity)
        int[] widths = {1, 2, 4, 6};
        int[] durations = {0, 1, 9, 40, 150};
        int searches = 0;
        CapacityProfile kept = new CapacityProfile(cap, 0);
        for (int round = 0; round < 200; round++) {
            CapacityProfile p = round % 2 == 0 ? new CapacityProfile(cap, 0) : kept; // a reset one knows nothing
            p.reset(0);
            int[] free = allFree(length, cap);
            java.util.List<long[]> held = new java.util.ArrayList<>(); // {nodes, start, end}, end MAX when open
            int origin = 0;
            for (int step = 0; step < 250; step++) {
                int op = r.nextInt(14);
                int n = widths[r.nextInt(widths.length)];
                long d = durations[r.nextInt(durations.length)];
                if (op < 4) {
                    int start = origin + r.nextInt(length - 200 - origin);
                    long end = r.nextInt(12) == 0 ? Long.MAX_VALUE : start + Math.max(d, 1);
                    if (roomOver(free, n, start, end)) {
                        p.take(n, start, end);
                        addOver(free, -n, start, end);
                        held.add(new long[] {n, start, end});
                    }
                } else if (op < 6 && !held.isEmpty()) { // an end, or the tail of one given back
                    long[] h = held.remove(r.nextInt(held.size()));
                    long from = Math.max(h[1], origin) + (r.nextBoolean() ? 0 : r.nextInt(30));
                    if (from < h[2]) {
                        p.give((int) h[0], from, h[2]);
                        addOver(free, (int) h[0], (int) from, h[2]);
                    }
                } else if (op == 6 && origin < length - 300) {
                    origin += r.nextInt(20);
                    p.advanceTo(origin);
                    int now = origin;
                    held.removeIf(h -> h[1] < now && h[2] <= now);
                } else if (op < 9) {
                    long expected = -1;
                    for (int t = origin; expected < 0 && t < length; t++) {
                        if (roomOver(free, n, t, t + Math.max(d, 1))) {
                            expected = t;
                        }
                    }
                    assertEquals(expected < 0 ? Long.MAX_VALUE : expected, p.earliest(n, d, origin),
                            "round " + round + " step " + step + " n=" + n + " d=" + d);
                    searches++;
                } else {
                    int limit = origin + 1 + r.nextInt(length - 200 - origin);
                    long expected = limit;
                    for (int t = origin; t < limit && expected == limit; t++) {
                        if (roomOver(free, n, t, Math.min(t + Math.max(d, 1), limit))) {
                            expected = t;
                        }
                    }
                    assertEquals(expected, p.earliestBefore(n, d, limit),
                            "round " + round + " step " + step + " n=" + n + " d=" + d + " limit=" + limit);
                    searches++;
                }
            }
        }
        assertTrue(searches > 10_000, "searches: " + searches);
        CapacityProfile p = new CapacityProfile(cap, 0);
        p.take(cap, 10, 20);
        assertEquals(50, p.earliestBefore(cap + 1, 5, 50), "wider than the machine: no earlier start");
        assertEquals(Long.MAX_VALUE, p.earliest(cap + 1, 5, 0));
    }

    /** Whether every cell of {@code [s, e)} has {@code n} free; the last cell stands for all later time. */
    private static boolean roomOver(int[] free, int n, long s, long e) {
        for (long t = s; t < e; t++) {
            if (free[(int) Math.min(t, free.length - 1)] < n) {
                return false;
            }
            if (t >= free.length - 1) {
                return true;
            }
        }
        return true;
    }

    private static void addOver(int[] free, int delta, long s, long e) {
        for (long t = s; t < Math.min(e, free.length); t++) {
            free[(int) t] += delta;
        }
    }

    /**
     * After any mix of takes, gives and moves, some to the end of time, and the origin moving on, the profile equals a
     * per-second array segment for segment: every count is right and no two neighbouring segments have the same count,
     * so a change that splits or joins at the wrong end of its span fails here.
     */
    @Test
    void staysExactAndMinimalUnderChanges() {
        Random r = new Random(41);
        int cap = 6;
        int horizon = 300;
        for (int round = 0; round < 300; round++) {
            CapacityProfile p = new CapacityProfile(cap, 0);
            int[] free = allFree(horizon + 100, cap); // the last second stands for all later ones
            int origin = 0;
            for (int k = 0; k < 40; k++) {
                int n = 1 + r.nextInt(3);
                int s = origin + r.nextInt(horizon - origin + 1);
                int e = s + 1 + r.nextInt(r.nextBoolean() ? 3 : 50);
                long end = r.nextInt(10) == 0 ? Long.MAX_VALUE : e;
                int[] after = free.clone();
                int op = r.nextInt(4);
                if (op == 0) {
                    addOver(after, -n, s, end == Long.MAX_VALUE ? free.length : e);
                    if (inRange(after, cap)) {
                        p.take(n, s, end);
                        free = after;
                    }
                } else if (op == 1) {
                    addOver(after, n, s, end == Long.MAX_VALUE ? free.length : e);
                    if (inRange(after, cap)) {
                        p.give(n, s, end);
                        free = after;
                    }
                } else if (op == 2) {
                    int to = origin + r.nextInt(s - origin + 1);
                    addOver(after, -n, to, to + e - s);
                    addOver(after, n, s, e);
                    if (inRange(after, cap)) {
                        p.move(n, e - s, s, to);
                        free = after;
                    }
                } else {
                    origin = Math.min(horizon, origin + r.nextInt(20));
                    p.advanceTo(origin);
                }
                int changes = 1;
                for (int t = origin; t < free.length; t++) {
                    assertEquals(free[t], p.freeAt(t), "free at " + t + " after step " + k + " of round " + round);
                    if (t > origin && free[t] != free[t - 1]) {
                        changes++;
                    }
                }
                assertEquals(changes, p.segments(), "segments after step " + k + " of round " + round);
            }
        }
    }

    private static boolean inRange(int[] free, int cap) {
        for (int v : free) {
            if (v < 0 || v > cap) {
                return false;
            }
        }
        return true;
    }

    /** Takes {@code n} nodes in {@code [s, e)} from the profile and the per-second array alike, if both have room. */
    private static boolean takeIfRoom(CapacityProfile p, int[] free, int n, int s, int e) {
        for (int t = s; t < e; t++) {
            if (free[t] < n) {
                return false;
            }
        }
        p.take(n, s, e);
        for (int t = s; t < e; t++) {
            free[t] -= n;
        }
        return true;
    }
}
