package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FaultIsolationTest {
    private static void trickle(SimLab lab, int n) {
        for (int i = 0; i < n; i++) {
            int k = i;
            lab.net.at(i * 1_000_000L, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "t" + k));
        }
    }

    @Test
    void throwingAaIsStoppedAfterMaxErrorsAndTheNodeKeepsForwarding() {
        SimLab lab = new SimLab();
        AaInstance aa = lab.start("b", TestAas.diverter("thrower"), Map.of("mode", "throw"));
        trickle(lab, 10);
        lab.run(1_000_000_000L);
        assertEquals(AaInstance.State.STOPPED, aa.state());
        assertEquals(5, aa.counters().errors);
        assertTrue(aa.stopReason().startsWith("5 handler failures (last: packet threw java.lang.IllegalStateException: boom 5"),
                aa.stopReason());
        // the five it swallowed are lost; the node forwarded the rest
        assertEquals(5, lab.raw("c"));
        assertEquals(5, lab.b.counters().forwarded);
        assertEquals(1, lab.ee("b").counters().stopped);
    }

    @Test
    void slowAaIsStoppedByItsBudgetInTheSimulation() {
        SimLab lab = new SimLab();
        ExecutionEnvironment ee = lab.ee("b");
        // virtual time stands still inside a handler, so this clock charges 150 ms per reading to
        // the AA called "slow" once it handles packets: a stand-in for a handler that computes too long
        AtomicLong charged = new AtomicLong();
        ee.setHandlerClock(() -> {
            AaInstance now = ee.current();
            if (now != null && now.name().equals("slow") && now.counters().packets > 0) {
                charged.addAndGet(150_000_000L);
            }
            return lab.net.now() + charged.get();
        });
        AaInstance slow = lab.start("b", TestAas.diverter("slow"), Map.of("mode", "pass"));
        AaInstance fine = lab.start("b", TestAas.diverter("fine"), Map.of("mode", "pass"));
        trickle(lab, 10);
        lab.run(1_000_000_000L);
        assertEquals(AaInstance.State.STOPPED, slow.state());
        assertEquals("packet handler took 150.0 ms, over its 100.0 ms budget", slow.stopReason());
        assertEquals(1, slow.counters().packets);
        assertTrue(fine.isRunning());
        assertEquals(10, fine.counters().packets);
        assertEquals(10, lab.raw("c"));
    }

    @Test
    void packetsQueuedForAnAaThatIsStoppedAreHandedBackToTheNode() {
        SimLab lab = new SimLab();
        AaInstance thrower = lab.start("b", TestAas.diverter("thrower"), Map.of("mode", "throw"));
        // ten at once: all queued before the AA's first turn; it fails five times and is stopped
        lab.net.at(0, "a", () -> {
            for (int i = 0; i < 10; i++) {
                SimLab.sendRaw(lab.a, SimLab.C, "q" + i);
            }
        });
        lab.run(1_000_000_000L);
        assertEquals(AaInstance.State.STOPPED, thrower.state());
        assertEquals(5, thrower.counters().packets);
        assertEquals(5, thrower.counters().released);
        assertEquals(0, thrower.counters().queueDrops);
        assertEquals(5, lab.raw("c"));
        assertTrue(lab.rawLog.get("c").toString().startsWith("q5 "));
    }

    @Test
    void reallySpinningHandlerIsMeasuredAndStopped() {
        SimLab lab = new SimLab(SimLab.delayed(0), EeConfig.DEFAULT.withHandlerBudgetNanos(20_000_000L));
        ExecutionEnvironment ee = lab.ee("b");
        ee.skipAllowListForTests();   // the spinner reads the host's clock
        AaInstance spin = lab.start("b", TestJars.jar("spin", "1", "t.Spinner", TestAas.SPINNER), Map.of("spinMs", "60"));
        ee.setHandlerClock(System::nanoTime);  // the real runtime's node clock is the monotonic wall clock
        trickle(lab, 3);
        lab.run(1_000_000_000L);
        assertEquals(AaInstance.State.STOPPED, spin.state());
        assertTrue(spin.stopReason().startsWith("packet handler took "), spin.stopReason());
        assertTrue(spin.counters().maxHandlerNanos >= 60_000_000L);
        assertEquals(3, lab.raw("c"));
    }

    @Test
    void whereAWatchdogWatchesATurnOfTheQueueIsTimedAsAWhole() throws Exception {
        for (boolean watched : new boolean[] {false, true}) {
            SimLab lab = new SimLab();
            ExecutionEnvironment ee = lab.ee("b");
            AaInstance aa = lab.start("b", TestAas.diverter("timed"), Map.of("mode", "pass"));
            // a clock that moves 1 ms per reading: what the AA is charged says how often it was read
            AtomicLong readings = new AtomicLong();
            ee.setHandlerClock(() -> readings.incrementAndGet() * 1_000_000L);
            try (HandlerWatchdog dog = new HandlerWatchdog(EeConfig.DEFAULT.handlerBudgetNanos(), System::nanoTime)) {
                ee.setWatchdog(watched ? dog : null);
                lab.net.at(0, "a", () -> {
                    for (int i = 0; i < 10; i++) {
                        SimLab.sendRaw(lab.a, SimLab.C, "w" + i);
                    }
                });
                lab.run(1_000_000_000L);   // the ten wait at b together: one turn
            }
            assertEquals(10, aa.counters().packets);
            assertEquals(10, lab.raw("c"));
            assertTrue(aa.isRunning());
            // one reading per call and one at the turn's start; with a watchdog, the turn's start and end
            assertEquals(watched ? 2 : 11, readings.get());
            assertEquals(watched ? 1_000_000L : 10_000_000L, aa.counters().handlerNanos);
            assertEquals(1_000_000L, aa.counters().maxHandlerNanos);
            ee.setWatchdog(null);
        }
    }

    @Test
    void watchdogMarksACallThatKeepsTheCpuBusyAndItsNextSlowCheckThrows() throws Exception {
        try (HandlerWatchdog dog = new HandlerWatchdog(20_000_000L, System::nanoTime)) {
            HandlerWatchdog.Slot slot = dog.slot();
            AaBudget budget = new AaBudget();
            assertTrue(budget.arm(Long.MAX_VALUE));
            slot.enter(budget, 20_000_000L);
            // this thread plays the runaway handler: it spins through checks until the watchdog's mark lands
            AaBudget.Exceeded stopped = null;
            try {
                while (true) {
                    budget.tick();
                }
            } catch (AaBudget.Exceeded e) {
                stopped = e;
            }
            slot.exit();
            assertTrue(stopped.getMessage().startsWith("used ") && stopped.getMessage().endsWith("ms of CPU, over its 20.0 ms budget"),
                    stopped.getMessage());
            assertEquals(stopped.getMessage(), budget.disarm());
            // the next call starts clean
            assertTrue(budget.arm(10));
            assertEquals(null, budget.disarm());
        }
    }

    @Test
    void watchdogDoesNotReportAShortBlockBelowItsWallCeiling() throws Exception {
        try (HandlerWatchdog dog = new HandlerWatchdog(50_000_000L, System::nanoTime)) {
            HandlerWatchdog.Slot slot = dog.slot();
            AaBudget budget = new AaBudget();
            budget.arm(Long.MAX_VALUE);
            slot.enter(budget, 50_000_000L);
            TimeUnit.MILLISECONDS.sleep(150);      // 3 budgets of wall time, almost no CPU: not a runaway
            slot.exit();
            assertEquals(null, budget.disarm(), "a handler off the CPU for 150 ms was reported as an overrun");
        }
    }

    @Test
    void budgetCountsChecksExactly() throws Exception {
        AaBudget budget = new AaBudget();
        budget.arm(10_000);
        for (int i = 0; i < 10_000; i++) {
            budget.tick();
        }
        AaBudget.Exceeded e = org.junit.jupiter.api.Assertions.assertThrows(AaBudget.Exceeded.class, budget::tick);
        assertEquals("ran past its budget of 10,000 checks", e.getMessage());
        // every later check of the call throws again: a catch (Throwable) cannot swallow the unwind
        org.junit.jupiter.api.Assertions.assertThrows(AaBudget.Exceeded.class, budget::tick);
        assertEquals("ran past its budget of 10,000 checks", budget.disarm());
        // outside a call, checks are not limited; once the AA is stopped, they throw
        for (int i = 0; i < 100_000; i++) {
            budget.tick();
        }
        budget.kill();
        Thread own = new Thread(() -> {    // a thread the AA started itself dies once the AA is stopped
            for (int i = 0; i < 2 * AaBudget.SLICE; i++) {
                budget.tick();
            }
        });
        java.util.concurrent.atomic.AtomicReference<Throwable> died = new java.util.concurrent.atomic.AtomicReference<>();
        own.setUncaughtExceptionHandler((t, x) -> died.set(x));
        own.start();
        own.join();
        assertEquals("the AA was stopped", died.get().getMessage());
    }

    @Test
    void aFailureIsLoggedWithTheFramesInTheAasOwnClasses() {
        SimLab lab = new SimLab();
        AaInstance aa = lab.start("b", TestAas.diverter("frames"), Map.of());
        IllegalStateException e = new IllegalStateException("boom");
        e.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("java.util.Objects", "requireNonNull", "Objects.java", 209),
            new StackTraceElement("t.Diverter", "on", "Diverter.java", 33),
            new StackTraceElement("org.aspen.ee.AaInstance", "call", "AaInstance.java", 450),
            new StackTraceElement("t.Diverter", "lambda$start$0", "Diverter.java", 20)});
        assertEquals(" at t.Diverter.on(Diverter.java:33) < t.Diverter.lambda$start$0(Diverter.java:20)", aa.ownFrames(e));
        assertEquals("", aa.ownFrames(new IllegalStateException("thrown here, in the test: no frame of the AA's")));
    }

    @Test
    void aaThatFailsToStartIsRefusedCleanly() {
        SimLab lab = new SimLab();
        byte[] jar = TestJars.jar("bad", "1", "t.Bad", Map.of("t.Bad", """
                package t;
                public final class Bad implements org.aspen.ee.api.ActiveApplication {
                    public void start(org.aspen.ee.api.AaContext c, java.util.Map<String, String> p) throws Exception {
                        throw new java.io.IOException("no config");
                    }
                }
                """));
        AaException e = org.junit.jupiter.api.Assertions.assertThrows(AaException.class, () -> lab.start("b", jar, Map.of()));
        assertTrue(e.getMessage().contains("start threw java.io.IOException: no config"), e.getMessage());
        assertEquals(AaInstance.State.STOPPED, lab.ee("b").instance("bad@1").state());
    }

    @Test
    void aaWhoseConstructorThrowsIsRefusedWithTheCauseNotTheReflectionWrapper() {
        SimLab lab = new SimLab();
        byte[] jar = TestJars.jar("ctor", "1", "t.Ctor", Map.of("t.Ctor", """
                package t;
                public final class Ctor implements org.aspen.ee.api.ActiveApplication {
                    public Ctor() {
                        throw new IllegalStateException("no table\\nsecond line");
                    }
                    public void start(org.aspen.ee.api.AaContext c, java.util.Map<String, String> p) {
                    }
                }
                """));
        AaException e = org.junit.jupiter.api.Assertions.assertThrows(AaException.class, () -> lab.start("b", jar, Map.of()));
        assertTrue(e.getMessage().endsWith("cannot create t.Ctor: its constructor threw java.lang.IllegalStateException: no table second line"),
                e.getMessage());
        assertTrue(!e.getMessage().contains("InvocationTargetException"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());

        byte[] init = TestJars.jar("init", "1", "t.Init", Map.of("t.Init", """
                package t;
                public final class Init implements org.aspen.ee.api.ActiveApplication {
                    static final int N = Integer.parseInt("many");
                    public void start(org.aspen.ee.api.AaContext c, java.util.Map<String, String> p) {
                    }
                }
                """));
        AaException f = org.junit.jupiter.api.Assertions.assertThrows(AaException.class, () -> lab.start("b", init, Map.of()));
        assertTrue(f.getMessage().contains("cannot create t.Init: its static initialiser threw java.lang.NumberFormatException: For input string: \"many\""),
                f.getMessage());
    }
}
