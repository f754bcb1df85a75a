package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SideBySideTest {
    private final SimLab lab = new SimLab();
    private final byte[] v1 = lab.trusted(TestAas.echo("twin", "1"));
    private final byte[] v2 = lab.trusted(TestAas.echo("twin", "2"));

    @Test
    void twoVersionsRunSideBySideAndPacketsReachTheVersionTheirSpecNames() {
        AaInstance one = lab.ee("c").startAa(v1, Map.of());
        AaInstance two = lab.ee("c").startAa(v2, Map.of());
        assertTrue(one.isRunning() && two.isRunning());
        assertNotSame(one.app().getClass(), two.app().getClass());
        lab.net.at(0, "a", () -> {
            SimLab.sendWithSpec(lab.a, SimLab.C, one.code(), "for-1");
            SimLab.sendWithSpec(lab.a, SimLab.C, two.code(), "for-2");
            SimLab.sendWithSpec(lab.a, SimLab.C, two.code(), "for-2b");
        });
        lab.run(1_000_000_000L);
        assertEquals("pkt:for-1 from 10.0.0.2;", one.app().toString());
        assertEquals("pkt:for-2 from 10.0.0.2;pkt:for-2b from 10.0.0.2;", two.app().toString());
        assertEquals(Map.of("packetsSeen", 2L), two.metrics());
        // a message by name goes to the newest running version
        assertEquals(two, lab.ee("c").running("twin"));
    }

    @Test
    void upgradeStartsTheNewVersionThenStopsTheOld() {
        AaInstance one = lab.ee("c").startAa(v1, Map.of());
        AaInstance two = lab.ee("c").upgrade(v2, null, Map.of());
        assertEquals(AaInstance.State.STOPPED, one.state());
        assertEquals("upgraded to 2", one.stopReason());
        assertTrue(two.isRunning());
        assertEquals(2, lab.ee("c").instances().size());
    }

    @Test
    void upgradeToTheVeryCodeAlreadyRunningIsRefusedAndTheOldKeepsRunning() {
        AaInstance one = lab.ee("c").startAa(v1, Map.of());
        AaException e = assertThrows(AaException.class, () -> lab.ee("c").upgrade(v1, null, Map.of()));
        assertTrue(e.getMessage().startsWith("twin@1 already runs this very code"), e.getMessage());
        assertTrue(one.isRunning());
    }

    @Test
    void onlyTheMostRecentStoppedInstancesAreKept() {
        for (int v = 0; v < ExecutionEnvironment.KEEP_STOPPED + 3; v++) {
            lab.ee("c").startAa(lab.trusted(TestAas.echo("many", "v" + v)), Map.of());
            lab.ee("c").stopAa("many@v" + v, "test");
        }
        assertEquals(ExecutionEnvironment.KEEP_STOPPED, lab.ee("c").instances().size());
        assertEquals("many@v3", lab.ee("c").instances().get(0).id());
    }

    @Test
    void sameNameAndVersionWithOtherCodeIsRefused() {
        lab.ee("c").startAa(v1, Map.of());
        byte[] impostor = lab.trusted(TestJars.jar("twin", "1", "t.Diverter", TestAas.DIVERTER));
        AaException e = assertThrows(AaException.class, () -> lab.ee("c").startAa(impostor, Map.of()));
        assertTrue(e.getMessage().startsWith("twin@1 already runs here with other code"), e.getMessage());
        // starting the same code again is idempotent
        assertEquals(lab.ee("c").running("twin"), lab.ee("c").startAa(v1, Map.of()));
    }
}
