package gridmarket.sim.failure;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When domains are down: outages given merge where they overlap or touch; models draw the same whatever is asked. */
class OutageCalendarTest {
    private static final OutageCalendar.Model HOURLY = new OutageCalendar.Model(Distribution.exponential(3600),
            Distribution.exponential(600));

    @Test
    void givenOutagesMergeWhereTheyOverlapOrTouch() {
        OutageCalendar c = new OutageCalendar(2, List.of(new DomainOutage(0, 100, 200), new DomainOutage(0, 150, 300),
                new DomainOutage(0, 300, 400), new DomainOutage(0, 500, 600), new DomainOutage(1, 50, 60)), Map.of(),
                1, 0);
        assertFalse(c.down(0, 99));
        assertTrue(c.down(0, 100));
        assertTrue(c.down(0, 399));
        assertFalse(c.down(0, 400), "an outage ends before its end");
        assertEquals(400, c.backAt(0, 120), "three outages that overlap or touch are one");
        assertEquals(450, c.backAt(0, 450), "reachable: back at once");
        assertEquals(60, c.backAt(1, 50));
        assertEquals(List.of(List.of(100L, 400L), List.of(500L, 600L)), c.periods(0, 10_000).stream()
                .map(p -> List.of(p[0], p[1])).toList());
        assertEquals(1, c.periods(0, 500).size(), "only those begun before the end");
    }

    @Test
    void aModelDrawsTheSameOutagesWhateverIsAskedWhen() {
        OutageCalendar early = new OutageCalendar(2, List.of(), Map.of(1, HOURLY), 7, 1000);
        OutageCalendar late = new OutageCalendar(2, List.of(), Map.of(1, HOURLY), 7, 1000);
        for (long t = 0; t < 200_000; t += 97) {
            early.down(1, t); // asked all along, the other only at the end
        }
        List<long[]> a = early.periods(1, 200_000);
        List<long[]> b = late.periods(1, 200_000);
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.get(i), b.get(i));
        }
        assertTrue(a.size() > 20 && a.size() < 100, "about one an hour over 55 hours: " + a.size());
        assertTrue(a.get(0)[0] > 1000, "the first up time starts at the first submit");
        assertTrue(early.periods(0, 200_000).isEmpty(), "a domain without a model never goes down");
        OutageCalendar other = new OutageCalendar(2, List.of(), Map.of(1, HOURLY), 8, 1000);
        assertFalse(other.periods(1, 200_000).get(0)[0] == a.get(0)[0], "another seed, other outages");
    }

    @Test
    void aDrawnOutageTouchingAGivenOneExtendsIt() {
        // with a given outage covering the first drawn start, backAt must reach past every drawn outage it joins
        OutageCalendar c = new OutageCalendar(1, List.of(new DomainOutage(0, 0, 1_000_000)),
                Map.of(0, HOURLY), 3, 0);
        long back = c.backAt(0, 10);
        assertTrue(back >= 1_000_000);
        assertFalse(c.down(0, back));
        assertTrue(c.down(0, back - 1));
    }
}
