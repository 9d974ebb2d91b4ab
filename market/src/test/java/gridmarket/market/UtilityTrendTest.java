package gridmarket.market;

import org.junit.jupiter.api.Test;

import java.util.List;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which utility functions are proved never to rise with a later start (so that the offer search may stop at the
 * earliest one), and that those proved so really never rise, evaluated on random offers.
 */
class UtilityTrendTest {
    @Test
    void theThesisFunctionsThatWeighNoPriceFallWithTheStart() {
        assertTrue(new UtilityFunction("UF1").neverRisesWithStart());
        for (String uf : new String[] {"UF2", "UF3", "UF4", "UF5"}) {
            assertFalse(new UtilityFunction(uf).neverRisesWithStart(), uf + " weighs the price");
        }
    }

    @Test
    void theThesisFunctionsFallWithTheStartAndThePrice() {
        // an owner's search may pass over windows whose starts and price floor cannot beat its best offers
        for (String f : List.of("UF1", "UF2", "UF3", "UF4", "UF5", "-(StartTime + JobCost / 100)")) {
            assertTrue(new UtilityFunction(f).neverRisesWithStartOrPrice(), f);
        }
        for (String f : List.of("JobCost - StartTime", "-StartTime + JobCost * 0.001", "StartTime", "-JobCost ^ 2",
                "-StartTime * JobCost")) {
            assertFalse(new UtilityFunction(f).neverRisesWithStartOrPrice(), f);
        }
    }

    @Test
    void onlyFormulasWithoutTheStartAndEndIgnoreThem() {
        // an owner's search bounds a start-free utility once per search: a wrong "ignores" would prune wrongly
        for (String f : List.of("UF2", "-JobCost * NumberOfProcessors", "-(JobCost / 3) + SubmitTime",
                "0 * StartTime - JobCost")) {
            assertTrue(new UtilityFunction(f).ignoresStart(), f);
        }
        for (String f : List.of("UF1", "UF3", "UF4", "UF5", "-(EndTime - SubmitTime)", "-JobCost - StartTime / 1e9",
                "-JobCost * StartTime", "-JobCost + sin(StartTime)")) {
            assertFalse(new UtilityFunction(f).ignoresStart(), f);
        }
    }

    @Test
    void onAnyMachineOnlyFormulasOfTheStartAloneFall() {
        // a machine's run time and end differ by its speed: only the start compares offers across machines
        for (String f : List.of("UF1", "SubmitTime - StartTime", "-2 * StartTime + SubmitTime", "7")) {
            assertTrue(new UtilityFunction(f).neverRisesWithStartAnywhere(), f);
        }
        for (String f : List.of("-EndTime", "-(StartTime + RunTime)", "SubmitTime - EndTime", "UF3", "StartTime")) {
            assertFalse(new UtilityFunction(f).neverRisesWithStartAnywhere(), f);
        }
    }

    @Test
    void formulasAreProvedFromTheirShapeOrNotAtAll() {
        String[] falling = {"-StartTime", "SubmitTime - EndTime", "-(2 * StartTime + EndTime / 3)",
            "RunTime * NumberOfProcessors - StartTime * 0.5", "StartTime * -1 - pi", "-EndTime / 4 + 7",
            "0 * StartTime", "NumberOfProcessors", "-(-(-StartTime))", "StartTime / -2"};
        String[] notProved = {"StartTime", "-JobCost", "-StartTime - JobCost * 0", "-StartTime * NumberOfProcessors",
            "-StartTime ^ 2", "-sqrt(StartTime)", "StartTime - 2 * EndTime", "-StartTime / 0",
            "-StartTime / NumberOfProcessors", "1 / StartTime", "-(StartTime * StartTime)", "-(StartTime > 5)",
            "-1e200 * 1e200 * StartTime", "abs(-StartTime)"};
        for (String f : falling) {
            assertTrue(new UtilityFunction(f).neverRisesWithStart(), f);
        }
        for (String f : notProved) {
            assertFalse(new UtilityFunction(f).neverRisesWithStart(), f);
        }
    }

    @Test
    void aFormulaProvedToFallNeverRisesOnRandomOffers() {
        String[] proved = {"UF1", "SubmitTime - EndTime", "-(2 * StartTime + EndTime / 3) + RunTime * 1e-7",
            "RunTime * NumberOfProcessors - StartTime * 0.1", "-EndTime / 3 + 7.3 * NumberOfProcessors"};
        SplittableRandom random = new SplittableRandom(3);
        for (String f : proved) {
            UtilityFunction uf = new UtilityFunction(f);
            assertTrue(uf.neverRisesWithStart(), f);
            for (int i = 0; i < 20_000; i++) {
                int nodes = 1 + random.nextInt(512);
                long run = random.nextLong(1, 1_000_000);
                long submit = random.nextLong(0, 100_000_000);
                long start = submit + random.nextLong(0, 10_000_000);
                long later = start + (random.nextBoolean() ? 1 : random.nextLong(1, 10_000_000));
                double a = uf.value(start, start + run, random.nextDouble() * 1e9, nodes, run, submit);
                double b = uf.value(later, later + run, random.nextDouble() * 1e9, nodes, run, submit);
                assertTrue(b <= a, f + ": " + b + " at " + later + " above " + a + " at " + start);
            }
        }
        assertEquals(-5.0, new UtilityFunction("UF1").value(5, 10, 1, 1, 5, 0));
    }
}
