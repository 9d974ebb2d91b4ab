package gridmarket.app.gui;

import gridmarket.agents.GridMarket;
import gridmarket.agents.MarketObserver;
import gridmarket.agents.MachineOwnerAgent;
import gridmarket.agents.MetaManagerAgent;
import gridmarket.charts.gantt.GanttBar;
import gridmarket.charts.gantt.GanttSnapshot;
import gridmarket.config.ExperimentSpec;
import gridmarket.config.SiteSpec;
import gridmarket.market.Offer;
import gridmarket.market.Request;
import gridmarket.market.roles.DoubleAuction;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.metrics.RunMetrics;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.JobOutcome;
import gridmarket.sim.workload.Job;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * Watches one run of the model for the GUI, in the model thread: called by the GUIState after every step and by the
 * market's MetaManagers after every decision, it takes a {@link GridView} of the state and hands it to Swing through
 * a {@link ViewMailbox}. It only reads the model, so a run watched by it gives the same schedule as a headless run.
 */
final class ModelWatcher implements Steppable, MarketObserver {
    private static final long serialVersionUID = 1L;
    /** Waiting jobs listed one by one; the rest are counted. */
    static final int HEAD = 40;

    private final GridMarket model;
    private final int run;
    private final ViewMailbox mailbox;
    private final GridView.Setting setting;
    private final MetricsLog metrics = new MetricsLog();
    private int metricsSize;
    private long lastPointTime = Long.MIN_VALUE;
    private GridView.MarketDecision decision;
    private long rounds;
    private long lastNow;
    // Market strategy only (no scheduler queues to read): jobs submitted and not yet reserved, started or recorded.
    private final LinkedHashSet<Job> open = new LinkedHashSet<>();
    private final Set<Job> recorded = new HashSet<>();
    private int nextSubmit;
    private int ledgerSize = -1;
    private int completed;
    private int rejected;
    private double awrt;

    /** Captures the run's settings; call before the model's {@code start()}. */
    ModelWatcher(GridMarket model, int run, ViewMailbox mailbox) {
        this.model = model;
        this.run = run;
        this.mailbox = mailbox;
        ExperimentSpec spec = model.spec();
        this.setting = new GridView.Setting(spec.getName(), spec.getStrategy(), spec.getPolicy(),
                spec.strategyFactory().blocks().contains("market"), spec.getMarket().getMf(), spec.getMarket().getUf(),
                spec.getMultisite().getOverhead(), spec.getMarket().getHops(), spec.getMarket().getNodeSets(),
                spec.getMarket().getStartTimes(), spec.resolvedSites().stream().map(SiteSpec::getName).toList());
    }

    GridView.Setting setting() {
        return setting;
    }

    @Override
    public void decided(MetaManagerAgent origin, Request request, List<Offer> offers, Offer winner, long now) {
        decision = new GridView.MarketDecision(origin.name(), request, List.copyOf(offers), winner, now);
        rounds++;
    }

    @Override
    public void step(SimState state) {
        mailbox.publish(view(false));
    }

