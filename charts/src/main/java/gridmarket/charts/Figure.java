package gridmarket.charts;

import org.jfree.chart.JFreeChart;

/**
 * A chart and the name of its files (without extension), e.g. {@code strategies-awrt-workload=syn_org}.
 *
 * @param name  the file name stem: letters, digits and {@code . _ = , -} only
 * @param chart the chart, styled and ready to draw
 */
public record Figure(String name, JFreeChart chart) {
}
