package gridmarket.agents;

import gridmarket.config.LocalLoadSpec;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.JobRouter;
import gridmarket.sim.engine.LocalScheduler;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.engine.QueueAgent;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.Machine;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.policy.EasyBackfillScheduler;
import gridmarket.sim.policy.FcfsScheduler;
import gridmarket.sim.result.JobLedger;
import gridmarket.sim.result.RejectionReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Local load beside the grid (docs/EXPERIMENTS.md, "Local load"): which jobs go straight to a machine's own
 * scheduler, and on which machine, and the router that sends them there while the grid's jobs go to the grid.
 *
 * <p>Which jobs are local depends on the trace's job numbers and the experiment's seed only, so the same jobs are
 * local under every strategy (and with every trace shaping: the parts of a split job go together): each job not from
 * a machine's own trace is local with probability {@code share}, drawn from a generator of its own, seeded from the
 * experiment's seed and the job's number (never MASON's). A local job's machine is its site's only machine; in a
 * site of several, one drawn by the same generator among those wide enough for it, each with weight its node count
 * (the site's widest if none is wide enough: the job is then rejected there). A job of a machine's own trace is local
 * there.
 */
final class LocalLoad {
    /** Keeps the draws apart from any other use of the seed. */
    private static final long SALT = 0x10CA110ADL;
    /** By job order: the machine a local job runs on, {@code null} for the grid's jobs. */
    private final Machine[] machineOf;

    private LocalLoad(Machine[] machineOf) {
        this.machineOf = machineOf;
    }

    /** The local jobs of a workload on a grid (sites of machines), drawn from {@code seed}. */
    static LocalLoad plan(LocalLoadSpec spec, Workload workload, List<List<Machine>> sites, long seed) {
        Map<Integer, String> traced = workload.tracedLocal();
        Machine[] machineOf = new Machine[workload.jobs().size()];
        for (Job j : workload.jobs()) {
            String own = traced.get(j.order());
            if (own != null) {
                machineOf[j.order()] = sites.stream().flatMap(List::stream).filter(m -> m.name().equals(own))
                        .findFirst().orElseThrow();
            } else {
                SplittableRandom random = new SplittableRandom(seed ^ (j.id() * 0x9E3779B97F4A7C15L) ^ SALT);
                if (random.nextDouble() < spec.getShare()) {
                    machineOf[j.order()] = machineFor(j, sites.get(j.site()), random);
                }
            }
        }
        return new LocalLoad(machineOf);
    }

    private static Machine machineFor(Job job, List<Machine> site, SplittableRandom random) {
        if (site.size() == 1) {
            return site.get(0);
        }
        long total = 0;
        Machine widest = site.get(0);
        for (Machine m : site) {
            total += m.nodes() >= job.nodes() ? m.nodes() : 0;
            widest = m.nodes() > widest.nodes() ? m : widest;
        }
        if (total == 0) {
            return widest;
        }
        long pick = (long) (random.nextDouble() * total);
        for (Machine m : site) {
            if (m.nodes() >= job.nodes()) {
                pick -= m.nodes();
                if (pick < 0) {
                    return m;
                }
            }
        }
        throw new IllegalStateException("unreachable");
    }

    boolean isLocal(Job job) {
        return machineOf[job.order()] != null;
    }

    /** The orders of the local jobs, ascending. */
    Set<Integer> localOrders() {
        Set<Integer> orders = new TreeSet<>();
        for (int i = 0; i < machineOf.length; i++) {
            if (machineOf[i] != null) {
                orders.add(i);
            }
        }
        return orders;
    }

    /** The machines some local job runs on, in index order. */
    private List<Machine> loaded() {
        List<Machine> ms = new ArrayList<>();
        for (Machine m : machineOf) {
            if (m != null && !ms.contains(m)) {
                ms.add(m);
            }
        }
        ms.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return ms;
    }

    /**
     * The router beside the queue strategies: a local queue agent per loaded machine (passing before the grid's
     * schedulers), sharing the machine with every grid agent that runs jobs there; {@code locals} receives the new
     * agents.
     */
    JobRouter besideQueues(JobRouter grid, List<QueueAgent> gridAgents, List<MachineSchedule> schedules,
                           String policy, EventClock clock, JobLedger ledger, List<QueueAgent> locals) {
        QueueAgent[] local = new QueueAgent[schedules.size()];
        List<List<QueueAgent>> sharing = new ArrayList<>();
        schedules.forEach(s -> sharing.add(new ArrayList<>()));
        for (Machine m : loaded()) {
            MachineSchedule schedule = schedules.get(m.id());
            QueueAgent q = new LocalScheduler(schedule, "easy".equals(policy) ? new EasyBackfillScheduler()
                    : new FcfsScheduler(), clock, ledger, Orderings.LOCAL_PASS);
            q.shareMachine(schedule, j -> !isLocal(j));
            for (QueueAgent g : gridAgents) {
                if (g.schedules().contains(schedule)) {
                    g.shareMachine(schedule, this::isLocal);
                    sharing.get(m.id()).add(g);
                }
            }
            local[m.id()] = q;
            locals.add(q);
        }
        return new JobRouter() {
            @Override
            public void expect(Job job) {
                Machine m = machineOf[job.order()];
                if (m == null) {
                    grid.expect(job);
                } else {
                    local[m.id()].expect(job);
                    for (QueueAgent g : sharing.get(m.id())) { // a pass after the local job may take nodes
                        g.expect(job);
                    }
                }
            }

            @Override
            public void submit(Job job) {
                Machine m = machineOf[job.order()];
                if (m == null) {
                    grid.submit(job);
                } else {
                    local[m.id()].submit(job);
                }
            }
        };
    }

    /**
     * The router beside the market: each local job is held by its machine's owner as a reservation made when it
     * arrives, at the earliest start its policy allows (fcfs: not before the last local job's of the machine; easy:
     * the earliest hole), which no compression moves.
     */
    JobRouter besideMarket(JobRouter grid, List<MachineOwnerAgent> owners, String policy, EventClock clock,
                           JobLedger ledger) {
        long[] lastStart = new long[owners.size()];
        boolean fcfs = !"easy".equals(policy);
        return new JobRouter() {
            @Override
            public void expect(Job job) {
                if (machineOf[job.order()] == null) {
                    grid.expect(job);
                }
            }

            @Override
            public void submit(Job job) {
                Machine m = machineOf[job.order()];
                if (m == null) {
                    grid.submit(job);
                    return;
                }
                long now = clock.now();
                Allocation a = owners.get(m.id()).holdLocal(job, fcfs ? lastStart[m.id()] : now, now);
                if (a == null) {
                    ledger.rejected(job, RejectionReason.TOO_WIDE, "needs " + job.nodes() + " nodes but machine "
                            + m.name() + " has " + m.nodes());
                } else {
                    lastStart[m.id()] = Math.max(lastStart[m.id()], a.start());
                }
            }
        };
    }
}
