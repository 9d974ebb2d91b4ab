package gridmarket.sim.workload;

/**
 * How gridmarket's jobs are named in Batsim's files, one rule for the workloads it writes and the {@code jobs.csv}
 * it writes in Batsim's format, so that a job can be followed from one to the other. A whole job keeps its trace
 * number ({@code 42}); part {@code k} of a job split by trace shaping is {@code 42.k}. A job runs a {@code delay}
 * profile of its run time, shared by the jobs with the same run time ({@code delay3600}).
 */
public final class BatsimIds {
    private BatsimIds() {
    }

    /** The Batsim job id of part {@code part} (0: the whole job) of trace job {@code id}. */
    public static String jobId(long id, int part) {
        return part == 0 ? Long.toString(id) : id + "." + part;
    }

    /** The name of the delay profile of a run of {@code runTime} seconds. */
    public static String profile(long runTime) {
        return "delay" + runTime;
    }

    /**
     * The trace job number and part of a Batsim job id: {@code N} or {@code N.k} with whole numbers N >= 0 and
     * k >= 1; {@code null} for any other id.
     */
    public static long[] parse(String jobId) {
        int dot = jobId.indexOf('.');
        String n = dot < 0 ? jobId : jobId.substring(0, dot);
        String k = dot < 0 ? "0" : jobId.substring(dot + 1);
        if (!digits(n) || !digits(k) || n.length() > 18 || k.length() > 9) {
            return null;
        }
        long part = Long.parseLong(k);
        return dot >= 0 && part == 0 ? null : new long[] {Long.parseLong(n), part};
    }

    private static boolean digits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
