package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The allow-list (issue 30 item 1): AAs written to do harm are refused when their jar is read, in
 * one line naming the class, the method, what it referenced and why; the node they were deployed
 * to refuses them, counts the refusal and forwards on. An AA that uses what AAs need is accepted.
 */
class AllowListTest {
    private static final String DOC = " (docs/writing-an-aa.md, \"What an AA may use\")";

    private static String refusal(String cls) {
        return assertThrows(AaException.class, () -> AaCode.parse(HostileAas.jar(cls), null)).getMessage();
    }

    @Test
    void exitHaltReflectionThreadsAndUnseededRandomAreRefusedInOneLineNamingTheClassMethodAndReference() {
        assertEquals("t.Exit.lambda$start$0 references java.lang.System.exit(int), which is not on the AA allow-list:"
                + " it would end or change the node's process" + DOC, refusal("Exit"));
        assertEquals("t.Halt.lambda$start$0 references java.lang.Runtime.getRuntime(), which is not on the AA allow-list:"
                + " it would end or change the node's process" + DOC, refusal("Halt"));
        assertEquals("t.ReflectiveSleep.lambda$start$0 references java.lang.Class.forName(java.lang.String), which is not"
                + " on the AA allow-list: class loading runs code this list has not seen" + DOC, refusal("ReflectiveSleep"));
        assertEquals("t.Spawn.start references class java.lang.Thread, which is not on the AA allow-list: threads run"
                + " outside the node's loop and the AA's budget; use ctx.schedule(...)" + DOC, refusal("Spawn"));
        assertEquals("t.Worker references class java.lang.Thread, which is not on the AA allow-list: threads run"
                + " outside the node's loop and the AA's budget; use ctx.schedule(...)" + DOC, refusal("Worker"));
        assertEquals("t.Dice.<init> references new java.util.Random(), which is not on the AA allow-list: its randomness"
                + " is not seeded by the run; use ctx.random()" + DOC, refusal("Dice"));
        assertEquals("t.MathRandom.start references java.lang.Math.random(), which is not on the AA allow-list: its"
                + " randomness is not seeded by the run; use ctx.random()" + DOC, refusal("MathRandom"));
        assertEquals("t.LocalRandom.start references java.util.concurrent.ThreadLocalRandom.current(), which is not on"
                + " the AA allow-list: its randomness is not seeded by the run; use ctx.random()" + DOC, refusal("LocalRandom"));
        assertEquals("t.WallClock.start references java.lang.System.currentTimeMillis(), which is not on the AA"
                + " allow-list: it reads the host's clock, which differs between runs; use ctx.nanos() or ctx.now()" + DOC,
                refusal("WallClock"));
        assertEquals("t.InstantNow.start references java.time.Instant.now(), which is not on the AA allow-list: it reads"
                + " the host's clock, which differs between runs; use ctx.nanos() or ctx.now()" + DOC, refusal("InstantNow"));
    }

    @Test
    void theOtherCategoriesOfTheIssueAreRefusedToo() {
        assertEquals("t.ExitRef.start references java.lang.System.exit(int), which is not on the AA allow-list: it would"
                + " end or change the node's process" + DOC, refusal("ExitRef"));   // a method reference
        // a blocking call keeps the words of the blocking check, even reached through a listed class
        assertEquals("t.Waiter.start calls java.lang.Object.wait, which blocks the node's loop; AA handlers must not block"
                + " (use the context's timers, docs/writing-an-aa.md)", refusal("Waiter"));
        assertEquals("t.Parallel.start references java.util.stream.IntStream.parallel(), which is not on the AA"
                + " allow-list: threads run outside the node's loop and the AA's budget; use ctx.schedule(...)" + DOC,
                refusal("Parallel"));
        assertTrue(refusal("Pool").startsWith("t.Pool.start references java.util.concurrent.ForkJoinPool.commonPool()"),
                refusal("Pool"));
        assertEquals("t.Files.start references java.nio.file.Path.of(java.lang.String, java.lang.String[]), which is not"
                + " on the AA allow-list: files are the host's, not the AA's" + DOC, refusal("Files"));
        assertEquals("t.Props.start references java.lang.System.setProperty(java.lang.String, java.lang.String), which is"
                + " not on the AA allow-list: it reads or changes settings of the whole node process" + DOC, refusal("Props"));
        assertEquals("t.Print.start references java.lang.System.out, which is not on the AA allow-list: the node's console"
                + " is not the AA's; log with ctx.log()" + DOC, refusal("Print"));
        assertEquals("t.Handles.start references java.lang.invoke.MethodHandles.lookup(), which is not on the AA"
                + " allow-list: method handles reach any member, past this list" + DOC, refusal("Handles"));
        assertEquals("t.Unsafe.start references class sun.misc.Unsafe, which is not on the AA allow-list: it reads and"
                + " writes memory outside the Java heap's rules" + DOC, refusal("Unsafe"));
        assertEquals("t.Finalizer.finalize overrides Object.finalize, which is not on the AA allow-list: finalizers run on"
                + " the JVM's own thread, outside the node's loop and the AA's budget" + DOC, refusal("Finalizer"));
        for (String cls : HostileAas.SOURCES.keySet()) {
            String why = refusal(cls.substring(2));
            assertEquals(1, why.lines().count(), why);
        }
    }

