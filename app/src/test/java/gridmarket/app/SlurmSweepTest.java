package gridmarket.app;

import gridmarket.app.sweeps.SlurmArrayJob;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sweep --slurm}: the scripts it writes, what it hands to sbatch (a recording stand-in for the sbatch program
 * here; .ci/slurm-check submits to a real slurmd), bad options, and the reproducibility block of each run's summary.
 */
class SlurmSweepTest {

    @Test
    void dryRunWritesAnArrayOfShardsAndAMergeAfterIt(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Path out = tmp.resolve("out");
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", "--tasks", "4", "--threads", "2",
                "--out", out.toString(), "--partition", "short", "--time", "0-01:30:00", "--mem", "8G",
                "--sbatch=--account=grid");
        assertEquals(0, r.exit(), r.err());
        String array = Files.readString(out.resolve("slurm/sweep.sbatch"));
        String merge = Files.readString(out.resolve("slurm/merge.sbatch"));
        assertTrue(r.out().contains(array) && r.out().contains(merge), "a dry run prints both scripts");
        for (String line : List.of("#SBATCH --array=1-4", "#SBATCH --cpus-per-task=2", "#SBATCH --partition=short",
                "#SBATCH --time=0-01:30:00", "#SBATCH --mem=8G", "#SBATCH --account=grid")) {
            assertTrue(array.contains(line + "\n"), line + " in\n" + array);
        }
        assertTrue(array.contains("--shard \"${SLURM_ARRAY_TASK_ID}/4\" --threads 2 --out '" + out.toAbsolutePath()
                + "' --no-charts"), array);
        assertTrue(merge.contains("#SBATCH --kill-on-invalid-dep=yes\n"), merge);
        assertFalse(merge.contains("--shard"), "the merge job sweeps all runs (skipping the complete ones)");
        assertTrue(Files.isDirectory(out.resolve("slurm/logs")), "Slurm does not create the log folder");
        assertFalse(Files.exists(out.resolve("runs")), "nothing ran");
    }

    @Test
    void batsimReachesTheArrayTasks(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Path out = tmp.resolve("out");
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", "--batsim", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        String array = Files.readString(out.resolve("slurm/sweep.sbatch"));
        assertTrue(array.contains("--no-charts --no-progress --batsim"), array);
        Cli plain = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", "--out", tmp.resolve("o2").toString());
        assertFalse(plain.out().contains("--batsim"), plain.out());
    }

    @Test
    void moreTasksThanRunsGetOneRunEach(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp); // 6 runs
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", "--tasks", "50", "--out",
                tmp.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("#SBATCH --array=1-6\n"), r.out());
    }

    @Test
    void submitsTheArrayThenTheMergeDependingOnIt(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Path log = tmp.resolve("sbatch.log");
        Path sbatch = fakeSbatch(tmp, "echo \"$@\" >> '" + log + "'\n"
                + "if [ -f '" + tmp.resolve("n") + "' ]; then echo 4712; else touch '" + tmp.resolve("n")
                + "'; echo '4711;cluster'; fi\n");
        Cli r = withSbatch(sbatch.toString(), () -> Cli.run("sweep", sweep.toString(), "--slurm", "--out",
                tmp.resolve("out").toString()));
        assertEquals(0, r.exit(), r.err());
        List<String> calls = Files.readAllLines(log);
        assertEquals(2, calls.size(), calls.toString());
        assertEquals("--parsable " + tmp.resolve("out/slurm/sweep.sbatch").toAbsolutePath(), calls.get(0));
        assertEquals("--parsable --dependency=afterok:4711 " + tmp.resolve("out/slurm/merge.sbatch")
                .toAbsolutePath(), calls.get(1));
        assertTrue(r.out().contains("array job 4711 (4 tasks), merge job 4712"), r.out());
    }

    @Test
    void aMissingSbatchIsOneLineAndExit2(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Cli r = withSbatch(tmp.resolve("no-such-sbatch").toString(), () -> Cli.run("sweep", sweep.toString(),
                "--slurm", "--out", tmp.resolve("out").toString()));
        assertOneLine(r, "cannot start", "no-such-sbatch");
    }

    @Test
    void aRefusedSubmissionIsOneLineAndExit2(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Path sbatch = fakeSbatch(tmp, "echo 'sbatch: error: invalid partition specified: nope' >&2\nexit 1\n");
        Cli r = withSbatch(sbatch.toString(), () -> Cli.run("sweep", sweep.toString(), "--slurm", "--partition",
                "nope", "--out", tmp.resolve("out").toString()));
        assertOneLine(r, "sbatch", "invalid partition specified: nope");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--tasks=0|--tasks: need 1 to 100000",
        "--tasks=-3|--tasks: need 1 to 100000",
        "--time=90min|--time: expected",
        "--time=1:2:3:4|--time: expected",
        "--time=99999999999999999999|--time: at most 2147483647 s",
        "--time=24855-03:14:08|--time: at most 2147483647 s",
        "--time=35791395|--time: at most 2147483647 s",
        "--time=forever|--time: expected",
        "--time=1-|--time: expected",
        "--mem=8P|--mem: expected",
        "--mem=-1|--mem: expected",
        "--mem=8 G|--mem: expected",
        "--mem=1048577T|--mem: at most 1099511627776 MB",
        "--mem=99999999999999999999|--mem: at most",
        "--partition=a b|--partition: expected",
        "--sbatch=account=x|--sbatch: expected one sbatch option",
        "--sbatch=-|--sbatch: expected one sbatch option",
        "--sbatch=-1|--sbatch: expected one sbatch option",
        "--sbatch=--Account=x|--sbatch: expected one sbatch option",
        "--sbatch=--array=1-1000|would change --array, which makes the shards (use --tasks)",
        "--sbatch=--arr=1-1000|would change --array",
        "--sbatch=-a1-1000|would change --array",
        "--sbatch=--dependency=afterany:1|would change --dependency",
        "--sbatch=-d singleton|would change --dependency",
        "--sbatch=--output=/tmp/x.out|would change --output",
        "--sbatch=-o/tmp/x.out|would change --output",
        "--sbatch=--job-name=x|would change --job-name",
        "--sbatch=--cpus-per-task=8|would change --cpus-per-task, which follows --threads",
        "--sbatch=-t10|would change --time, which has its own option --time",
        "--sbatch=-pbatch|would change --partition, which has its own option --partition",
        "--sbatch=--wrap=hostname|would change --wrap",
    })
    void badSlurmOptionsAreOneLineAndExit2(String option, String message, @TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", option, "--out",
                tmp.resolve("out").toString());
        assertOneLine(r, message);
        assertFalse(Files.exists(tmp.resolve("out/slurm")), "nothing is written for a bad option");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--mem=8g|8g", "--mem=8G|8G", "--mem=8GB|8GB", "--mem=8gb|8gb", "--mem=0|0", "--mem=4000|4000",
        "--mem=512K|512K", "--mem=1048576T|1048576T", "--time=UNLIMITED|UNLIMITED", "--time=infinite|infinite",
        "--time=0|0", "--time=90|90", "--time=90:30|90:30", "--time=2:00:00|2:00:00", "--time=3-12|3-12",
        "--time=3-12:30|3-12:30", "--time=24855-03:14:07|24855-03:14:07",
    })
    void sbatchsOwnFormsOfTimeAndMemoryAreWrittenAsGiven(String option, String value, @TempDir Path tmp)
            throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", option, "--out",
                tmp.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        String line = "#SBATCH " + option.substring(0, option.indexOf('=') + 1) + value + "\n";
        assertTrue(Files.readString(tmp.resolve("out/slurm/sweep.sbatch")).contains(line), line);
        assertTrue(Files.readString(tmp.resolve("out/slurm/merge.sbatch")).contains(line), line);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"my results| ", "it's|'", "a%j|%", "a$HOME|$",
        "a\\b|\\", "a`b|`"})
    void anOutFolderTheScriptsCannotCarryIsRefused(String name, String character, @TempDir Path tmp)
            throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", "--out", tmp.resolve(name).toString());
        assertOneLine(r, "--out: the Slurm scripts cannot carry", "(character " + (character == null ? " " : character)
                + " at ");
        assertFalse(Files.exists(tmp.resolve(name)), "nothing is written for a bad folder");
    }

    @Test
    void anOutFolderWithALineBreakIsRefusedOnOneLine(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Cli r = Cli.run("sweep", sweep.toString(), "--slurm", "--dry-run", "--out", tmp.resolve("a\nb").toString());
        assertOneLine(r, "--out: the Slurm scripts cannot carry", "a\\nb");
    }

    @Test
    void slurmOptionsWithoutSlurmAreRefused(@TempDir Path tmp) throws IOException {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        assertOneLine(Cli.run("sweep", sweep.toString(), "--tasks", "2", "--out", tmp.resolve("out").toString()),
                "need --slurm");
        assertOneLine(Cli.run("sweep", sweep.toString(), "--slurm", "--shard", "1/2", "--out",
                tmp.resolve("out").toString()), "leave out --shard");
    }

    @Test
    void eachRunRecordsWhatReproducesIt(@TempDir Path tmp) throws Exception {
        Path sweep = SweepFixture.policiesBySeeds(tmp);
        Path out = tmp.resolve("out");
        assertEquals(0, Cli.run("sweep", sweep.toString(), "--threads", "2", "--shard", "1/3", "--out",
                out.toString(), "--no-charts").exit());
        Path run = out.resolve("runs/policy=fcfs,seed=1");
        JsonNode reproduce = new ObjectMapper().readTree(run.resolve("summary.json").toFile()).get("reproduce");
        String yaml = Files.readString(run.resolve("experiment.yaml"));
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(yaml.getBytes("UTF-8")));
        assertEquals(sha, reproduce.get("experimentSha256").asText(), "the hash of experiment.yaml as written");
        assertEquals(1, reproduce.get("seed").asLong());
        assertEquals(Main.VERSION, reproduce.get("gridmarket").asText());
        assertTrue(reproduce.get("java").asText().contains(System.getProperty("java.runtime.version")));
        JsonNode other = new ObjectMapper().readTree(out.resolve("runs/policy=easy,seed=2/summary.json").toFile());
        assertFalse(sha.equals(other.get("reproduce").get("experimentSha256").asText()),
                "another experiment, another hash");
    }

    private static Path fakeSbatch(Path dir, String body) throws IOException {
        Path p = dir.resolve("sbatch");
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static Cli withSbatch(String program, java.util.function.Supplier<Cli> run) {
        String old = System.getProperty(SlurmArrayJob.SBATCH_PROPERTY);
        System.setProperty(SlurmArrayJob.SBATCH_PROPERTY, program);
        try {
            return run.get();
        } finally {
            if (old == null) {
                System.clearProperty(SlurmArrayJob.SBATCH_PROPERTY);
            } else {
                System.setProperty(SlurmArrayJob.SBATCH_PROPERTY, old);
            }
        }
    }

    private static void assertOneLine(Cli r, String... fragments) {
        assertEquals(2, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception"), err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }
}
