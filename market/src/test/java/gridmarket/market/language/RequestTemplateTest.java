package gridmarket.market.language;

import gridmarket.sim.workload.Job;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hand-made case of two machine kinds (and one machine no element fits): the element chosen per machine, the run
 * time used and the utility value are the ones the conditions dictate, computed by hand in the comments.
 */
class RequestTemplateTest {
    private static final Attributes LINUX = Attributes.of(Map.of("MachineName", "a", "Nodes", 64,
            "OperatingSystem", "Linux", "Speed", 2, "Memory", 8192));
    private static final Attributes AIX = Attributes.of(Map.of("MachineName", "b", "Nodes", 128,
            "OperatingSystem", "AIX", "Memory", 8192));
    private static final Attributes SMALL = Attributes.of(Map.of("MachineName", "c", "Nodes", 32,
            "OperatingSystem", "AIX"));
    private static final Map<String, Object> JOB = Map.of("NumberOfProcessors", 16, "RunTime", 1000,
            "StartTime", 500);

    private static RequestTemplate template() throws LanguageException {
        Path file = Path.of("src/test/resources/language/valid/two-kinds.req");
        return RequestTemplate.of(new DescriptionParser().parse(file).objects().get(0));
    }

    @Test
    void theFirstElementThatHoldsChoosesOnEachMachine() throws LanguageException {
        RequestTemplate t = template();
        // Linux, 16 <= 64 / 2: element 1, although element 2 holds too (8192 >= 360 * 16 = 5760)
        RequestTemplate.Environment linux = t.elementFor(JOB, LINUX).orElseThrow();
        assertEquals(1, linux.number());
        // element 1 gives no RunTime: the job's 1000 s on a machine of speed 2
        assertEquals(500, linux.runTime(), 0);
        // UtilityValue -StartTime with the offer's start 700, not the request's 500
        assertEquals(-700, linux.utility(offer(700, 40)).getAsDouble(), 0);

        // AIX: element 1 fails on the system; 8192 >= 5760: element 2, RunTime 1000 * 1.5
        RequestTemplate.Environment aix = t.elementFor(JOB, AIX).orElseThrow();
        assertEquals(2, aix.number());
        assertEquals(1500, aix.runTime(), 0);
        // -JobCost - 0.01 * (StartTime + RunTime) = -40 - 0.01 * (900 + 1500) = -64
        assertEquals(-64, aix.utility(offer(900, 40)).getAsDouble(), 1e-9);

        // no Memory and not Linux: no element, no offer
        assertEquals(Optional.empty(), t.elementFor(JOB, SMALL));
    }

    @Test
    void aWiderJobFitsNeither() throws LanguageException {
        // 40 > 64 / 2 and 8192 < 360 * 40 = 14400
        Map<String, Object> wide = Map.of("NumberOfProcessors", 40, "RunTime", 1000, "StartTime", 500);
        assertEquals(Optional.empty(), template().elementFor(wide, LINUX));
        assertEquals(Optional.empty(), template().elementFor(wide, AIX));
        // 33 > 64 / 2 and 360 * 33 = 11880 > 8192
        Map<String, Object> mid = Map.of("NumberOfProcessors", 33, "RunTime", 10, "StartTime", 0);
        assertEquals(Optional.empty(), template().elementFor(mid, LINUX));
        // on a 32-node Linux machine 22 > 32 / 2, but 360 * 22 = 7920 <= 8192: element 2
        Map<String, Object> fits = Map.of("NumberOfProcessors", 22, "RunTime", 10, "StartTime", 0);
        assertEquals(2, template().elementFor(fits, Attributes.of(Map.of("Nodes", 32, "OperatingSystem", "Linux",
                "Memory", 8192))).orElseThrow().number());
    }

    @Test
    void anUnknownAttributeInAConditionIsNamed() throws LanguageException {
        RequestTemplate t = RequestTemplate.of(new DescriptionParser().parse("disk.req", "REQUEST \"d\" {\n"
                + "  KEY \"Utility\" {\n"
                + "    ELEMENT 1 {CONDITION {(OperatingSystem EQ \"Linux\")} VALUE \"RunTime\" {1}}\n"
                + "    ELEMENT 2 {CONDITION {(Disk > 100)} VALUE \"RunTime\" {2}}\n"
                + "  }\n}\n").objects().get(0));
        // on Linux the first element holds and the second is never read ...
        assertEquals(1, t.elementFor(JOB, LINUX).orElseThrow().number());
        // ... elsewhere the second is, and Disk is unknown
        LanguageException e = assertThrows(LanguageException.class, () -> t.elementFor(JOB, AIX));
        assertEquals("disk.req:4:28: unknown attribute 'Disk' (test it with (ISDEF Disk) first)", e.getMessage());
        // check reads every element, so it finds Disk on Linux too
        LanguageException checked = assertThrows(LanguageException.class,
                () -> t.check(Attributes.of(JOB), LINUX, offer(0, 0)));
        assertEquals(e.getMessage(), checked.getMessage());
    }

    @Test
    void aTraceJobFillsTheTemplate() throws LanguageException {
        // job 7 of user 3: submitted at 500, 16 nodes, runs 800 s of an estimated 1000 s
        Job job = new Job(7, 0, 500, 800, 1000, 16, 3, 1, 1000);
        Attributes values = RequestTemplate.jobValues(job);
        RequestTemplate.Environment aix = template().elementFor(values, AIX).orElseThrow();
        assertEquals(2, aix.number());
        assertEquals(1500, aix.runTime(), 0, "the estimate the user states, times 1.5");
        Evaluator ev = new Evaluator(values);
        assertEquals(500, ev.number(Expression.Attribute.named("SubmitTime")), 0);
        assertEquals(3, ev.number(Expression.Attribute.named("UserID")), 0);
        assertEquals(7, ev.number(Expression.Attribute.named("JobID")), 0);
    }

    @Test
    void settingsComeFromTheTemplateAndMayUseTheJob() throws LanguageException {
        RequestTemplate t = RequestTemplate.of(new DescriptionParser().parse("s.req", "REQUEST \"s\" {\n"
                + "  KEY \"JobBudget\" {VALUE \"JobBudget\" {2 * NumberOfProcessors * RunTime}}\n"
                + "  KEY \"Hops\" {VALUE \"Hops\" {2}}\n"
                + "  KEY \"Utility\" {ELEMENT 1 {VALUE \"RunTime\" {RunTime}}}\n}\n").objects().get(0));
        Attributes job = Attributes.of(JOB);
        assertEquals(2 * 16 * 1000, t.setting("JobBudget", job).getAsDouble(), 0);
        assertEquals(2, t.setting("Hops", job).getAsDouble(), 0);
        assertTrue(t.setting("SearchTime", job).isEmpty());
    }

    @Test
    void aTemplateNeedsItsChoices() {
        LanguageException e = assertThrows(LanguageException.class, () -> RequestTemplate.of(
                new DescriptionParser().parse("x.req", "REQUEST \"x\" {KEY \"Hops\" {VALUE \"Hops\" {2}}}")
                        .objects().get(0)));
        assertTrue(e.getMessage().contains("no KEY \"Utility\""), e.getMessage());
    }

    private static Attributes offer(long start, double jobCost) {
        return Attributes.of(Map.of("StartTime", start, "JobCost", jobCost));
    }
}
