package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.TraceHasher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Runaway AA code in the simulation: the budget checks the EE puts into AA bytecode unwind it, the
 * AA is stopped with the reason, the node keeps forwarding, and the run is the same for the same seed.
 */
class RunawayAaTest {
    private static final EeConfig SMALL = EeConfig.DEFAULT.withHandlerBudgetChecks(1_000_000L);

    private static byte[] runaway(String entry) {
        return TestJars.jar("runaway-" + entry.toLowerCase(), "1", entry, TestAas.RUNAWAY);
    }

    private static void trickle(SimLab lab, int n) {
        for (int i = 0; i < n; i++) {
            int k = i;
            lab.net.at(1_000_000L + i * 1_000_000L, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "t" + k));
        }
    }

    private static String why(String mode) {
        return mode.equals("recurse") ? "packet handler ran out of stack (StackOverflowError)"
                : "packet handler ran past its budget of 50,000,000 checks";
    }

    @ParameterizedTest
    @ValueSource(strings = {"loop", "alloc", "recurse", "swallow"})
    void aRunawayHandlerIsUnwoundAndStoppedAndTheNodeForwardsTheRest(String mode) {
        SimLab lab = new SimLab();
        AaInstance aa = lab.start("b", runaway("t.Runaway"), Map.of("mode", mode));
        trickle(lab, 10);
        lab.run(1_000_000_000L);
        assertEquals(AaInstance.State.STOPPED, aa.state());
        assertEquals(why(mode), aa.stopReason());
        assertEquals(1, aa.counters().overruns);
        assertEquals(1, lab.ee("b").counters().overruns);
        assertEquals(1, aa.counters().packets);
        // the packet inside the runaway handler is lost with it; the node forwarded the other nine
        assertEquals(9, lab.raw("c"));
        assertEquals(9, lab.b.counters().forwarded);
        AaReport row = lab.ee("b").instance(aa.id()).describe();
        assertEquals("stopped", row.state());
        assertEquals(why(mode), row.stopReason());
    }

    @Test
    void aSpinningStartIsStoppedAndRefusedAndTheNodeForwards() {
        SimLab lab = new SimLab(SimLab.delayed(0), SMALL);
        AaException e = assertThrows(AaException.class,
                () -> lab.start("b", runaway("t.Runaway"), Map.of("startMode", "loop")));
        assertTrue(e.getMessage().endsWith("failed to start: start handler ran past its budget of 10,000,000 checks"), e.getMessage());
        assertEquals(1, lab.ee("b").counters().overruns);
        trickle(lab, 3);
        lab.run(1_000_000_000L);
        assertEquals(3, lab.raw("c"));
    }

    @Test
    void aSpinningConstructorOrStaticInitialiserIsRefusedAndTheNodeForwards() {
        SimLab lab = new SimLab(SimLab.delayed(0), SMALL);
        AaException ctor = assertThrows(AaException.class, () -> lab.start("b", runaway("t.SpinCtor"), Map.of()));
        assertTrue(ctor.getMessage().endsWith("cannot create t.SpinCtor: its constructor ran past its budget of 10,000,000 checks"),
                ctor.getMessage());
        // this one catches Throwable around its loop and retries forever: the handler's own check throws again
        AaException init = assertThrows(AaException.class, () -> lab.start("b", runaway("t.SpinInit"), Map.of()));
        assertTrue(init.getMessage().endsWith("cannot create t.SpinInit: ran past its budget of 10,000,000 checks"),
                init.getMessage());
        trickle(lab, 3);
        lab.run(1_000_000_000L);
        assertEquals(3, lab.raw("c"));
    }

    @Test
    void aHandlerThatSleepsIsRefusedWhenItsJarIsRead() {
        SimLab lab = new SimLab();
        byte[] jar = TestJars.jar("sleeper", "1", "t.Sleeper", TestAas.SLEEPER);
        AaException e = assertThrows(AaException.class, () -> lab.start("b", jar, Map.of()));
        assertEquals("t.Sleeper.lambda$start$0 calls java.lang.Thread.sleep, which blocks the node's loop; AA handlers"
                + " must not block (use the context's timers, docs/writing-an-aa.md)", e.getMessage());
        assertEquals(1, lab.ee("b").counters().refused);
    }

    @Test
    void aWellBehavedAaBesideARunawayKeepsRunning() {
        SimLab lab = new SimLab();
        AaInstance bad = lab.start("b", runaway("t.Runaway"), Map.of("mode", "loop"));
        AaInstance fine = lab.start("b", TestAas.diverter("fine"), Map.of("mode", "pass"));
        trickle(lab, 10);
        lab.run(1_000_000_000L);
        assertEquals(AaInstance.State.STOPPED, bad.state());
        assertTrue(fine.isRunning());
        assertEquals(9, fine.counters().packets);
        assertEquals(0, fine.counters().overruns);
    }

    @Test
    void synchronizedCodeIsAcceptedButAHandlerThatCoversItselfIsRefused() {
        // javac's synchronized block has a catch-any handler covering its own monitorexit: harmless
        byte[] sync = TestJars.jar("sync", "1", "t.Sync", Map.of("t.Sync", """
                package t;
                public final class Sync implements org.aspen.ee.api.ActiveApplication {
                    private final Object lock = new Object();
                    private int n;
                    public void start(org.aspen.ee.api.AaContext c, java.util.Map<String, String> p) {
                        synchronized (lock) { n++; }
                    }
                }
                """));
        SimLab lab = new SimLab();
        assertTrue(lab.start("b", sync, Map.of()).isRunning());
        // hand-made bytecode: a handler for Throwable whose range covers the handler itself and jumps back
        org.objectweb.asm.ClassWriter w = new org.objectweb.asm.ClassWriter(org.objectweb.asm.ClassWriter.COMPUTE_FRAMES);
        w.visit(org.objectweb.asm.Opcodes.V17, org.objectweb.asm.Opcodes.ACC_PUBLIC, "t/Loop", null, "java/lang/Object", null);
        var m = w.visitMethod(org.objectweb.asm.Opcodes.ACC_STATIC, "run", "()V", null, null);
        m.visitCode();
        org.objectweb.asm.Label from = new org.objectweb.asm.Label();
        org.objectweb.asm.Label to = new org.objectweb.asm.Label();
        org.objectweb.asm.Label handler = new org.objectweb.asm.Label();
        m.visitTryCatchBlock(from, to, handler, "java/lang/Throwable");
        m.visitLabel(from);
        m.visitInsn(org.objectweb.asm.Opcodes.NOP);
        m.visitLabel(handler);
        m.visitInsn(org.objectweb.asm.Opcodes.POP);
        m.visitJumpInsn(org.objectweb.asm.Opcodes.GOTO, from);
        m.visitLabel(to);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        AaException e = assertThrows(AaException.class, () -> AaInstrumenter.instrument("t.Loop", w.toByteArray()));
        assertEquals("t.Loop.run has an exception handler that covers its own code; the EE cannot stop such code"
                + " (recompile it with javac)", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"loop", "alloc", "swallow"})
    void theSameSeedGivesTheSameTraceWithARunawayAa(String mode) {
        String first = traceOf(mode);
        assertEquals(first, traceOf(mode));
    }

    private static String traceOf(String mode) {
        SimLab lab = new SimLab();
        TraceHasher hasher = new TraceHasher();
        for (Node n : new Node[] {lab.a, lab.b, lab.c}) {
            n.setTrace(hasher);
        }
        AaInstance aa = lab.start("b", runaway("t.Runaway"), Map.of("mode", mode));
        trickle(lab, 10);
        lab.run(1_000_000_000L);
        return hasher.hex() + " events=" + hasher.events() + " " + aa.stopReason() + " " + aa.counters().counts();
    }
}