    /** A view of the model now; model thread (or with the schedule locked). */
    GridView view(boolean finished) {
        double t = model.schedule.getTime();
        long now = t == Schedule.BEFORE_SIMULATION || Double.isInfinite(t) || Double.isNaN(t) ? lastNow
                : Math.max(0, (long) t);
        lastNow = now;
        List<MachineSchedule> schedules = model.machineSchedules();
        List<GanttSnapshot> machines = GanttSnapshot.of(schedules, now, realEnd());
        List<String> names = setting.siteNames();
        int sites = names.size();
        int[] running = new int[sites];
        int[] reserved = new int[sites];
        Set<Job> active = new HashSet<>();
        for (GanttSnapshot m : machines) {
            for (GanttBar b : m.bars()) {
                if (b.kind() != GanttBar.Kind.ESTIMATE) {
                    active.add(b.job());
                }
            }
        }
        Set<Job> counted = new HashSet<>();
        for (GanttSnapshot m : machines) {
            for (GanttBar b : m.bars()) {
                if (b.kind() != GanttBar.Kind.ESTIMATE && counted.add(b.job())) {
                    int site = Math.floorMod(b.job().site(), sites);
                    if (b.kind() == GanttBar.Kind.RUNNING) {
                        running[site]++;
                    } else {
                        reserved[site]++;
                    }
                }
            }
        }
        updateMetrics();
        List<Job> waiting = waiting(now, active);
        int[] count = new int[sites];
        double[] backlog = new double[sites];
        long[] oldest = new long[sites];
        for (Job j : waiting) {
            int site = Math.floorMod(j.site(), sites);
            count[site]++;
            backlog[site] += (double) j.nodes() * j.estimate();
            oldest[site] = Math.max(oldest[site], now - j.submit());
        }
        List<GridView.SiteQueue> queues = new ArrayList<>(sites);
        for (int s = 0; s < sites; s++) {
            queues.add(new GridView.SiteQueue(names.get(s), count[s], backlog[s], oldest[s], running[s], reserved[s]));
        }
        int busy = machines.stream().mapToInt(GanttSnapshot::busyNodes).sum();
        int nodes = schedules.stream().mapToInt(MachineSchedule::size).sum();
        if (lastPointTime == Long.MIN_VALUE || now - lastPointTime >= Math.max(1, now / 600) || finished) {
            metricsSize = metrics.append(now, awrt, nodes == 0 ? 0 : (double) busy / nodes, waiting.size(),
                    Arrays.stream(reserved).sum());
            lastPointTime = now;
        }
        List<Job> head = waiting.size() > HEAD ? List.copyOf(waiting.subList(0, HEAD)) : List.copyOf(waiting);
        return new GridView(run, model.schedule.getSteps(), now, finished, setting, machines, queues, head,
                setting.market() ? decision : null, rounds, metrics, metricsSize, model.workload().jobs().size(),
                completed, rejected, awrt, book());
    }

    /** A double auction's open bids and asks now; {@code null} under another clearing rule. */
    private GridView.OrderBook book() {
        if (!setting.market() || !"double-auction".equals(model.spec().getMarket().clearingRule())) {
            return null;
        }
        List<GridView.Bid> bids = new ArrayList<>();
        for (MetaManagerAgent mm : model.metaManagers()) {
            for (Request r : mm.openBids()) {
                bids.add(new GridView.Bid(mm.name(), r, DoubleAuction.bid(r)));
            }
        }
        List<GridView.Ask> asks = new ArrayList<>();
        for (MachineOwnerAgent o : model.owners()) {
            asks.add(new GridView.Ask(o.schedule().machine().name(), o.askRate(), o.schedule().freeNodes()));
        }
        return new GridView.OrderBook(List.copyOf(bids), List.copyOf(asks));
    }

    /** The real end of a running allocation (a multi-site part's includes the overhead). */
    private ToLongFunction<Allocation> realEnd() {
        return Allocation::actualEnd;
    }

    private void updateMetrics() {
        JobLedger ledger = model.ledger();
        if (ledger.size() == ledgerSize) {
            return;
        }
        ledgerSize = ledger.size();
        List<JobOutcome> outcomes = ledger.outcomes();
        RunMetrics m = RunMetrics.of(outcomes, model.machines());
        completed = m.completed();
        rejected = m.rejected();
        awrt = m.awrt();
        if (setting.market()) {
            for (JobOutcome o : outcomes) {
                recorded.add(o.job());
            }
        }
    }

    /** Jobs submitted by now that have not started, have no reservation and were not rejected, in queue order. */
    private List<Job> waiting(long now, Set<Job> active) {
        List<QueueAgent> schedulers = model.schedulers();
        List<Job> out = new ArrayList<>();
        if (!schedulers.isEmpty()) {
            for (QueueAgent q : schedulers) {
                out.addAll(q.queue().jobs());
            }
            if (schedulers.size() > 1) {
                out.sort(Comparator.comparingLong(Job::submit).thenComparingInt(Job::order));
            }
            return out;
        }
        List<Job> jobs = model.workload().jobs();
        while (nextSubmit < jobs.size() && jobs.get(nextSubmit).submit() <= now) {
            open.add(jobs.get(nextSubmit++));
        }
        open.removeIf(j -> active.contains(j) || recorded.contains(j));
        out.addAll(open);
        return out;
    }
}
