package gridmarket.config;

import gridmarket.sim.forkjoin.ForkJoinParameters;
import gridmarket.sim.forkjoin.ForkJoinPolicy;
import gridmarket.sim.forkjoin.Parallelism;
import gridmarket.sim.forkjoin.ServiceDemand;
import gridmarket.sim.ibts.IbtsParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sections of the models with their own parameters, {@code forkjoin} (Karatza and Hilzer) and {@code ibts} (da
 * Silva, Campos and Scherson): the documented defaults, every value carried to the model, and each documented bound:
 * the value at the bound loads, the value just beyond it is refused at its line, naming the key and the value.
 */
class ModelSectionsTest {

    private static ExperimentSpec load(String model, String section) {
        return new ExperimentLoader().load("e.yaml", "name: t\nseed: 1\nmodel: " + model + "\n" + model + ": {"
                + section + "}\n", Path.of("/base"));
    }

    private static void assertRefused(String model, String key, String value) {
        String m = assertThrows(ConfigException.class, () -> load(model, key + ": " + value),
                model + "." + key + " = " + value).getMessage();
        assertTrue(m.startsWith("e.yaml:4:"), m);
        assertTrue(m.contains(key), m);
    }

    @Test
    void forkJoinDefaultsAreThePapersSettings() {
        ForkJoinParameters p = load("forkjoin", "").getForkjoin().toParameters();
        assertEquals(new ForkJoinParameters(16, 16, ForkJoinPolicy.PRFCFS, 1, 0.531, Parallelism.VARYING,
                ServiceDemand.VARYING, 2, 10, 10, 0, 10, 2000, 20000), p);
        assertEquals(10, load("forkjoin", "").getForkjoin().getReplications());
    }

    @Test
    void everyForkJoinValueReachesTheModel() {
        ForkJoinSpec s = load("forkjoin", "policy: prlstf, processors: 32, jobs: 48, meanService: 2.5, meanIo: 0.75, "
                + "parallelism: uniform, service: branching_erlang, cv: 4, parallelismEpoch: 20, serviceEpoch: 30, "
                + "estimationError: 0.2, lstfLimit: 7, warmup: 100, measured: 5000, replications: 3").getForkjoin();
        assertEquals(new ForkJoinParameters(32, 48, ForkJoinPolicy.PRLSTF, 2.5, 0.75, Parallelism.UNIFORM,
                ServiceDemand.BRANCHING_ERLANG, 4, 20, 30, 0.2, 7, 100, 5000), s.toParameters());
        assertEquals(3, s.getReplications());
        for (String policy : new String[] {"prfcfs", "sqfcfs", "prstf", "prsnutf", "prlstf"}) {
            assertEquals(policy, load("forkjoin", "policy: " + policy).getForkjoin().getPolicy());
        }
        for (String parallelism : new String[] {"varying", "uniform", "normal", "one"}) {
            assertEquals(parallelism, load("forkjoin", "parallelism: " + parallelism).getForkjoin().toParameters()
                    .parallelism().name().toLowerCase(java.util.Locale.ROOT));
        }
        assertEquals(ServiceDemand.EXPONENTIAL, load("forkjoin", "service: exponential").getForkjoin().toParameters()
                .service());
    }

