package gridmarket.app.commands;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * A line after a long run that the JVM compiled with C1 alone. The launcher chooses C1 alone for {@code run}, which
 * makes runs of seconds fastest as whole processes; past a few tens of seconds the optimizing compiler pays off (the
 * 200,000-job market: 205 s with C1 alone, 90 s with both; docs/BENCHMARKS.md), so such a run says how to get it.
 */
final class JitHint {
    /** Simulation seconds from which the hint is given. */
    static final double LONG_RUN_SECONDS = 20;

    private JitHint() {
    }

    /** The hint for a run of {@code simulationSeconds} in this JVM; a short run has nothing to ask it. */
    static Optional<String> after(double simulationSeconds) {
        return simulationSeconds < LONG_RUN_SECONDS ? Optional.empty() : after(simulationSeconds, stopLevel());
    }

    /** The hint for a run of {@code simulationSeconds} under {@code TieredStopAtLevel} = {@code stopLevel}. */
    static Optional<String> after(double simulationSeconds, String stopLevel) {
        if (simulationSeconds < LONG_RUN_SECONDS || !"1".equals(stopLevel)) {
            return Optional.empty();
        }
        return Optional.of("  compiled with C1 alone (TieredStopAtLevel=1, as the launcher chooses for runs of seconds);"
                + " for runs this long, GRIDMARKET_JAVA_OPTS=\"-Xmx4g -XX:+UseParallelGC\" adds the optimizing"
                + " compiler and is often twice as fast");
    }

    /** This JVM's {@code TieredStopAtLevel}, or "4" (all tiers) where it cannot be read (a runtime without it). */
    static String stopLevel() {
        try {
            return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("TieredStopAtLevel").getValue();
        } catch (RuntimeException | LinkageError e) {
            return "4";
        }
    }
}
