package gridmarket.charts;

import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.ui.TextAnchor;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A log axis a value can be read off: labels between the powers of ten while there is room for them. */
class DecadeAxisTest {
    private static List<String> labels(double lower, double upper) {
        DecadeAxis axis = new DecadeAxis("AWRT (h)", ChartStyle.grouped());
        axis.setRange(lower, upper);
        return axis.ticks(TextAnchor.CENTER_RIGHT).stream().filter(t -> t.getTickType() == TickType.MAJOR)
                .map(NumberTick::getText).toList();
    }

    @Test
    void twoDecadesAreLabelledAtOneTwoAndFive() {
        assertEquals(List.of("1", "2", "5", "10", "20", "50", "100"), labels(1, 100));
        assertEquals(List.of("0.1", "0.2", "0.5", "1"), labels(0.1, 1));
    }

    @Test
    void withinADecadeAboutFiveValuesAreLabelledAtARoundStep() {
        assertEquals(List.of("10", "12", "14", "16", "18", "20"), labels(10, 20));
        assertEquals(List.of("0.2", "0.25", "0.3", "0.35", "0.4"), labels(0.2, 0.4));
    }

    @Test
    void theRangeEndsOnTheLabelledValuesAroundTheData() {
        assertEquals(200, DecadeAxis.snap(130, true));
        assertEquals(100, DecadeAxis.snap(130, false));
        assertEquals(0.5, DecadeAxis.snap(0.42, true));
        assertEquals(10, DecadeAxis.snap(10, true), "a labelled value is its own end");
    }

    @Test
    void manyDecadesAreLabelledMoreSparsely() {
        assertEquals(List.of("1", "3", "10", "30", "100", "300", "1,000", "3,000", "10,000"), labels(1, 10_000));
        assertEquals(List.of("1", "10", "100", "1,000", "10,000", "100,000", "1,000,000"), labels(1, 1_000_000));
    }

    @Test
    void theOtherMultiplesAreUnlabelledMinorTicks() {
        DecadeAxis axis = new DecadeAxis("x", ChartStyle.grouped());
        axis.setRange(1, 100);
        List<NumberTick> minor = axis.ticks(TextAnchor.CENTER_RIGHT).stream()
                .filter(t -> t.getTickType() == TickType.MINOR).toList();
        assertEquals(12, minor.size(), "3, 4, 6, 7, 8, 9 in each of two decades");
        assertTrue(minor.stream().allMatch(t -> t.getText().isEmpty()));
    }
}
