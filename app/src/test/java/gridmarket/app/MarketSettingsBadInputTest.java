package gridmarket.app;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Co-allocation and rescheduling settings out of range: one line naming the place and the value, exit 2. */
class MarketSettingsBadInputTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "coAllocation: sometimes | market.coAllocation | off, needed or always",
            "rescheduling: later     | market.rescheduling | none, compress or rebid",
            "overhead: -0.1          | market.overhead     | -0.1",
            "overhead: 11            | market.overhead     | 11",
            "minMultiSite: 0         | market.minMultiSite | at least 1",
            "maxMultiSite: -2        | market.maxMultiSite | -2"})
    void isOneLineWithPlaceAndValue(String setting, String field, String value) throws IOException {
        Files.writeString(dir.resolve("trace.swf"), "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Path e = dir.resolve("exp.yaml");
        Files.writeString(e, "name: t\nworkload: {swf: trace.swf}\nmachines: [{name: m1, nodes: 8}]\n"
                + "strategy: market\nmarket:\n  " + setting + "\n");
        for (String command : new String[] {"run", "validate"}) {
            Cli r = Cli.run(command, e.toString());
            assertEquals(2, r.exit(), r.err());
            String err = r.err().strip();
            assertFalse(err.contains("\n"), "one line: " + err);
            assertFalse(err.contains("Exception"), err);
            assertTrue(err.contains("exp.yaml:6:"), err);
            assertTrue(err.contains(field), err);
            assertTrue(err.contains(value), err);
        }
    }
}
