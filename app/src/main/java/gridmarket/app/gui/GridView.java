package gridmarket.app.gui;

import gridmarket.charts.gantt.GanttSnapshot;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.sim.workload.Job;

import java.util.List;

/**
 * Everything the GUI's panels show at one instant of one run: immutable, taken in the model thread by
 * {@link ModelWatcher} after a step, and shown by Swing later.
 *
 * @param run          number of the run since the GUI was opened (1, 2, ...): a new run clears the live charts
 * @param steps        MASON steps done (distinct instants of simulated time)
 * @param now          the instant, seconds of simulated time
 * @param finished     true once the run has ended (every job is then completed or rejected)
 * @param setting      the run's strategy and parameters, as it was started
 * @param machines     one Gantt snapshot per machine, in machine order
 * @param sites        the queue of each origin site, in site order
 * @param waitingHead  the first waiting jobs, in queue order (submit time, then trace order)
 * @param market       the last market decision, or {@code null} (none yet, or no market in this strategy)
 * @param marketRounds market rounds so far in this run
 * @param metrics      the live metrics log; this view sees its first {@code metricsSize} points
 * @param metricsSize  points of the log this view sees
 * @param jobs         jobs of the workload
 * @param completed    jobs completed so far
 * @param rejected     jobs rejected so far
 * @param awrt         AWRT of the jobs completed so far, seconds (SPEC R)
 * @param book         a double auction's order book now, or {@code null} (another clearing rule, or no market)
 */
public record GridView(int run, long steps, long now, boolean finished, Setting setting,
                       List<GanttSnapshot> machines, List<SiteQueue> sites, List<Job> waitingHead,
                       MarketDecision market, long marketRounds, MetricsLog metrics, int metricsSize,
                       int jobs, int completed, int rejected, double awrt, OrderBook book) {

    /** The settings a run was started with (the model inspector may change them for the next run). */
    public record Setting(String experiment, String strategy, String policy, boolean market, String mf, String uf,
                          double overhead, int hops, int nodeSets, int startTimes, List<String> siteNames) {
    }

    /**
     * One origin site's waiting jobs and its jobs holding nodes.
     *
     * @param name        the site's name
     * @param waiting     jobs submitted, not yet started or reserved, not rejected
     * @param backlog     their area by estimate, node-seconds
     * @param oldestWait  how long the longest-waiting of them has waited, seconds (0 if none)
     * @param running     its jobs running now (on any machine)
     * @param reserved    its jobs with a future reservation
     */
    public record SiteQueue(String name, int waiting, double backlog, long oldestWait, int running, int reserved) {
    }

    /**
     * A market round as its origin MetaManager decided it.
     *
     * @param origin  name of the origin domain (site)
     * @param request the request
     * @param offers  every offer of the round, best first
     * @param winner  the accepted offer, or {@code null} if none was acceptable (the request waits or is rejected)
     * @param now     when, seconds
     */
    public record MarketDecision(String origin, Request request, List<Offer> offers, Offer winner, long now) {
    }

    /**
     * A double auction's open orders: the bids that wait for an ask, highest first per domain, and each owner's ask.
     *
     * @param bids every waiting request, domain by domain in the order it will be tried
     * @param asks every machine's ask per node-second and its nodes free now, in machine order
     */
    public record OrderBook(List<Bid> bids, List<Ask> asks) {
    }

    /**
     * An open bid.
     *
     * @param domain       the MetaManager whose book holds it
     * @param request      the request (nodes, estimate, earliest start, deadline, budget)
     * @param perNodeSecond the most it pays per node-second
     */
    public record Bid(String domain, Request request, double perNodeSecond) {
    }

    /**
     * An owner's ask.
     *
     * @param machine       the machine
     * @param perNodeSecond what it asks per node-second of any free slot (NaN: it prices by a formula)
     * @param freeNodes     its nodes free now
     */
    public record Ask(String machine, double perNodeSecond, int freeNodes) {
    }

    /** Jobs waiting in all sites. */
    public int waiting() {
        return sites.stream().mapToInt(SiteQueue::waiting).sum();
    }
}
