package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.aspen.acc.aa.AccConfig;
import org.aspen.ee.AaCode;
import org.aspen.ee.AaInstance;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.vnet.link.LinkConfig;
import org.junit.jupiter.api.Test;

/** The jars: Maven's and AccJars' both load in an EE; AccJars is byte-stable; config round-trips. */
class PackagingTest {
    @Test
    void theJarsTheBuildWroteStartInAnEe() throws Exception {
        AccLab lab = new AccLab(1).add("x").add("y").connect("x", "y", LinkConfig.DEFAULT).routes();
        ExecutionEnvironment ee = lab.ee("x");
        for (String prop : new String[] {"aa.acc.monitor.jar", "aa.acc.filter.jar"}) {
            byte[] jar = Files.readAllBytes(Path.of(System.getProperty(prop)));
            ee.trust().allowJar(jar);
            AaInstance i = ee.startAa(jar, Map.of());
            assertTrue(i.isRunning(), prop);
            assertEquals(AccJars.VERSION, i.version());
        }
    }

    @Test
    void packedJarsAreByteStableAndNamed() {
        assertArrayEquals(AccJars.monitor(), AccJars.monitor());
        AaCode m = AaCode.parse(AccJars.monitor(), null);
        AaCode f = AaCode.parse(AccJars.filter(), null);
        assertEquals(AccConfig.MONITOR_AA, m.name());
        assertEquals(AccConfig.FILTER_AA, f.name());
        assertEquals("org.aspen.acc.aa.AccMonitor", m.entryClass());
    }

    @Test
    void installStartsTheMonitorWithItsConfigAndCachesTheFilter() {
        AccLab lab = new AccLab(1).add("x").add("y").connect("x", "y", LinkConfig.DEFAULT).routes();
        AccConfig cfg = AccConfig.DEFAULT.withMinRttMicros(40_000).withMaxDelete(64);
        AaInstance mon = AccSetup.install(lab.ee("x"), cfg);
        assertTrue(mon.isRunning());
        assertTrue(lab.ee("x").cache().contains(AaCode.parse(AccJars.filter(), null).digestHex()));
        assertEquals(cfg, AccConfig.fromParams(cfg.toParams()));
        assertThrows(IllegalArgumentException.class, () -> AccConfig.fromParams(Map.of("minRtt", "5")));
        assertThrows(IllegalArgumentException.class, () -> AccConfig.fromParams(Map.of("maxDelete", "lots")));
    }

    @Test
    void theNotifyParameterIsWrittenOnlyWhenNotTheDefault() {
        assertEquals(List.of("minRttMicros", "maxDelete", "filterMaxLifetimeMs", "localFilter", "filterAa", "deletion",
                "oncePerSrtt", "skipRecovery"), List.copyOf(AccConfig.DEFAULT.toParams().keySet()));
        AccConfig only = AccConfig.DEFAULT.withNotification(AccConfig.Notify.WINDOW_ONLY);
        assertEquals("window-only", only.toParams().get("notify"));
        assertEquals(only, AccConfig.fromParams(only.toParams()));
        assertEquals(AccConfig.DEFAULT, AccConfig.fromParams(Map.of("notify", "resend")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AccConfig.fromParams(Map.of("notify", "nack")));
        assertEquals("unknown ACC notification 'nack' (known: resend, window-only)", e.getMessage());
    }
}