    @ParameterizedTest(name = "forkjoin.{0}: {1} and {2} load, {3} and {4} do not")
    @CsvSource({
        "processors, 1, 1024, 0, 1025",
        "jobs, 1, 100000, 0, 100001",
        "meanService, 1.0e-6, 1.0e9, 9.9e-7, 1.01e9",
        "meanIo, 1.0e-6, 1.0e9, 9.9e-7, 1.01e9",
        "parallelismEpoch, 1.0e-6, 1.0e9, 9.9e-7, 1.01e9",
        "serviceEpoch, 1.0e-6, 1.0e9, 9.9e-7, 1.01e9",
        "cv, 1.0001, 1.0e9, 1, .inf",
        "estimationError, 0, 0.999, -0.001, 1",
        "lstfLimit, 1, 1000, 0, 1001",
        "warmup, 0, 10000000, -1, 10000001",
        "measured, 1, 100000000, 0, 100000001",
        "replications, 1, 1000, 0, 1001",
    })
    void forkJoinBounds(String key, String low, String high, String below, String above) {
        for (String v : new String[] {low, high}) {
            ForkJoinSpec s = load("forkjoin", key + ": " + v).getForkjoin();
            assertEquals(Double.parseDouble(v), number(key.equals("replications") ? s.getReplications()
                    : component(s.toParameters(), key)), 0, key);
        }
        assertRefused("forkjoin", key, below);
        assertRefused("forkjoin", key, above);
        if (!key.equals("processors") && !key.equals("jobs") && !key.endsWith("Limit") && !key.equals("warmup")
                && !key.equals("measured") && !key.equals("replications")) {
            assertRefused("forkjoin", key, ".nan");
        }
    }

    @ParameterizedTest(name = "forkjoin.{0}: {1}")
    @CsvSource({"policy, fifo", "parallelism, poisson", "service, uniform", "parallelism, ''", "service, VARYING"})
    void unknownForkJoinKeysAreRefused(String key, String value) {
        assertRefused("forkjoin", key, value);
    }

    @Test
    void ibtsDefaultsAreThePapersSettings() {
        IbtsSpec s = load("ibts", "").getIbts();
        assertEquals(new IbtsParameters(1024, 10, 50, 2, 100, 2000, 0.001, 100), s.toParameters());
        assertEquals(10, s.getReplications());
    }

    @Test
    void everyIbtsValueReachesTheModel() {
        IbtsSpec s = load("ibts", "processors: 64, classes: 4, jobsPerClass: 5, arrivalsPerSlice: 0.5, quantum: 10, "
                + "meanLength: 300, commRate: 0.01, commLatency: 7, replications: 2").getIbts();
        assertEquals(new IbtsParameters(64, 4, 5, 0.5, 10, 300, 0.01, 7), s.toParameters());
        assertEquals(2, s.getReplications());
    }

    @ParameterizedTest(name = "ibts.{0}: {1} and {2} load, {3} and {4} do not")
    @CsvSource({
        "processors, 1, 65536, 0, 65537",
        "classes, 1, 1000, 0, 1001",
        "jobsPerClass, 1, 100000, 0, 100001",
        "arrivalsPerSlice, 1.0e-6, 1.0e6, 9.9e-7, 1.01e6",
        "quantum, 1, 1000000, 0, 1000001",
        "meanLength, 1.0e-9, 1.0e9, 0, 1.01e9",
        "commRate, 0, 0.999, -0.001, 1",
        "commLatency, 0, 1000000, -1, 1000001",
        "replications, 1, 1000, 0, 1001",
    })
    void ibtsBounds(String key, String low, String high, String below, String above) {
        for (String v : new String[] {low, high}) {
            IbtsSpec s = load("ibts", key + ": " + v).getIbts();
            assertEquals(Double.parseDouble(v), number(key.equals("replications") ? s.getReplications()
                    : component(s.toParameters(), key)), 0, key);
        }
        assertRefused("ibts", key, below);
        assertRefused("ibts", key, above);
        if (key.equals("arrivalsPerSlice") || key.equals("meanLength") || key.equals("commRate")) {
            assertRefused("ibts", key, ".nan");
        }
    }

    @Test
    void meanLengthIsFinite() {
        assertRefused("ibts", "meanLength", ".inf");
    }

    /** A component of a parameters record, by name. */
    private static Object component(Record r, String name) {
        try {
            return r.getClass().getMethod(name).invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(name, e);
        }
    }

    private static double number(Object o) {
        return ((Number) o).doubleValue();
    }
}
