package gridmarket.charts;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Tukey's box: quartiles, whiskers within 1.5 IQR of the box, the rest as outliers; computed by hand. */
class TukeyBoxRendererTest {
    @Test
    void whiskersStopAtTheLastValueInsideTheFences() {
        List<Double> v = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            v.add((double) i);
        }
        v.add(100.0);
        v.add(-40.0);
        // 11 values: -40, 1..9, 100, median 5. JFreeChart's quartiles are the medians of the halves, the median
        // counted in both: -40, 1, 2, 3, 4, 5 -> Q1 = 2.5; 5, 6, 7, 8, 9, 100 -> Q3 = 7.5. IQR 5: fences -5 and 15.
        TukeyBoxRenderer.Box b = TukeyBoxRenderer.box(v);
        assertEquals(2.5, b.item().getQ1().doubleValue());
        assertEquals(7.5, b.item().getQ3().doubleValue());
        assertEquals(5.0, b.item().getMedian().doubleValue());
        assertEquals(1.0, b.item().getMinRegularValue().doubleValue(), "lower whisker: smallest value >= -5");
        assertEquals(9.0, b.item().getMaxRegularValue().doubleValue(), "upper whisker: largest value <= 15");
        assertEquals(List.of(100.0, -40.0), b.outliers());
        assertEquals(-40.0, b.item().getMinOutlier().doubleValue(), "the axis range takes in the outliers");
        assertEquals(100.0, b.item().getMaxOutlier().doubleValue());
    }

    @Test
    void noOutliersWhenAllValuesAreClose() {
        TukeyBoxRenderer.Box b = TukeyBoxRenderer.box(List.of(1.0, 2.0, 3.0, 4.0));
        assertEquals(List.of(), b.outliers());
        assertEquals(1.0, b.item().getMinRegularValue().doubleValue());
        assertEquals(4.0, b.item().getMaxRegularValue().doubleValue());
    }
}
