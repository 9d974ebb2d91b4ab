package gridmarket.market.language;

import gridmarket.market.Fit;
import gridmarket.market.FormulaException;
import gridmarket.market.RequestTerms;
import gridmarket.market.UtilityFunction;
import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A template bound to machines: fits per machine, and the compiled UtilityValue against the evaluator's. */
class TemplateTermsTest {
    private static final Attributes FAST = Attributes.of(Map.of("MachineName", "f", "Nodes", 64,
            "OperatingSystem", "Linux", "Speed", 2, "OfferCost", 3));
    private static final Attributes SLOW = Attributes.of(Map.of("MachineName", "s", "Nodes", 64,
            "OperatingSystem", "AIX", "Speed", 0.5, "OfferCost", 1));
    // id 7, submit 100, run time 300, estimate 400, 8 nodes, user 3
    private static final Job JOB = new Job(7, 0, 100, 300, 400, 8, 3, 1, 400);

    private static TemplateTerms terms(String text) throws LanguageException {
        RequestTemplate t = RequestTemplate.of(new DescriptionParser().parse("t.req", text).objects().get(0));
        return new TemplateTerms("p", t, List.of(FAST, SLOW), List.of("f", "s"), new UtilityFunction("UF2"));
    }

    private static final String TEMPLATE = """
            REQUEST "t" {
              KEY "Weight" {VALUE "Weight" {SubmitTime / 100 + StartTime}}
              KEY "OperationSystemEqual" {VALUE "OperationSystemEqual" {1}}
              KEY "Utility" {
                ELEMENT 1 {
                  CONDITION {(OperatingSystem EQ "Linux")}
                  VALUE "UtilityValue" {-(Weight * EndTime + JobCost) / SQRT(NumberOfProcessors) % 7 - OfferCost
                                        + LOG(RunTime) - EXP(ReservationCost / 1000) * ReservationTime}
                }
                ELEMENT 2 {
                  CONDITION {(Nodes > NumberOfProcessors)}
                  VALUE "RunTime" {RunTime * 1.25}
                }
              }
            }
            """;

    @Test
    void fitsPerMachineFollowTheElementsAndSpeeds() throws LanguageException {
        RequestTerms t = terms(TEMPLATE).forJob(JOB, RequestTemplate.jobValues(JOB));
        Fit fast = t.on(0);
        assertEquals(1, fast.element());
        assertEquals(200, fast.plannedRunTime(), "400 s at speed 2");
        assertEquals(150, fast.runTime(), "300 s at speed 2");
        assertEquals("1/200/Linux", fast.coAllocationGroup(), "OperationSystemEqual: the system is part of the group");
        Fit slow = t.on(1);
        assertEquals(2, slow.element());
        assertEquals(500, slow.plannedRunTime(), "the element's 1.25 x 400 s");
        assertEquals(375, slow.runTime(), "300 s scaled as the estimate: 300 x 500 / 400");
        // element 2 gives no UtilityValue: the market's UF2, -JobCost
        assertEquals(-42.0, slow.utility().value(1000, 1500, 42, 1, 0), 0);
    }

    @Test
    void theCompiledUtilityValueEqualsTheEvaluators() throws LanguageException {
        TemplateTerms terms = terms(TEMPLATE);
        Attributes values = RequestTemplate.jobValues(JOB);
        Fit fast = terms.forJob(JOB, values).on(0);
        RequestTemplate.Environment env = RequestTemplate.of(new DescriptionParser().parse("t.req", TEMPLATE)
                .objects().get(0)).elementFor(values, FAST).orElseThrow();
        Random random = new Random(14);
        for (int i = 0; i < 200; i++) {
            long start = 100 + random.nextInt(100_000);
            long end = start + 1 + random.nextInt(10_000);
            double cost = random.nextDouble() * 1e6;
            double offerCost = random.nextInt(10);
            double reservationCost = random.nextDouble() * 100;
            double expected = env.utility(Attributes.of(Map.of("StartTime", start, "EndTime", end, "JobCost", cost,
                    "OfferCost", offerCost, "ReservationCost", reservationCost, "ReservationTime", start)))
                    .getAsDouble();
            assertEquals(expected, fast.utility().value(start, end, cost, offerCost, reservationCost),
                    1e-9 * Math.abs(expected), "offer " + i);
        }
    }

