package gridmarket.sim.failure;

import ec.util.MersenneTwisterFast;
import gridmarket.sim.engine.EventClock;
import gridmarket.sim.engine.Orderings;
import gridmarket.sim.machine.Allocation;
import gridmarket.sim.machine.MachineSchedule;
import gridmarket.sim.machine.PlannedOutage;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * Fails and repairs the nodes of the grid's machines: the windows of a failure trace, and per machine the failures
 * its {@link FailureModel} draws. At a failure the agent that runs jobs on the machine ({@link MachineKeeper}: a
 * scheduler, or the market's owner) kills the jobs on the failed nodes and runs them again ({@link
 * MachineKeeper#nodesFailed}); at the repair the nodes are idle again.
 *
 * <p>Maintenance windows are known in advance: each machine's schedule holds them ({@link
 * MachineSchedule#plannedOutages()}) for its planners to count (and tells its keeper, {@link MachineKeeper#maintenancePlanned}); when one starts it
 * takes idle nodes, and a failure
 * before it is repaired by its start at the latest.
 *
 * <p>Determinism: one event per instant at {@link Orderings#OUTAGE} handles every machine in index order, repairs
 * before maintenance before failures, trace windows in file order before the model's; each machine draws from its own generator, seeded
 * from the run's seed and the machine's index, so failures never take numbers from the model's generator (MASON's
 * shuffle of same-time events) and are the same in every strategy. A model's next failure is drawn at each repair
 * (the time between failures is up time), and a model's failure happens, only while jobs are left to run.
 */
public final class NodeFailures implements Steppable {
    private static final long serialVersionUID = 1L;

    private final List<MachineSchedule> schedules;
    private final List<MachineKeeper> owners;
    private final List<OutageWindow> trace;
    private final List<OutageWindow> maintenance;
    private final Map<Integer, FailureModel> models;
    private final long checkpoint;
    private final EventClock clock;
    private final BooleanSupplier workLeft;
    private final MersenneTwisterFast[] random;
    /** Per instant, what happens then, in the order it was planned. */
    private final TreeMap<Long, List<Action>> due = new TreeMap<>();
    private final List<Outage> outages = new ArrayList<>();
    private int planned;

    /**
     * A repair (of {@code outage}), the start of a maintenance window ({@code planned}), or a failure (a trace
     * window's, or a model's if {@code window} is null).
     */
    private record Action(int machine, boolean repair, Allocation outage, OutageWindow window, int sequence,
                          PlannedOutage planned) {
        Action(int machine, boolean repair, Allocation outage, OutageWindow window, int sequence) {
            this(machine, repair, outage, window, sequence, null);
        }

        /** Repairs first, then maintenance, then the trace's failures, then the models'. */
        int rank() {
            return repair ? 0 : planned != null ? 1 : window != null ? 2 : 3;
        }
    }

    /**
     * @param schedules  every machine's schedule, in machine index order
     * @param owners     per machine (same order) the agent that runs jobs on it
     * @param trace      the failure trace's windows, in file order
     * @param maintenance the maintenance windows, known in advance, in file order
     * @param models     failure models by machine index
     * @param checkpoint seconds between checkpoints of a running job, or 0 for none (a killed job restarts from
     *                   scratch)
     * @param seed       the run's seed
     * @param workLeft   whether any job is still to be submitted, waiting or running
     */
    public NodeFailures(List<MachineSchedule> schedules, List<? extends MachineKeeper> owners,
                        List<OutageWindow> trace, List<OutageWindow> maintenance, Map<Integer, FailureModel> models,
                        long checkpoint, long seed,
                        EventClock clock, BooleanSupplier workLeft) {
        this.schedules = List.copyOf(schedules);
        this.owners = List.copyOf(owners);
        this.trace = List.copyOf(trace);
        this.maintenance = List.copyOf(maintenance);
        this.models = Map.copyOf(models);
        this.checkpoint = checkpoint;
        this.clock = clock;
        this.workLeft = workLeft;
        this.random = new MersenneTwisterFast[schedules.size()];
        for (int m = 0; m < random.length; m++) {
            random[m] = new MersenneTwisterFast(new int[] {(int) (seed >>> 32), (int) seed, m, 0x0FA115});
        }
    }

    /**
     * Announces the maintenance windows to the machines' schedules (planners count them from their first plan on)
     * and plans them, the trace's windows and each model's first failure, counted from {@code origin} (the first
     * submit). Call before the first event runs.
     */
    public void start(long origin) {
        Set<MachineKeeper> told = Collections.newSetFromMap(new IdentityHashMap<>());
        for (MachineKeeper owner : owners) {
            if (told.add(owner)) {
                owner.watchPromises();
            }
        }
        for (OutageWindow w : maintenance) {
            PlannedOutage p = new PlannedOutage(w.nodes(), w.start(), w.end());
            schedules.get(w.machine()).planOutage(p);
            owners.get(w.machine()).maintenancePlanned(schedules.get(w.machine()), p);
            plan(w.start(), new Action(w.machine(), false, null, w, planned++, p));
        }
        for (OutageWindow w : trace) {
            plan(w.start(), new Action(w.machine(), false, null, w, planned++));
        }
        for (int m = 0; m < schedules.size(); m++) {
            FailureModel model = models.get(m);
            if (model != null) {
                plan(origin + model.between().draw(random[m]), new Action(m, false, null, null, planned++));
            }
        }
    }

    /** The outages so far, in the order they began (a machine's index breaks ties). */
    public List<Outage> outages() {
        return List.copyOf(outages);
    }

    private void plan(long time, Action action) {
        List<Action> at = due.get(time);
        if (at == null) {
            at = new ArrayList<>();
            due.put(time, at);
            clock.at(time, Orderings.OUTAGE, this);
        }
        at.add(action);
        owners.get(action.machine()).expectOutage(time);
    }

    @Override
    public void step(SimState state) {
        long now = clock.now();
        List<Action> actions = due.remove(now);
        actions.sort(Comparator.comparingInt(Action::machine).thenComparingInt(Action::rank)
                .thenComparingInt(Action::sequence));
        for (Action a : actions) {
            MachineSchedule ms = schedules.get(a.machine());
            if (a.repair()) {
                ms.repair(a.outage());
                FailureModel model = a.window() == null ? models.get(a.machine()) : null;
                if (model != null && workLeft.getAsBoolean()) {
                    plan(now + model.between().draw(random[a.machine()]),
                            new Action(a.machine(), false, null, null, planned++));
                }
                continue;
            }
            if (a.planned() != null) {
                Allocation outage = owners.get(a.machine()).maintenanceStarts(ms, a.planned(), now);
                if (outage != null) {
                    outages.add(new Outage(ms.machine(), outage.nodeIds(), now, a.planned().end(), true));
                    plan(a.planned().end(), new Action(a.machine(), true, outage, a.window(), planned++));
                }
                continue;
            }
            FailureModel model = a.window() == null ? models.get(a.machine()) : null;
            if (model != null && !workLeft.getAsBoolean()) {
                continue; // drawn while jobs were left; none is now
            }
            int nodes = model != null ? model.nodes() : a.window().nodes();
            long repair = model != null ? now + model.repair().draw(random[a.machine()]) : a.window().end();
            // failed nodes are repaired when maintenance begins, so that the window finds the nodes it planned for
            repair = Math.min(repair, ms.nextMaintenanceAfter(now));
            Allocation outage = owners.get(a.machine()).nodesFailed(ms, pick(a.machine(), nodes), now, repair,
                    checkpoint);
            if (outage == null) {
                if (model != null && workLeft.getAsBoolean()) { // every node was down already: try again later
                    plan(repair, new Action(a.machine(), false, null, null, planned++));
                }
                continue;
            }
            outages.add(new Outage(ms.machine(), outage.nodeIds(), now, repair, false));
            plan(repair, new Action(a.machine(), true, outage, a.window(), planned++));
        }
    }

    /** {@code n} of the machine's nodes still up, drawn at random (all of them if fewer are up). */
    private int[] pick(int machine, int n) {
        MachineSchedule ms = schedules.get(machine);
        int[] up = new int[ms.size()];
        int count = 0;
        for (int node = 0; node < ms.size(); node++) {
            Allocation a = ms.runningOn(node);
            if (a == null || !a.outage()) {
                up[count++] = node;
            }
        }
        if (n >= count) {
            return Arrays.copyOf(up, count);
        }
        for (int i = 0; i < n; i++) { // a partial Fisher-Yates shuffle
            int j = i + random[machine].nextInt(count - i);
            int t = up[i];
            up[i] = up[j];
            up[j] = t;
        }
        return Arrays.copyOf(up, n);
    }
}
