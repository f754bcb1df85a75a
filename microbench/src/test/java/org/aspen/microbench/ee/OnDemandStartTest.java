package org.aspen.microbench.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.ee.AaInstance;
import org.junit.jupiter.api.Test;

/** The on-demand benchmark's setup and one shot of each kind, over loopback UDP: what d fetches and runs, never how fast. */
class OnDemandStartTest {
    private static OnDemandStart built(String what) throws Exception {
        OnDemandStart b = new OnDemandStart();
        b.what = what;
        b.build();
        return b;
    }

    @Test
    void theFirstShotFetchesOnceAndTheOthersStartNothingNew() throws Exception {
        for (String what : new String[] {"fetch", "running", "cached"}) {
            OnDemandStart b = built(what);
            try {
                Object shot = b.shot();
                long fetches = b.on("d", () -> b.ees.get(3).counters().fetches);
                assertEquals(1, fetches, what + ": d fetched the jar once, in the first ping");
                AaInstance aa = b.on("d", () -> b.ees.get(3).instance(b.code.id()));
                assertTrue(b.on("d", aa::isRunning), what + ": the AA runs at d");
                assertEquals(what.equals("cached") ? 2L : 1L, (long) b.on("d", () -> b.ees.get(3).counters().started),
                        what + ": starts at d");
                if (what.equals("cached")) {
                    assertTrue(shot instanceof AaInstance);
                }
            } finally {
                b.close();
            }
        }
    }

    @Test
    void anUnknownShotIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> built("warm"));
        assertEquals("what: expected fetch, running or cached, got warm", e.getMessage());
    }
}
