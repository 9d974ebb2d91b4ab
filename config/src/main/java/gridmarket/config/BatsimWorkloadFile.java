package gridmarket.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gridmarket.sim.workload.BatsimIds;
import gridmarket.sim.workload.DropReason;
import gridmarket.sim.workload.Job;
import gridmarket.sim.workload.SwfReader;
import gridmarket.sim.workload.Workload;
import gridmarket.sim.workload.WorkloadException;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Batsim's JSON workloads, read as a gridmarket workload and written from one (docs/BATSIM.md).
 *
 * <p>Read: {@code nb_res} (positive), {@code jobs} (each with {@code id}, {@code subtime}, {@code res},
 * {@code profile}, optional {@code walltime} and {@code user}) and {@code profiles}, of type {@code delay} (Batsim 4)
 * or {@code DelayProfile} (Batsim 5) with their {@code delay}. Times are rounded to whole seconds, as decimals in an
 * SWF trace are. As in an SWF trace, a job's run time is its delay, its requested time its walltime, its estimate
 * {@code max(walltime, delay)} (the delay if no walltime), and a job of zero delay or zero resources is dropped and
 * counted; {@code killAtEstimate} cuts the run time to the walltime. A job id is a trace job number {@code N}, or
 * {@code N.k} for part k of a split job, as {@link BatsimIds} writes them, since results name jobs by number.
 *
 * <p>Written: {@code nb_res}, one job a line ({@code id} as a string, {@code subtime}, {@code walltime} = the
 * estimate, {@code res}, {@code profile}, {@code user} where known) and one delay profile per distinct run time; the
 * run time is the delay itself (not r + 1), and every job is written, whatever its estimate.
 */
public final class BatsimWorkloadFile {
    /** Batsim's workload versions: the name of the delay profile type differs. */
    public enum Version {
        V4("delay"), V5("DelayProfile");

        private final String delayType;

        Version(String delayType) {
            this.delayType = delayType;
        }