    @Test
    void anAaThatUsesWhatAasNeedIsAcceptedAndRuns() {
        SimLab lab = new SimLab();
        AaInstance good = lab.start("b", TestJars.jar("good", "1", "t.Good", HostileAas.GOOD), Map.of("limit", "3"));
        for (int i = 0; i < 4; i++) {
            String payload = "p" + "x".repeat(i);
            lab.net.at(i * 1_000_000L, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, payload));
        }
        lab.run(1_000_000_000L);
        assertEquals(4, lab.raw("c"));
        assertEquals(AaInstance.State.RUNNING, good.state());
        assertEquals(0, good.counters().errors);
    }

    @Test
    void theTestAasOfTheOtherEeTestsPassExceptTheThreeThatProbeBeneathTheList() {
        for (byte[] jar : new byte[][] {TestAas.diverter("d"), TestAas.echo("e", "1"), TestAas.passThrough("p"),
                TestJars.jar("runaway", "1", "t.Runaway", TestAas.RUNAWAY)}) {
            AaCode.parse(jar, null);
        }
        AaException e = assertThrows(AaException.class, () -> AaCode.parse(TestJars.jar("spin", "1", "t.Spinner", TestAas.SPINNER), null));
        assertTrue(e.getMessage().startsWith("t.Spinner.lambda$start$0 references java.lang.System.nanoTime()"), e.getMessage());
    }

    @Test
    void aRefusedAaLeavesTheNodeForwardingAndIsCounted() {
        SimLab lab = new SimLab();
        for (String cls : new String[] {"Exit", "Halt", "ReflectiveSleep", "Spawn", "Dice"}) {
            byte[] jar = HostileAas.jar(cls);
            assertThrows(AaException.class, () -> lab.start("b", jar, Map.of()));
        }
        assertEquals(5, lab.ee("b").counters().refused);
        lab.net.at(0, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "after"));
        lab.run(1_000_000_000L);
        assertEquals(1, lab.raw("c"));
    }

    @Test
    void bytecodeJavacDoesNotWriteIsCheckedToo() {
        // a method handle constant (ldc) of System.exit, and invokedynamic with a bootstrap of its own
        String ldc = AaAllowList.refusal(AaAllowList.read(Map.of("t.H", handCrafted(
                m -> m.visitLdcInsn(new Handle(Opcodes.H_INVOKESTATIC, "java/lang/System", "exit", "(I)V", false))))));
        assertEquals("t.H.run references a method handle constant of java.lang.System.exit(int), which is not on the AA"
                + " allow-list: method handles reach any member, past this list" + DOC, ldc);
        Handle bsm = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/ConstantBootstraps", "invoke",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/invoke/MethodHandle;"
                        + "[Ljava/lang/Object;)Ljava/lang/Object;", false);
        String why = AaAllowList.refusal(AaAllowList.read(Map.of("t.H", handCrafted(m -> m.visitInvokeDynamicInsn("x", "()V", bsm)))));
        assertTrue(why.startsWith("t.H.run references bootstrap method java.lang.invoke.ConstantBootstraps.invoke("), why);
        // a class that takes a JDK class's name, or is not the class its entry names
        AaException shadow = assertThrows(AaException.class, () -> AaAllowList.read(Map.of("java.util.Evil", classNamed("java/util/Evil"))));
        assertTrue(shadow.getMessage().contains("has the name of a class the JDK or the EE provides"), shadow.getMessage());
        AaException other = assertThrows(AaException.class, () -> AaAllowList.read(Map.of("t.A", classNamed("t/B"))));
        assertEquals("class t.A holds class t/B; a jar entry must hold the class it names", other.getMessage());
        // a multi-release jar's other versions are never loaded: not read (as before the list)
        assertEquals(Map.of(), AaAllowList.read(Map.of("META-INF.versions.11.t.B", classNamed("t/B"))));
    }

    /**
     * Puts the hostile AAs (refused) and the good one (accepted) into the AA-code fuzz corpus
     * (docs/fuzzing.md): {@code mvn -B -o -pl ee-core -am test -Dtest='AllowListTest#writeSeeds'
     * -Daspen.fuzz.writeSeeds=true -Dsurefire.failIfNoSpecifiedTests=false}.
     */
    @Test
    @EnabledIfSystemProperty(named = "aspen.fuzz.writeSeeds", matches = "true")
    void writeSeeds() throws java.io.IOException {
        Path dir = Path.of("src/test/resources/org/aspen/ee/fuzz/AaCodeFuzzTestInputs/parse");
        Files.createDirectories(dir);
        for (String cls : HostileAas.SOURCES.keySet()) {
            String name = cls.substring(2);
            Files.write(dir.resolve("refused-" + name.toLowerCase(java.util.Locale.ROOT)), HostileAas.jar(name));
        }
        Files.write(dir.resolve("accepted-many-jdk-uses"), TestJars.jar("good", "1", "t.Good", HostileAas.GOOD));
    }

    private static byte[] handCrafted(java.util.function.Consumer<MethodVisitor> body) {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "t/H", null, "java/lang/Object", null);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", null, null);
        m.visitCode();
        body.accept(m);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    private static byte[] classNamed(String internalName) {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, internalName, null, "java/lang/Object", null);
        w.visitEnd();
        return w.toByteArray();
    }
}
