package gridmarket.app;

import gridmarket.agents.SharedData;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceStatsCommandTest {

    @Test
    void reportsTheTraceAgainstItsHeaderSize() {
        Cli r = Cli.run("trace-stats", SharedData.trace("KTH-SP2-1996-2.1-cln").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("28467") || r.out().contains("28,467"), r.out());
        assertTrue(r.out().contains("100"), r.out());
    }

    @Test
    void jsonAndExplicitNodes() {
        Cli r = Cli.run("trace-stats", SharedData.trace("lublin_256").toString(), "--nodes", "128", "--json");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().trim().startsWith("{"), r.out());
        assertTrue(r.out().contains("128"), r.out());
        assertEquals(2, Cli.run("trace-stats", SharedData.trace("lublin_256").toString(), "--nodes", "0").exit());
    }
}
