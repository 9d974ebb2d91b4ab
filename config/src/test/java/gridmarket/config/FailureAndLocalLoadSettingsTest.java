package gridmarket.config;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The failure, outage and local-load settings as the loader fills them: what each key gives back, its default, what
 * it refuses, and which of them make a run have node failures or domain outages (the agents build those only then).
 */
class FailureAndLocalLoadSettingsTest {

    @Test
    void failureSettingsDefaultToNothingAndKeepWhatIsSet() {
        FailuresSpec f = new FailuresSpec();
        assertFalse(f.hasNodeFailures());
        assertFalse(f.hasDomainOutages());
        assertNull(f.getTrace());
        assertNull(f.getMaintenance());
        assertNull(f.getOutages());
        assertNull(f.getOutageModels(), "unset, so a run without outages writes the same experiment.yaml");
        assertTrue(f.outageModelList().isEmpty());
        assertNull(f.getOutageTimeout());
        assertEquals(FailuresSpec.DEFAULT_OUTAGE_TIMEOUT, f.outageTimeoutSeconds());
        assertEquals(60, FailuresSpec.DEFAULT_OUTAGE_TIMEOUT);
        assertNull(f.getFallback());
        assertNull(f.fallbackDomain(), "wait is the default");
        assertEquals(0, f.getCheckpoint());
        assertTrue(f.getModels().isEmpty());

        f.setTrace("failures.csv");
        assertEquals("failures.csv", f.getTrace());
        assertTrue(f.hasNodeFailures());
        assertFalse(f.hasDomainOutages());

        FailuresSpec m = new FailuresSpec();
        m.setMaintenance("maintenance.csv");
        assertEquals("maintenance.csv", m.getMaintenance());
        assertTrue(m.hasNodeFailures());

        FailuresSpec models = new FailuresSpec();
        FailureModelSpec one = new FailureModelSpec();
        models.setModels(List.of(one));
        assertEquals(List.of(one), models.getModels());
        assertTrue(models.hasNodeFailures());
        assertThrows(IllegalArgumentException.class, () -> models.setModels(null));

        f.setCheckpoint(3600);
        assertEquals(3600, f.getCheckpoint());
        f.setCheckpoint(0);
        assertEquals(0, f.getCheckpoint());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> f.setCheckpoint(-1));
        assertTrue(bad.getMessage().contains("got -1"), bad.getMessage());
    }

    @Test
    void outageSettingsMakeDomainOutagesAndRefuseBadValues() {
        FailuresSpec f = new FailuresSpec();
        f.setOutages("outages.csv");
        assertEquals("outages.csv", f.getOutages());
        assertTrue(f.hasDomainOutages());
        assertFalse(f.hasNodeFailures(), "a trader down is not a node down");

        FailuresSpec drawn = new FailuresSpec();
        DomainOutageModelSpec model = new DomainOutageModelSpec();
        drawn.setOutageModels(List.of(model));
        assertEquals(List.of(model), drawn.getOutageModels());
        assertEquals(List.of(model), drawn.outageModelList());
        assertTrue(drawn.hasDomainOutages());
        assertThrows(IllegalArgumentException.class, () -> drawn.setOutageModels(null));

        f.setOutageTimeout(30L);
        assertEquals(30L, f.getOutageTimeout());
        assertEquals(30, f.outageTimeoutSeconds());
        f.setOutageTimeout(1L);
        assertEquals(1, f.outageTimeoutSeconds());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> f.setOutageTimeout(0L));
        assertTrue(zero.getMessage().contains("got 0"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> f.setOutageTimeout(null));

        f.setFallback("wait");
        assertEquals("wait", f.getFallback());
        assertNull(f.fallbackDomain());
        f.setFallback("s2");
        assertEquals("s2", f.getFallback());
        assertEquals("s2", f.fallbackDomain());
    }

    @Test
    void localLoadKeepsItsShareItsPolicyAndItsTraces() {
        LocalLoadSpec l = new LocalLoadSpec();
        assertEquals(0.0, l.getShare());
        assertEquals("fcfs", l.getPolicy());
        assertTrue(l.getTraces().isEmpty());

        l.setShare(0.25);
        assertEquals(0.25, l.getShare());
        l.setShare(1.0);
        assertEquals(1.0, l.getShare());
        l.setShare(0.0);
        assertEquals(0.0, l.getShare());
        IllegalArgumentException above = assertThrows(IllegalArgumentException.class, () -> l.setShare(1.5));
        assertTrue(above.getMessage().contains("1.5"), above.getMessage());
        assertThrows(IllegalArgumentException.class, () -> l.setShare(-0.1));

        l.setPolicy("easy");
        assertEquals("easy", l.getPolicy());
        IllegalArgumentException sjf = assertThrows(IllegalArgumentException.class, () -> l.setPolicy("sjf"));
        assertTrue(sjf.getMessage().contains("'sjf'"), sjf.getMessage());
        assertThrows(IllegalArgumentException.class, () -> l.setPolicy(null));

        Map<String, String> traces = new LinkedHashMap<>();
        traces.put("m1", "local-m1.swf");
        l.setTraces(traces);
        traces.put("m2", "later.swf");
        assertEquals(Map.of("m1", "local-m1.swf"), l.getTraces(), "a copy of what was given");
        assertThrows(IllegalArgumentException.class, () -> l.setTraces(null));
    }
}
