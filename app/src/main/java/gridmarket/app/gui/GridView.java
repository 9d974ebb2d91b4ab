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
 */
public record GridView(int run, long steps, long now, boolean finished, Setting setting,
                       List<GanttSnapshot> machines, List<SiteQueue> sites, List<Job> waitingHead,
                       MarketDecision market, long marketRounds, MetricsLog metrics, int metricsSize,
                       int jobs, int completed, int rejected, double awrt) {

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

    /** Jobs waiting in all sites. */
    public int waiting() {
        return sites.stream().mapToInt(SiteQueue::waiting).sum();
    }
}