        /** The profile type of a delay in this version. */
        public String delayType() {
            return delayType;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private BatsimWorkloadFile() {
    }

    /** Whether a JSON file is a Batsim workload (its top level has {@code jobs}) rather than an experiment. */
    public static boolean isWorkload(Path file) {
        try {
            JsonNode root = JSON.readTree(file.toFile());
            return root != null && root.isObject() && root.has("jobs");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Reads a Batsim workload.
     *
     * @throws WorkloadException one line naming the file, the job and the field of what is wrong
     */
    public static Workload read(Path file, boolean killAtEstimate) {
        String name = file.toString();
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new WorkloadException(name + ": no such file");
        } catch (JsonProcessingException e) {
            throw new WorkloadException(name + ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr()
                    + ": not JSON: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new WorkloadException(name + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new WorkloadException(name + ": not a Batsim workload (a JSON object with nb_res, jobs, profiles)");
        }
        JsonNode nbRes = root.get("nb_res");
        if (nbRes == null || !nbRes.canConvertToLong() || !nbRes.isIntegralNumber() || nbRes.asLong() <= 0) {
            throw new WorkloadException(name + ": field nb_res: " + (nbRes == null ? "missing"
                    : "'" + nbRes + "' is not a positive whole number"));
        }
        JsonNode jobs = root.get("jobs");
        if (jobs == null || !jobs.isArray()) {
            throw new WorkloadException(name + ": field jobs: " + (jobs == null ? "missing" : "not a list"));
        }
        JsonNode profiles = root.get("profiles");
        if (profiles == null || !profiles.isObject()) {
            throw new WorkloadException(name + ": field profiles: " + (profiles == null ? "missing"
                    : "not an object"));
        }
        Map<DropReason, Integer> drops = new EnumMap<>(DropReason.class);
        Map<String, Integer> seen = new HashMap<>();
        List<Job> read = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            JsonNode j = jobs.get(i);
            String where = name + ": job " + (i + 1);
            if (!j.isObject()) {
                throw new WorkloadException(where + ": not an object");
            }
            JsonNode idNode = required(j, "id", where);
            if (!idNode.isTextual() && !idNode.isIntegralNumber()) {
                throw new WorkloadException(where + ": field id: '" + idNode + "' is not a string or a whole number");
            }
            String id = idNode.asText();
            where = name + ": job '" + id + "'";
            long[] number = BatsimIds.parse(id);
            if (number == null) {
                throw new WorkloadException(where + ": field id: '" + id + "' is not a job number N or N.k "
                        + "(gridmarket's results name jobs by number)");
            }
            Integer before = seen.putIfAbsent(id, i + 1);
            if (before != null) {
                throw new WorkloadException(where + ": field id: '" + id + "' is the id of job " + before + " too");
            }
            long subtime = seconds(required(j, "subtime", where), "subtime", where, false);
            JsonNode res = required(j, "res", where);
            if (!res.isIntegralNumber() || !res.canConvertToInt()) {
                throw new WorkloadException(where + ": field res: '" + res + "' is not a whole number");
            }
            if (res.asInt() < 0) {
                throw new WorkloadException(where + ": field res: " + res.asInt() + " is negative");
            }
            JsonNode profileName = required(j, "profile", where);
            if (!profileName.isTextual()) {
                throw new WorkloadException(where + ": field profile: '" + profileName + "' is not a string");
            }
            JsonNode profile = profiles.get(profileName.asText());
            if (profile == null) {
                throw new WorkloadException(where + ": field profile: '" + profileName.asText()
                        + "' is not defined in profiles");
            }
            long delay = delay(profile, profileName.asText(), where);
            JsonNode wall = j.get("walltime");
            long walltime = wall == null || wall.isNull() || wall.asDouble() == -1 ? -1
                    : seconds(wall, "walltime", where, true);
            int user = -1;
            JsonNode u = j.get("user");
            if (u != null && u.isIntegralNumber() && u.canConvertToInt()) {
                user = u.asInt();
            }
            if (delay <= 0) {
                drops.merge(DropReason.NON_POSITIVE_RUN_TIME, 1, Integer::sum);
                continue;
            }
            if (res.asInt() == 0) {
                drops.merge(DropReason.NON_POSITIVE_PROCESSORS, 1, Integer::sum);
                continue;
            }
            long runTime = killAtEstimate && walltime > 0 ? Math.min(delay, walltime) : delay;
            long estimate = Math.max(walltime > 0 ? walltime : runTime, runTime);
            read.add(new Job(number[0], read.size(), subtime, runTime, estimate, res.asInt(), user, -1, walltime,
                    (int) number[1], 0));
        }
        List<String> header = List.of("Batsim workload: " + file.getFileName(), "MaxNodes: " + nbRes.asLong(),
                "MaxProcs: " + nbRes.asLong());
        if (read.isEmpty()) {
            throw new WorkloadException(name + ": no jobs" + (jobs.isEmpty() ? "" : " left after dropping those of "
                    + "zero delay or zero res"));
        }
        return new Workload(name, header, SwfReader.inSubmissionOrder(read), drops);
    }

    private static JsonNode required(JsonNode job, String field, String where) {
        JsonNode v = job.get(field);
        if (v == null || v.isNull()) {
            throw new WorkloadException(where + ": field " + field + ": missing");
        }
        return v;
    }

    /** A time in whole seconds: a number, not negative (positive for a walltime), rounded. */
    private static long seconds(JsonNode v, String field, String where, boolean positive) {
        if (!v.isNumber() || !Double.isFinite(v.asDouble()) || Math.abs(v.asDouble()) > SwfReader.MAX_FIELD) {
            throw new WorkloadException(where + ": field " + field + ": '" + v + "' is not a number of seconds");
        }
        if (positive ? v.asDouble() <= 0 : v.asDouble() < 0) {
            throw new WorkloadException(where + ": field " + field + ": " + v + " is " + (positive ? "not positive"
                    : "negative"));
        }
        return Math.round(v.asDouble());
    }

    /** The delay of a profile, rounded to seconds; refuses every profile type but a delay. */
    private static long delay(JsonNode profile, String profileName, String where) {
        JsonNode type = profile.get("type");
        String t = type == null ? null : type.asText();
        if (!Version.V4.delayType().equals(t) && !Version.V5.delayType().equals(t)) {
            throw new WorkloadException(where + ": field profile: '" + profileName + "' is of type "
                    + (t == null ? "(none)" : "'" + t + "'") + "; gridmarket runs only delay profiles (type delay "
                    + "or DelayProfile)");
        }
        JsonNode d = profile.get("delay");
        if (d == null) {
            throw new WorkloadException(where + ": field profile: '" + profileName + "' has no delay");
        }
        return seconds(d, "profile " + profileName + " delay", where, false);
    }

    /**
     * Writes jobs as a Batsim workload of {@code nbRes} resources, one job a line, in submission order.
     * Ids and profile names are {@link BatsimIds}'s (digits, dots and letters), so they are written as they are.
     */
    public static void write(Writer w, List<Job> jobs, long nbRes, Version version) throws IOException {
        TreeMap<Long, String> profiles = new TreeMap<>();
        StringBuilder b = new StringBuilder(128);
        w.write("{\n  \"nb_res\": " + nbRes + ",\n  \"jobs\": [");
        List<Job> sorted = SwfReader.inSubmissionOrder(jobs);
        for (int i = 0; i < sorted.size(); i++) {
            Job j = sorted.get(i);
            String profile = BatsimIds.profile(j.runTime());
            profiles.put(j.runTime(), profile);
            b.setLength(0);
            b.append(i == 0 ? "\n" : ",\n").append("    {\"id\": \"").append(BatsimIds.jobId(j.id(), j.part()))
                    .append("\", \"subtime\": ").append(j.submit()).append(", \"walltime\": ").append(j.estimate())
                    .append(", \"res\": ").append(j.nodes()).append(", \"profile\": \"").append(profile).append('"');
            if (j.user() >= 0) {
                b.append(", \"user\": ").append(j.user());
            }
            w.write(b.append('}').toString());
        }
        w.write("\n  ],\n  \"profiles\": {");
        boolean first = true;
        for (Map.Entry<Long, String> p : profiles.entrySet()) {
            w.write((first ? "\n" : ",\n") + "    \"" + p.getValue() + "\": {\"type\": \"" + version.delayType()
                    + "\", \"delay\": " + p.getKey() + "}");
            first = false;
        }
        w.write("\n  }\n}\n");
        w.flush();
    }
}
