package gridmarket.sim.forkjoin;

import ec.util.MersenneTwisterFast;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Karatza and Hilzer's closed queueing network (seed 001, Sect. 2; SPEC S1) as events on a MASON schedule: P
 * processors, each serving its own queue, and one I/O unit (FCFS, exponential service of mean z). N jobs circulate:
 * a job leaving the I/O unit forks into tasks that are routed to the processor queues; when its last task ends it
 * joins and goes to the I/O queue. Response time runs from the fork to the last task's end.
 *
 * <p>Time is continuous (MASON's double time, in units of the mean task demand). Every event lies a strictly
 * positive random delay after the one that planned it, so two events at one instant have probability zero and
 * MASON's random order of equal-time events cannot matter. All randomness comes from the state's generator, in
 * event order, so a seed fixes the replication.
 *
 * <p>The distributions switch at exponential epochs (Sect. 2.1.1-2.1.2): the task count between uniform and
 * bounded normal (mean d), the service demand between exponential and branching Erlang (mean e); both start as
 * uniform and exponential. A job draws its task count and its tasks' demands from the distributions in force when it
 * forks. At time 0 all N jobs fork, in job order.
 *
 * <p>The first {@code warmup} job completions are discarded; measuring ends at the {@code measured}-th completion
 * after them, and the model stops.
 */
public final class ForkJoinNetwork {
    private static final int ORDERING = 0;

    private final ForkJoinParameters p;
    private final Schedule schedule;
    private final MersenneTwisterFast random;
    private final Processor[] processors;
    private final ArrayDeque<Job> ioQueue = new ArrayDeque<>();
    private boolean ioBusy;
    private boolean normalNow;
    private boolean branchingNow;
    private long taskSeq;

    private int completions;
    private double measureStart = Double.NaN;
    private double busyAtStart;
    private double ioBusyAtStart;
    private double ioBusyTotal;
    private double ioSince;
    private int measuredJobs;
    private double responseSum;
    private double responseMax;
    private ForkJoinStats stats;

    /** A network over {@code state}'s schedule and generator; {@link #start()} plans its first events. */
    public ForkJoinNetwork(SimState state, ForkJoinParameters parameters) {
        this.p = parameters;
        this.schedule = state.schedule;
        this.random = state.random;
        this.processors = new Processor[p.processors()];
        for (int i = 0; i < processors.length; i++) {
            processors[i] = new Processor();
        }
    }

    /** Forks every job at time 0 and plans the first distribution switches. Call after the state's start(). */
    public void start() {
        if (p.warmup() == 0) {
            beginMeasuring(0);
        }
        for (int j = 0; j < p.jobs(); j++) {
            fork(new Job(), 0);
        }
        if (p.parallelism() == Parallelism.VARYING) {
            at(ServiceDemand.exponential(random, p.parallelismEpoch()), new Steppable() {
                @Override
                public void step(SimState s) {
                    normalNow = !normalNow;
                    at(now() + ServiceDemand.exponential(random, p.parallelismEpoch()), this);
                }
            });
        }
        if (p.service() == ServiceDemand.VARYING) {
            at(ServiceDemand.exponential(random, p.serviceEpoch()), new Steppable() {
                @Override
                public void step(SimState s) {
                    branchingNow = !branchingNow;
                    at(now() + ServiceDemand.exponential(random, p.serviceEpoch()), this);
                }
            });
        }
    }

    /** The replication's measurements, or {@code null} while it runs. */
    public ForkJoinStats stats() {
        return stats;
    }

    /** Whether the measured completions are done. */
    public boolean done() {
        return stats != null;
    }

    private double now() {
        return schedule.getTime() < 0 ? 0 : schedule.getTime();
    }

    private void at(double time, Steppable step) {
        if (!schedule.scheduleOnce(time, ORDERING, step)) {
            throw new IllegalStateException("event at " + time + " refused by the schedule");
        }
    }

    private void fork(Job job, double now) {
        int tasks = p.parallelism().draw(random, p.processors(), normalNow);
        job.forkTime = now;
        job.uncompleted = tasks;
        for (int k = 0; k < tasks; k++) {
            double demand = p.service().draw(random, p.meanService(), p.cv(), branchingNow);
            double estimate = p.estimationError() == 0 ? demand
                    : demand * (1 + p.estimationError() * (2 * random.nextDouble() - 1));
            Task task = new Task(job, demand, estimate, taskSeq++);
            processors[route()].arrive(task, now);
        }
    }

    private int route() {
        if (p.policy().routing() == Routing.PROBABILISTIC) {
            return random.nextInt(processors.length);
        }
        int best = Integer.MAX_VALUE;
        int ties = 0;
        int choice = 0;
        for (int i = 0; i < processors.length; i++) {
            int len = processors[i].length();
            if (len < best) {
                best = len;
                ties = 1;
                choice = i;
            } else if (len == best && random.nextInt(++ties) == 0) {
                choice = i; // reservoir sampling: each tied processor is chosen with probability 1 / ties
            }
        }
        return choice;
    }

    private void joined(Job job, double now) {
        completions++;
        if (completions == p.warmup()) {
            beginMeasuring(now);
        } else if (completions > p.warmup()) {
            double rt = now - job.forkTime;
            measuredJobs++;
            responseSum += rt;
            responseMax = Math.max(responseMax, rt);
            if (measuredJobs == p.measured()) {
                finish(now);
                return;
            }
        }
        ioQueue.add(job);
        if (!ioBusy) {
            startIo(now);
        }
    }

    private void beginMeasuring(double now) {
        measureStart = now;
        busyAtStart = busyUntil(now);
        ioBusyAtStart = ioBusyUntil(now);
    }

    private void finish(double now) {
        double duration = now - measureStart;
        double busy = busyUntil(now) - busyAtStart;
        double io = ioBusyUntil(now) - ioBusyAtStart;
        stats = new ForkJoinStats(measuredJobs / duration, busy / (duration * processors.length), io / duration,
                responseSum / measuredJobs, responseMax, measuredJobs, duration, schedule.getSteps());
    }

    private double busyUntil(double now) {
        double sum = 0;
        for (Processor proc : processors) {
            sum += proc.busyTotal + (proc.running != null ? now - proc.since : 0);
        }
        return sum;
    }

    private double ioBusyUntil(double now) {
        return ioBusyTotal + (ioBusy ? now - ioSince : 0);
    }

    private void startIo(double now) {
        Job job = ioQueue.poll();
        ioBusy = true;
        ioSince = now;
        at(now + ServiceDemand.exponential(random, p.meanIo()), s -> {
            if (done()) {
                return;
            }
            double t = now();
            ioBusy = false;
            ioBusyTotal += t - ioSince;
            fork(job, t);
            if (!ioQueue.isEmpty()) {
                startIo(t);
            }
        });
    }

    /** A circulating job: its fork time and how many of its tasks are not yet completed. */
    private static final class Job {
        double forkTime;
        int uncompleted;
    }

    /** One task: its job, its service demand, what schedulers believe the demand is, its queue-arrival number. */
    private record Task(Job job, double demand, double estimate, long seq) {
    }

    /** A processor with its own queue; it serves one task at a time, without preemption. */
    private final class Processor implements Steppable {
        private final List<Task> queue = new ArrayList<>();
        private Task running;
        private double since;
        private double busyTotal;
        private int stfInARow;

        int length() {
            return queue.size() + (running != null ? 1 : 0);
        }

        void arrive(Task task, double now) {
            queue.add(task);
            if (running == null) {
                serveNext(now);
            }
        }

        private void serveNext(double now) {
            running = queue.remove(choose());
            since = now;
            at(now + running.demand(), this);
        }

        /** The index in the queue of the task to serve next. */
        private int choose() {
            TaskOrder order = p.policy().order();
            if (order == TaskOrder.LSTF) {
                if (stfInARow == p.lstfLimit()) {
                    stfInARow = 0;
                    order = TaskOrder.FCFS;
                } else {
                    stfInARow++;
                    order = TaskOrder.STF;
                }
            }
            int best = 0;
            for (int i = 1; i < queue.size(); i++) {
                if (before(queue.get(i), queue.get(best), order)) {
                    best = i;
                }
            }
            return best;
        }

        private boolean before(Task a, Task b, TaskOrder order) {
            int c = switch (order) {
                case STF -> Double.compare(a.estimate(), b.estimate());
                case SNUTF -> Integer.compare(a.job().uncompleted, b.job().uncompleted);
                default -> 0;
            };
            return c < 0 || (c == 0 && a.seq() < b.seq());
        }

        @Override
        public void step(SimState state) {
            if (done()) {
                return;
            }
            double now = now();
            Task task = running;
            busyTotal += now - since;
            running = null;
            if (!queue.isEmpty()) {
                serveNext(now);
            }
            if (--task.job().uncompleted == 0) {
                joined(task.job(), now);
            }
        }
    }
}
