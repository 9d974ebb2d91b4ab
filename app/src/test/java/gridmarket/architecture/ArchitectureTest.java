package gridmarket.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The module rules of docs/ARCHITECTURE.md, checked on the compiled classes of every module: dependencies point one
 * way (app -> agents -> config -> market -> sim; results on sim, read by app and charts), and only app and charts touch Swing or
 * JFreeChart. A rule broken here is a rule broken in the document.
 */
class ArchitectureTest {
    private static final String[] GUI = {"javax.swing..", "java.awt..", "sim.display..", "sim.portrayal..",
        "org.jfree.."};
    private static final String[] JACKSON = {"com.fasterxml.jackson.."};

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("gridmarket");
    }

    private static void check(ArchRule rule) {
        rule.check(classes);
    }

    @Test
    void simKnowsNothingAboveItNorAnyDisplayOrFileFormat() {
        check(noClasses().that().resideInAPackage("gridmarket.sim..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.market..", "gridmarket.config..", "gridmarket.agents..",
                        "gridmarket.results..", "gridmarket.charts..", "gridmarket.app..")
                .because("sim is the bottom layer"));
        check(noClasses().that().resideInAPackage("gridmarket.sim..").should().dependOnClassesThat()
                .resideInAnyPackage(GUI).orShould().dependOnClassesThat().resideInAnyPackage(JACKSON));
    }

    /** A grid strategy builds its agents from sim's engine (clock, queues, routers), never from MASON's directly. */
    @Test
    void theExtensionApiSitsOnMarketAndSimOnly() {
        check(noClasses().that().resideInAPackage("gridmarket.api..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.config..", "gridmarket.agents..", "gridmarket.results..",
                        "gridmarket.charts..", "gridmarket.app..", "sim.engine.."));
    }

    @Test
    void marketSitsOnSimOnly() {
        check(noClasses().that().resideInAPackage("gridmarket.market..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.config..", "gridmarket.agents..", "gridmarket.results..",
                        "gridmarket.charts..", "gridmarket.app..", "sim.engine.."));
        check(noClasses().that().resideInAPackage("gridmarket.market..").should().dependOnClassesThat()
                .resideInAnyPackage(GUI).orShould().dependOnClassesThat().resideInAnyPackage(JACKSON));
    }

    @Test
    void configKnowsNoModelNorDisplay() {
        check(noClasses().that().resideInAPackage("gridmarket.config..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.agents..", "gridmarket.results..", "gridmarket.charts..",
                        "gridmarket.app..", "sim.engine..", "gridmarket.sim.engine.."));
        check(noClasses().that().resideInAPackage("gridmarket.config..").should().dependOnClassesThat()
                .resideInAnyPackage(GUI));
    }

    @Test
    void agentsBuildTheModelWithoutDisplayOrCharts() {
        check(noClasses().that().resideInAPackage("gridmarket.agents..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.results..", "gridmarket.charts..", "gridmarket.app.."));
        check(noClasses().that().resideInAPackage("gridmarket.agents..").should().dependOnClassesThat()
                .resideInAnyPackage(GUI).orShould().dependOnClassesThat().resideInAnyPackage(JACKSON));
    }

    @Test
    void chartsReadResultsNotTheModel() {
        check(noClasses().that().resideInAPackage("gridmarket.charts..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.agents..", "gridmarket.config..", "gridmarket.app..",
                        "gridmarket.market..", "sim.engine.."));
    }

    @Test
    void resultsAreTheFormatBetweenSimAndItsReaders() {
        check(noClasses().that().resideInAPackage("gridmarket.results..").should().dependOnClassesThat()
                .resideInAnyPackage("gridmarket.market..", "gridmarket.config..", "gridmarket.agents..",
                        "gridmarket.charts..", "gridmarket.app..", "sim.engine..", "gridmarket.sim.engine..")
                .because("the results format knows only sim's result values, so app and charts share it"));
        check(noClasses().that().resideInAPackage("gridmarket.results..").should().dependOnClassesThat()
                .resideInAnyPackage(GUI));
    }

    @Test
    void onlyTheResultsFormatReadsOrWritesSummariesAndCsv() {
        check(noClasses().that().resideInAnyPackage("gridmarket.app..", "gridmarket.charts..").should()
                .haveSimpleName("Csv").orShould().haveSimpleName("CsvFile")
                .because("gridmarket.results.CsvFile is the one CSV implementation"));
    }
}
