package gridmarket.oracle;

/**
 * One job as the oracle sees it (SPEC W1, already normalized).
 *
 * @param id       SWF field 1
 * @param submit   SWF field 2, seconds
 * @param runTime  SWF field 4, seconds, always > 0
 * @param estimate max(field 9 if > 0 else run time, run time), so never below runTime
 * @param procs    field 5 if > 0 else field 8, always > 0
 */
public record OracleJob(long id, long submit, long runTime, long estimate, int procs) {
    public OracleJob {
        if (runTime <= 0 || procs <= 0 || estimate < runTime) {
            throw new IllegalArgumentException("bad oracle job " + id + ": runTime=" + runTime
                    + " estimate=" + estimate + " procs=" + procs);
        }
    }
}
