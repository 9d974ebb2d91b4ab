package gridmarket.agents;

import gridmarket.market.CoAllocationMode;
import gridmarket.market.Rescheduling;
import gridmarket.market.Trade;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.result.JobLedger;

import java.util.Map;

/**
 * What every agent of one market shares: the clock, the network between them, the directory of domains, where
 * outcomes are recorded, and the market's settings.
 *
 * @param trades       how each job's request fared, by job order
 * @param changes      the grid's notice that schedules changed (the retry rule) and owners' idle announcements
 * @param latency      seconds per message hop between domains
 * @param useDirectory whether only domains with a machine wide enough are asked for whole-job offers
 * @param overhead     p: a co-allocated job runs (1 + p) times its run time
 * @param routing      routing by capacity, or {@code null}: every domain within reach is asked
 */
record MarketContext(EventClock clock, MarketNetwork network, DomainDirectory directory, JobLedger ledger,
                     Map<Integer, Trade> trades, ScheduleChanges changes, long latency, boolean useDirectory,
                     CoAllocationMode coAllocation, double overhead, Rescheduling rescheduling,
                     CapacityRouting routing) {

    /** A market that asks every domain within reach. */
    MarketContext(EventClock clock, MarketNetwork network, DomainDirectory directory, JobLedger ledger,
                  Map<Integer, Trade> trades, ScheduleChanges changes, long latency, boolean useDirectory,
                  CoAllocationMode coAllocation, double overhead, Rescheduling rescheduling) {
        this(clock, network, directory, ledger, trades, changes, latency, useDirectory, coAllocation, overhead,
                rescheduling, null);
    }
}