    @Test
    void theChoiceIsKeptPerMachineOnlyWhereNoConditionReadsTheJob() throws LanguageException {
        String os = "REQUEST \"t\" {KEY \"Utility\" {ELEMENT 1 {CONDITION {(OperatingSystem EQ \"Linux\")} "
                + "VALUE \"RunTime\" {RunTime}}}}";
        String width = os.replace("(OperatingSystem EQ \"Linux\")", "(Nodes >= NumberOfProcessors)");
        String viaSetting = "REQUEST \"t\" {KEY \"Need\" {VALUE \"Need\" {2 * NumberOfProcessors}} "
                + "KEY \"Utility\" {ELEMENT 1 {CONDITION {(Nodes >= Need)} VALUE \"RunTime\" {RunTime}}}}";
        assertTrue(!template(os).choiceReadsJob());
        assertTrue(template(width).choiceReadsJob());
        assertTrue(template(viaSetting).choiceReadsJob(), "through the setting Need");
        // kept per machine, the choice is still the job's: a wide job on the same terms fits where the template says
        TemplateTerms t = terms(viaSetting);
        Job wide = new Job(8, 1, 100, 300, 400, 40, 3, 1, 400); // needs 80 of 64 nodes
        assertNull(t.forJob(wide, RequestTemplate.jobValues(wide)).on(0));
        assertEquals(1, t.forJob(JOB, RequestTemplate.jobValues(JOB)).on(0).element());
        TemplateTerms linux = terms(os);
        assertEquals(1, linux.forJob(JOB, RequestTemplate.jobValues(JOB)).on(0).element());
        assertNull(linux.forJob(JOB, RequestTemplate.jobValues(JOB)).on(1));
        assertEquals(400, linux.forJob(JOB, RequestTemplate.jobValues(JOB)).on(0).plannedRunTime(),
                "the element's RunTime is the job's estimate, 400 s, not divided by the speed");
    }

    private static RequestTemplate template(String text) throws LanguageException {
        return RequestTemplate.of(new DescriptionParser().parse("t.req", text).objects().get(0));
    }

    @Test
    void aMachineNoElementFitsHasNoFit() throws LanguageException {
        Job wide = new Job(8, 1, 100, 300, 400, 64, 3, 1, 400); // not Linux on s, and 64 nodes is not below 64
        assertNull(terms(TEMPLATE).forJob(wide, RequestTemplate.jobValues(wide)).on(1));
    }

    @Test
    void aUtilityThatIsNoFiniteNumberStopsTheRunNamingIt() throws LanguageException {
        Fit f = terms("REQUEST \"t\" {KEY \"Utility\" {ELEMENT 1 {VALUE \"UtilityValue\" {1 / (StartTime - 5)}}}}")
                .forJob(JOB, RequestTemplate.jobValues(JOB)).on(0);
        FormulaException e = assertThrows(FormulaException.class, () -> f.utility().value(5, 10, 1, 0, 0));
        assertTrue(e.getMessage().contains("UtilityValue '1 / (StartTime - 5)' gives Infinity"), e.getMessage());
    }

    @Test
    void settingsAreEvaluatedWithTheJobsValues() throws LanguageException {
        TemplateTerms t = terms("REQUEST \"t\" {KEY \"JobBudget\" {VALUE \"JobBudget\" {2 * NumberOfProcessors * "
                + "RunTime}} KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {1}}}}");
        assertEquals(2 * 8 * 400, t.setting("JobBudget", JOB, RequestTemplate.jobValues(JOB)).getAsDouble(), 0);
        assertTrue(t.setting("Hops", JOB, RequestTemplate.jobValues(JOB)).isEmpty());
    }
}
