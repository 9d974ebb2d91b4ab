package gridmarket.sim.ibts;

import java.util.List;

/**
 * One scheduler's run over an IBTS job set: total running time (slices until the last job ended) and idle time
 * (processor time not executing an instruction), and each job's running time.
 *
 * @param jobs      the jobs, run
 * @param slices    total running time in slices
 * @param executed  instructions executed over all processors
 * @param params    the parameters
 */
public record IbtsResult(List<IbtsJob> jobs, long slices, long executed, IbtsParameters params) {

    /** Idle processor time in processor-slices. */
    public double idleProcessorSlices() {
        return (double) slices * params.processors() - (double) executed / params.quantum();
    }

    /**
     * Inefficiency of job j (the paper's eq. 5, eta = P' Gamma / W): its threads times its running time (end minus
     * arrival, in slices) over its work in processor-slices at one instruction per instruction time.
     */
    public double inefficiency(IbtsJob job) {
        double work = job.threads() * (double) job.length() / params.quantum();
        return job.threads() * (double) (job.end() - job.arrival()) / work;
    }

    /** eta_max, the largest inefficiency over the jobs. */
    public double maxInefficiency() {
        return jobs.stream().mapToDouble(this::inefficiency).max().orElse(0);
    }
}
