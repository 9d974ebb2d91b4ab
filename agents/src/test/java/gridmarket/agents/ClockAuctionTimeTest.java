package gridmarket.agents;

import gridmarket.config.ExperimentLoader;
import gridmarket.config.ExperimentSpec;
import gridmarket.market.Trade;
import gridmarket.sim.result.JobOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A clock auction's rounds take simulated time, worked by hand: one job (submitted at 100, 4 nodes, estimate 60 s)
 * and two owners of 16 nodes bidding their cost, 0.5 per node-second; a clock of step 0.125 on [0, 2] calls at
 * most 17 prices, so with a tick of 7 s the offers start no earlier than 100 + 17 x 7 + 1 = 220 (a second after the
 * longest auction, so that a decision at its last tick comes before the start).
 */
class ClockAuctionTimeTest {
    @TempDir
    Path dir;

    private record Seen(long decided, JobOutcome outcome, Trade trade) {
    }

    private Seen run(String clearing) throws Exception {
        Path swf = dir.resolve("one.swf");
        Files.writeString(swf, "1 100 0 50 4 -1 -1 4 60 -1 1 1 1 -1 1 -1 -1 -1\n");
        String yaml = "name: t\nseed: 1\nworkload: {swf: " + swf + "}\n"
                + "sites: [{name: s1, machines: [{name: m1, nodes: 16}, {name: m2, nodes: 16}]}]\n"
                + "strategy: market\nmarket: {mf: MF1, uf: UF3, clearing: " + clearing
                + ", owner: {strategy: sealed-bid, bid: truthful}, value: {ownerCost: 0.5}}\n";
        ExperimentSpec spec = new ExperimentLoader().load("t.yaml", yaml, Path.of("."));
        GridMarket model = new GridMarket(1, spec, Workloads.load(spec));
        List<Long> decided = new ArrayList<>();
        model.setMarketObserver((origin, request, offers, winner, now) -> decided.add(now));
        RunResult r = HeadlessRun.run(model);
        assertEquals(1, decided.size(), "one round");
        JobOutcome o = r.outcomes().get(0);
        assertTrue(o.completed(), o.toString());
        return new Seen(decided.get(0), o, r.trades().get(o.job().order()));
    }

    @Test
    void aDutchClockDecidesFiveTicksLater() throws Exception {
        // prices 0, 0.125, 0.25, 0.375, 0.5: both accept at the fifth tick; 2 owners x 2 messages x 5 ticks
        Seen at = run("{rule: dutch, low: 0, high: 2, step: 0.125, tick: 7}");
        Seen instant = run("{rule: dutch, low: 0, high: 2, step: 0.125, tick: 0}");
        assertEquals(100, instant.decided());
        assertEquals(100 + 5 * 7, at.decided(), "k = 5 ticks of T = 7 s");
        assertEquals(100 + 17 * 7 + 1, at.outcome().start(), "offers start after the longest auction");
        assertEquals(100, instant.outcome().start());
        assertEquals(instant.trade().messages(), at.trade().messages(), "the same messages whatever a tick lasts");
        Seen none = run("users-choice");
        assertEquals(none.trade().messages() + 20, at.trade().messages(), "the ticks' 20 messages");
        assertEquals(0.5 * 4 * 60, at.trade().price(), 1e-9, "paid the clock's price, the asks");
    }

    @Test
    void anEnglishClockDecidesFourteenTicksLater() throws Exception {
        // prices 2, 1.875, ..., 0.5 (the 13th) both stand; at 0.375 both leave: 14 ticks, paid 0.5, 56 messages
        Seen at = run("{rule: english, low: 0, high: 2, step: 0.125, tick: 7}");
        assertEquals(100 + 14 * 7, at.decided(), "k = 14 ticks of T = 7 s");
        assertEquals(100 + 17 * 7 + 1, at.outcome().start());
        Seen none = run("users-choice");
        assertEquals(none.trade().messages() + 56, at.trade().messages(), "the ticks' 56 messages");
        assertEquals(0.5 * 4 * 60, at.trade().price(), 1e-9);
    }
}
