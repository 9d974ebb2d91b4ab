package gridmarket.results;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's {@code schedule.json} in Batsim's format: one flat JSON object, keys in lexicographic order, numbers as
 * Batsim prints them. Computed as Batsim computes it: over the jobs that ran, makespan = last finish - first
 * submission, waiting = start - submission, turnaround = finish - submission, slowdown = turnaround / execution;
 * the means divide the sums over the jobs that ran by the number of all jobs, rejected ones included (so they equal
 * the means over the jobs that ran when none was rejected). Without an energy model, {@code consumed_joules} is 0;
 * no machine sleeps or switches, so their times and counts are 0, and {@code time_idle} is the resources' time
 * from 0 to the last finish not spent computing.
 */
public final class BatsimSchedule {
    /** The file's name in {@link BatsimJobsCsv#FOLDER}. */
    public static final String FILE = "schedule.json";

    private BatsimSchedule() {
    }

    /** The text of {@code schedule.json} for {@code jobs} on {@code resources} resources, by gridmarket {@code version}. */
    public static String text(List<BatsimJobsCsv.BatsimJob> jobs, long resources, String version) {
        long ran = 0;
        long firstSubmit = Long.MAX_VALUE;
        long lastEnd = 0;
        double sumWait = 0;
        double sumTurnaround = 0;
        double sumSlowdown = 0;
        long maxWait = 0;
        long maxTurnaround = 0;
        double maxSlowdown = 0;
        double computing = 0;
        for (BatsimJobsCsv.BatsimJob j : jobs) {
            if (!j.completed()) {
                continue;
            }
            ran++;
            long wait = j.start() - j.submit();
            long turnaround = j.end() - j.submit();
            double slowdown = (double) turnaround / (j.end() - j.start());
            firstSubmit = Math.min(firstSubmit, j.submit());
            lastEnd = Math.max(lastEnd, j.end());
            sumWait += wait;
            sumTurnaround += turnaround;
            sumSlowdown += slowdown;
            maxWait = Math.max(maxWait, wait);
            maxTurnaround = Math.max(maxTurnaround, turnaround);
            maxSlowdown = Math.max(maxSlowdown, slowdown);
            computing += (double) j.width() * (j.end() - j.start());
        }
        long all = jobs.size();
        Map<String, String> v = new TreeMap<>();
        v.put("batsim_version", "\"gridmarket " + version.replace("\"", "") + "\"");
        v.put("consumed_joules", decimal(0));
        v.put("makespan", decimal(ran == 0 ? 0 : lastEnd - firstSubmit));
        v.put("max_slowdown", decimal(maxSlowdown));
        v.put("max_turnaround_time", decimal(maxTurnaround));
        v.put("max_waiting_time", decimal(maxWait));
        v.put("mean_slowdown", decimal(sumSlowdown / all));
        v.put("mean_turnaround_time", decimal(sumTurnaround / all));
        v.put("mean_waiting_time", decimal(sumWait / all));
        v.put("nb_computing_machines", Long.toString(resources));
        v.put("nb_grouped_switches", "0");
        v.put("nb_jobs", Long.toString(all));
        v.put("nb_jobs_finished", Long.toString(ran));
        v.put("nb_jobs_killed", "0");
        v.put("nb_jobs_rejected", Long.toString(all - ran));
        v.put("nb_jobs_success", Long.toString(ran));
        v.put("nb_machine_switches", "0");
        v.put("success_rate", decimal((double) ran / all));
        v.put("time_computing", decimal(computing));
        v.put("time_idle", decimal((double) resources * lastEnd - computing));
        v.put("time_sleeping", decimal(0));
        v.put("time_switching_off", decimal(0));
        v.put("time_switching_on", decimal(0));
        v.put("time_unavailable", decimal(0));
        StringBuilder b = new StringBuilder("{\n");
        v.forEach((key, value) -> b.append(b.length() > 2 ? ",\n" : "").append("  \"").append(key).append("\": ")
                .append(value));
        return b.append("\n}\n").toString();
    }

    private static String decimal(double x) {
        return BatsimJobsCsv.decimal(new StringBuilder(), x).toString();
    }
}
