package gridmarket.config;

import gridmarket.market.language.DescriptionParser;
import gridmarket.market.language.LanguageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The checks of a lone request, offer or machine file: each attribute gridmarket gives a meaning at its bound passes
 * and beyond it is refused naming file, object and value; values that read names only the place of use defines are
 * left to that place.
 */
class DescriptionChecksTest {

    private static void check(String file, String text) throws LanguageException {
        DescriptionChecks.check(file, new DescriptionParser().parse(file, text));
    }

    private static String refused(String file, String text) {
        String m = assertThrows(LanguageException.class, () -> check(file, text), text).getMessage();
        assertTrue(m.startsWith(file), m);
        assertTrue(!m.contains("\n"), m);
        return m;
    }

    private static void assertSays(String message, String... parts) {
        for (String p : parts) {
            assertTrue(message.contains(p), "'" + p + "' in: " + message);
        }
    }

    private static String request(String keys) {
        return "REQUEST \"r\" {\n" + keys + "}\n";
    }

    private static String key(String name, String value) {
        return "  KEY \"" + name + "\" {VALUE \"" + name + "\" {" + value + "}}\n";
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Hops", "MaxOfferNumber", "MinMulti-Site", "MaxMulti-Site", "SearchTime", "JobBudget",
        "OfferBudget", "ReservationBudget", "OperationSystemEqual", "JobCost", "OfferCost", "ReservationCost",
        "ReservationTime", "StartTime", "EndTime", "Memory", "RunTime", "SubmitTime"})
    void aNumberOfAtLeastZeroIsRefusedBelowZeroAndAsText(String name) throws LanguageException {
        check("r.req", request(key(name, "0")));
        assertSays(refused("r.req", request(key(name, "0 - 0.5"))), "r.req: REQUEST \"r\": ", "VALUE \"" + name
                + "\" must be at least 0", "-0.5");
        assertSays(refused("r.req", request(key(name, "\"ten\""))), "VALUE \"" + name + "\" must be a number",
                "\"ten\"");
    }

    @Test
    void numberOfProcessorsIsAWholeNumberOfAtLeastOne() throws LanguageException {
        check("r.req", request(key("NumberOfProcessors", "1")));
        check("r.req", request(key("NumberOfProcessors", "64")));
        assertSays(refused("r.req", request(key("NumberOfProcessors", "0"))), "NumberOfProcessors",
                "whole number of at least 1, got 0");
        assertSays(refused("r.req", request(key("NumberOfProcessors", "1.5"))), "got 1.5");
        assertSays(refused("r.req", request(key("NumberOfProcessors", "\"many\""))), "must be a number");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"OperatingSystem", "Machine", "Objective"})
    void aTextIsRefusedAsANumber(String name) throws LanguageException {
        check("o.offer", "OFFER \"o\" {\n" + key("OfferID", "1") + key(name, "\"Linux\"") + "}\n");
        assertSays(refused("o.offer", "OFFER \"o\" {\n" + key("OfferID", "1") + key(name, "5") + "}\n"),
                "o.offer: OFFER \"o\": ", "VALUE \"" + name + "\" must be a text in quotes, got 5");
    }

    @Test
    void anEndNotBeforeItsStartPasses() throws LanguageException {
        check("r.req", request(key("StartTime", "100") + key("EndTime", "100")));
        check("r.req", request(key("StartTime", "100") + key("EndTime", "StartTime + 1")));
        assertSays(refused("r.req", request(key("StartTime", "100") + key("EndTime", "99"))),
                "EndTime 99 is before StartTime 100");
        assertSays(refused("r.req", request(key("StartTime", "100.5") + key("EndTime", "99.25"))),
                "EndTime 99.25 is before StartTime 100.5");
    }

    @Test
    void anOfferNamesItsOfferId() throws LanguageException {
        check("o.offer", "OFFER \"o\" {\n" + key("OfferID", "\"a-1\"") + key("JobCost", "12") + "}\n");
        assertSays(refused("o.offer", "OFFER \"o\" {\n" + key("JobCost", "12") + "}\n"), "o.offer: OFFER \"o\": ",
                "no KEY \"OfferID\"");
        check("r.req", request(key("JobCost", "12"))); // a request needs none
    }

    @Test
    void valuesEvaluateToFiniteNumbers() {
        assertSays(refused("r.req", request(key("JobBudget", "LOG(0)"))), "VALUE \"JobBudget\"", "-Infinity");
        assertSays(refused("o.offer", "OFFER \"o\" {\n" + key("OfferID", "1") + key("UtilityValue", "1/0") + "}\n"),
                "VALUE \"UtilityValue\"", "Infinity");
        assertSays(refused("r.req", request(key("Hops", "Hops + 1"))), "r.req:2:", "refers to itself");
        assertSays(refused("m.mach", "MASCHINE \"m\" {\n" + key("Memory", "2 * Speed") + key("Speed", "Memory / 2")
                + "}\n"), "refers to itself");
    }

    @Test
    void aValueReadingANameTheObjectLacksIsLeftToThePlaceOfUse() throws LanguageException {
        check("r.req", request(key("JobBudget", "Price * 2")));
        check("r.req", request(key("JobBudget", "-(Price * 2)")));
        check("r.req", request(key("JobBudget", "SQRT(Price)")));
        check("r.req", request(key("Price", "NumberOfProcessors * 2") + key("JobBudget", "Price - Unknown")));
        // a request's values may read the job's: a probe job gives them values, so they are checked
        assertSays(refused("r.req", request(key("JobBudget", "0 - NumberOfProcessors"))), "JobBudget",
                "at least 0, got -1");
        assertSays(refused("r.req", request(key("JobBudget", "-SQRT(RunTime)"))), "at least 0, got -1");
        assertSays(refused("r.req", request(key("JobBudget", "-(SubmitTime + 1)"))), "at least 0, got -1");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "speed 1e-300|KEY \"Speed\" {VALUE \"Speed\" {1e-300}}|speed must be between 0.001 and 1000",
        "0 processors|KEY \"NumberOfProcessors\" {VALUE \"NumberOfProcessors\" {0}}|NumberOfProcessors",
        "objective dividing by zero|KEY \"Objective\" {VALUE \"Objective\" {\"1/left_right\"}}|objective",
        "objective calling rand|KEY \"Objective\" {VALUE \"Objective\" {\"NumberOfProcessors * rand()\"}}|rand()",
    })
    void aMachineIsReadAsAnExperimentReadsAMachineFile(String name, String keys, String says) {
        assertSays(refused("m.mach", "MASCHINE \"m\" {" + keys + "}\n"), "m.mach: MASCHINE \"m\": ", says);
    }

    @Test
    void aGoodMachinePasses() throws LanguageException {
        check("m.mach", "MASCHINE \"m\" {\n" + key("NumberOfProcessors", "128") + key("Speed", "1.5")
                + key("OperatingSystem", "\"AIX\"") + key("Objective", "\"2 * NumberOfProcessors * RunTime\"") + "}\n");
    }

    @Test
    void aRequestWithElementsIsCheckedAsATemplate() throws LanguageException {
        check("r.req", "REQUEST \"r\" {\n  KEY \"Utility\" {ELEMENT 1 {CONDITION {(Memory > 1)} VALUE \"RunTime\" "
                + "{RunTime * 2}}}\n}\n");
        assertSays(refused("r.req", "REQUEST \"r\" {\n  KEY \"Utility\" {ELEMENT 1 {CONDITION {(Disk > 1)} VALUE "
                + "\"RunTime\" {1}}}\n}\n"), "r.req:2:", "unknown attribute 'Disk'");
        // without elements, Utility is a value like another: no template check
        check("r.req", request(key("Utility", "Disk * 2")));
    }
}
