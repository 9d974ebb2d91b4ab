package gridmarket.sim.workload;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A list of jobs in submission order (submit time, then trace order) with what was learned while reading them:
 * header comments and the records dropped per reason.
 *
 * <p>Invariant: {@code jobs} is sorted by {@code (submit, order)} and {@code order} numbers the jobs 0..n-1 in that
 * sequence.
 */
public final class Workload {
    private final String source;
    private final List<String> header;
    private final List<Job> jobs;
    private final Map<DropReason, Integer> drops;
    /** The jobs of machines' own traces (local load beside the grid): job order to the machine's name. */
    private final Map<Integer, String> tracedLocal;

    public Workload(String source, List<String> header, List<Job> jobs, Map<DropReason, Integer> drops) {
        this(source, header, jobs, drops, Map.of());
    }

    /**
     * A workload some of whose jobs come from machines' own traces of local jobs.
     *
     * @param tracedLocal job order to the name of the machine whose trace the job comes from
     */
    public Workload(String source, List<String> header, List<Job> jobs, Map<DropReason, Integer> drops,
                    Map<Integer, String> tracedLocal) {
        this.tracedLocal = Map.copyOf(tracedLocal);
        this.source = source;
        this.header = List.copyOf(header);
        this.jobs = Collections.unmodifiableList(jobs);
        EnumMap<DropReason, Integer> d = new EnumMap<>(DropReason.class);
        for (DropReason r : DropReason.values()) {
            d.put(r, drops.getOrDefault(r, 0));
        }
        this.drops = Collections.unmodifiableMap(d);
    }

    /** Where the jobs came from: a file name or a generator description. */
    public String source() {
        return source;
    }

    /** The SWF header comment lines, without their leading {@code ;}. */
    public List<String> header() {
        return header;
    }

    /** The jobs in submission order; never {@code null}. */
    public List<Job> jobs() {
        return jobs;
    }

    /** Records dropped while reading, per reason (every reason present, zero where none). */
    public Map<DropReason, Integer> drops() {
        return drops;
    }

    /**
     * The jobs that came from a machine's own trace of local jobs, job order to the machine's name; empty for a
     * workload read from one source.
     */
    public Map<Integer, String> tracedLocal() {
        return tracedLocal;
    }

    /** The value of a header field such as {@code MaxNodes}, or {@code null} if the header does not give it. */
    public String headerValue(String key) {
        String prefix = key.toLowerCase() + ":";
        for (String line : header) {
            String t = line.trim();
            if (t.toLowerCase().startsWith(prefix)) {
                return t.substring(prefix.length()).trim();
            }
        }
        return null;
    }
}
