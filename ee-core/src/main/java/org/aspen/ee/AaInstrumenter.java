package org.aspen.ee;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Rewrites an AA's classes, once, when its jar is read ({@link AaCode#parse}), so that its handler
 * budget is enforced inside its own code (docs/ee.md, "Runaway code"):
 *
 * <ul>
 *   <li>a budget check ({@code Tick$.tick()}, see {@link AaBudget#tick()}) at every method entry, before
 *   every backward jump or switch (a loop's back-edge) and at the start of every exception handler
 *   that names a type, so a loop, a recursion or a {@code catch (Throwable)} cannot outlast the budget;</li>
 *   <li>array allocations charged by their length ({@code Tick$.alloc(int, int)}), so a loop that allocates
 *   is stopped before it has filled the heap; arrays and objects ({@code Tick$.obj()}) are also
 *   counted in bytes against the AA's memory quota ({@link AaMemory});</li>
 *   <li>refusal, with the class and method named, of code that calls the JDK's blocking primitives
 *   ({@link #blocking}): a handler that sleeps or waits would hold the node's loop where no check
 *   can reach it;</li>
 *   <li>refusal of an exception handler that covers its own code (javac emits one only for
 *   {@code synchronized}, where it is harmless and accepted): a check that throws there would loop.</li>
 * </ul>
 *
 * Inserted calls take nothing from and leave nothing on the operand stack, and no instruction is
 * inserted between a label and its stack-map frame, so the class's frames stay valid as they are.
 * Nothing here loads a class.
 */
final class AaInstrumenter {
    /** The per-loader class the checks call (defined by {@link AaClassLoader}, never by a jar). */
    static final String TICK = "org/aspen/ee/aa/Tick$";

    private AaInstrumenter() {
    }

    /**
     * The instrumented class.
     *
     * @throws AaException naming the class and method when the code blocks, has a self-covering
     *                     handler, or is not valid class bytes
     */
    static byte[] instrument(String className, byte[] bytes) {
        ClassNode cn = new ClassNode();
        try {
            new ClassReader(bytes).accept(cn, 0);
        } catch (RuntimeException e) {
            throw new AaException("class " + className + " is not valid class bytes (" + e + ")");
        }
        if (cn.name.equals(TICK)) {
            throw new AaException("class " + className + " is the EE's own budget class; an AA may not define it");
        }
        boolean hasInit = false;
        for (MethodNode m : cn.methods) {
            if (m.instructions.size() > 0) {
                String where = className + "." + m.name;
                refuseBlocking(where, m);
                refuseSelfCoveringHandlers(where, m);
                addChecks(m);
            }
            if (m.name.equals("<clinit>")) {
                hasInit = true;
                m.instructions.insert(initialised(cn.name));   // before everything, the entry's check too
            }
        }
        if (!hasInit) {
            // every class says when it is initialised, so the memory count reads only initialised statics
            MethodNode init = new MethodNode(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "<clinit>", "()V", null, null);
            init.instructions.add(initialised(cn.name));
            init.instructions.add(new org.objectweb.asm.tree.InsnNode(Opcodes.RETURN));
            cn.methods.add(init);
        }
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        try {
            cn.accept(w);
        } catch (RuntimeException e) {
            throw new AaException("class " + className + " could not be instrumented (" + e + ")");
        }
        return w.toByteArray();
    }

    private static void addChecks(MethodNode m) {
        InsnList code = m.instructions;
        // indexes before any insertion: a jump is backward when its target comes first
        Set<AbstractInsnNode> tickBefore = new LinkedHashSet<>();
        List<AbstractInsnNode> arrays = new ArrayList<>();
        List<AbstractInsnNode> objects = new ArrayList<>();
        for (AbstractInsnNode i : code) {
            int at = code.indexOf(i);
            if (i instanceof JumpInsnNode j && code.indexOf(j.label) <= at) {
                tickBefore.add(i);
            } else if (i instanceof TableSwitchInsnNode t && backward(code, at, t.dflt, t.labels)) {
                tickBefore.add(i);
            } else if (i instanceof LookupSwitchInsnNode l && backward(code, at, l.dflt, l.labels)) {
                tickBefore.add(i);
            } else if (i.getOpcode() == Opcodes.NEWARRAY || i.getOpcode() == Opcodes.ANEWARRAY) {
                arrays.add(i);
            } else if (i.getOpcode() == Opcodes.NEW) {
                objects.add(i);
            } else if (i.getOpcode() == Opcodes.MULTIANEWARRAY) {
                tickBefore.add(i);
            }
        }
        for (TryCatchBlockNode h : m.tryCatchBlocks) {
            if (h.type != null) {
                // after the handler's label, line number and frame: at its first instruction
                AbstractInsnNode first = h.handler;
                while (first != null && first.getOpcode() < 0) {
                    first = first.getNext();
                }
                if (first != null) {
                    tickBefore.add(first);
                }
            }
        }
        for (AbstractInsnNode i : tickBefore) {
            code.insertBefore(i, tick());
        }
        for (AbstractInsnNode i : arrays) {
            // the length is on the stack: alloc(int, int) charges it (checks, and bytes of the element
            // size 1 << shift to the AA's memory count) and leaves it there
            code.insertBefore(i, new org.objectweb.asm.tree.IntInsnNode(Opcodes.BIPUSH, elementShift(i)));
            code.insertBefore(i, new MethodInsnNode(Opcodes.INVOKESTATIC, TICK, "alloc", "(II)I", false));
        }
        for (AbstractInsnNode i : objects) {
            // an object: its bytes to the AA's memory count (not a check: the check budget is as it was).
            // After the NEW, not before: a frame's uninitialised type names the label just before it
            code.insert(i, new MethodInsnNode(Opcodes.INVOKESTATIC, TICK, "obj", "()V", false));
        }
        code.insert(tick());   // method entry
    }

    /** log2 of an array element's bytes: a reference counts 4 (compressed), a boolean 1. */
    private static int elementShift(AbstractInsnNode i) {
        if (i.getOpcode() == Opcodes.ANEWARRAY) {
            return 2;
        }
        return switch (((org.objectweb.asm.tree.IntInsnNode) i).operand) {
            case Opcodes.T_BOOLEAN, Opcodes.T_BYTE -> 0;
            case Opcodes.T_CHAR, Opcodes.T_SHORT -> 1;
            case Opcodes.T_INT, Opcodes.T_FLOAT -> 2;
            default -> 3;
        };
    }

    private static boolean backward(InsnList code, int at, LabelNode dflt, List<LabelNode> labels) {
        if (code.indexOf(dflt) <= at) {
            return true;
        }
        for (LabelNode l : labels) {
            if (code.indexOf(l) <= at) {
                return true;
            }
        }
        return false;
    }

    /** {@code Tick$.init(ThisClass.class)}: the class is being initialised ({@link AaMemory} may read its statics). */
    private static InsnList initialised(String internalName) {
        InsnList l = new InsnList();
        l.add(new LdcInsnNode(Type.getObjectType(internalName)));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TICK, "init", "(Ljava/lang/Class;)V", false));
        return l;
    }

    private static MethodInsnNode tick() {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, TICK, "tick", "()V", false);
    }

    private static void refuseSelfCoveringHandlers(String where, MethodNode m) {
        InsnList code = m.instructions;
        for (TryCatchBlockNode h : m.tryCatchBlocks) {
            int handler = code.indexOf(h.handler);
            int end = code.indexOf(h.end);
            if (code.indexOf(h.start) <= handler && handler < end) {
                boolean harmless = h.type == null;   // javac's synchronized: astore, aload, monitorexit
                for (AbstractInsnNode i = h.handler; harmless && i != h.end; i = i.getNext()) {
                    int op = i.getOpcode();
                    harmless = op < 0 || op == Opcodes.ASTORE || op == Opcodes.ALOAD || op == Opcodes.MONITOREXIT;
                }
                if (!harmless) {
                    throw new AaException(where + " has an exception handler that covers its own code; the EE cannot"
                            + " stop such code (recompile it with javac)");
                }
            }
        }
    }

    private static void refuseBlocking(String where, MethodNode m) {
        for (AbstractInsnNode i : m.instructions) {
            String call = null;
            if (i instanceof MethodInsnNode c) {
                call = blocking(c.owner, c.name, c.desc);
            } else if (i instanceof FieldInsnNode f && f.owner.equals("java/lang/System") && f.name.equals("in")) {
                call = "java.lang.System.in";
            } else if (i instanceof InvokeDynamicInsnNode d) {
                for (Object a : d.bsmArgs) {
                    if (a instanceof Handle h && call == null) {
                        call = blocking(h.getOwner(), h.getName(), h.getDesc());
                    }
                }
            } else if (i instanceof LdcInsnNode l && l.cst instanceof Handle h) {
                call = blocking(h.getOwner(), h.getName(), h.getDesc());
            }
            if (call != null) {
                throw new AaException(where + " calls " + call + ", which blocks the node's loop; AA handlers must not"
                        + " block (use the context's timers, docs/writing-an-aa.md)");
            }
        }
    }

    private static final Set<String> CONCURRENT_WAITS = Set.of("take", "await", "acquire", "acquireUninterruptibly",
            "awaitTermination", "exchange", "invokeAll", "invokeAny", "awaitAdvance", "awaitAdvanceInterruptibly",
            "arriveAndAwaitAdvance", "lockInterruptibly", "awaitNanos", "awaitUntil", "awaitUninterruptibly");
    private static final Set<String> NET_ALLOWED = Set.of("java/net/URI", "java/net/URLEncoder", "java/net/URLDecoder",
            "java/net/IDN", "java/net/URISyntaxException");

    /**
     * The blocking call this is, as {@code owner.name}, or null: sleeping, waiting, joining, parking,
     * waiting on java.util.concurrent's latches, queues, futures and locks, and I/O that waits on the
     * world (sockets and other java.net connections, channels, files, the console, processes).
     */
    static String blocking(String owner, String name, String desc) {
        boolean blocks = switch (owner) {
            case "java/lang/Thread" -> name.equals("sleep") || name.equals("join");
            case "java/util/concurrent/locks/LockSupport" -> name.startsWith("park");
            case "java/lang/Process", "java/lang/ProcessBuilder", "java/io/Console", "java/nio/file/Files",
                 "java/io/FileInputStream", "java/io/FileOutputStream", "java/io/FileReader", "java/io/FileWriter",
                 "java/io/RandomAccessFile" -> true;
            case "java/lang/Runtime" -> name.equals("exec");
            default -> false;
        };
        if (name.equals("wait") && (desc.equals("()V") || desc.equals("(J)V") || desc.equals("(JI)V"))) {
            blocks = true;   // Object.wait on any receiver
        }
        if (owner.startsWith("java/util/concurrent/")) {
            blocks |= CONCURRENT_WAITS.contains(name)
                    || (name.equals("put") && owner.contains("Blocking"))
                    || ((name.equals("get") || name.equals("join")) && (owner.contains("Future") || owner.endsWith("Task")))
                    || ((name.equals("poll") || name.equals("offer") || name.equals("tryLock") || name.equals("tryAcquire"))
                        && desc.contains("Ljava/util/concurrent/TimeUnit;"));
        }
        if ((owner.startsWith("java/net/") && !NET_ALLOWED.contains(owner)) || owner.startsWith("java/nio/channels/")) {
            blocks = true;
        }
        return blocks ? Type.getObjectType(owner).getClassName() + "." + name : null;
    }

    /**
     * The per-loader class the checks call: its static final field holds the loader's
     * {@link AaBudget}, so the JIT sees a constant and a check is one decrement.
     */
    static byte[] tickClass() {
        String budget = Type.getInternalName(AaBudget.class);
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, TICK,
                null, "java/lang/Object", null);
        w.visitField(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_PRIVATE, "B", "L" + budget + ";", null, null)
                .visitEnd();
        var init = w.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        init.visitCode();
        init.visitLdcInsn(Type.getObjectType(TICK));
        init.visitMethodInsn(Opcodes.INVOKESTATIC, budget, "of", "(Ljava/lang/Class;)L" + budget + ";", false);
        init.visitFieldInsn(Opcodes.PUTSTATIC, TICK, "B", "L" + budget + ";");
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        var tick = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "tick", "()V", null, null);
        tick.visitCode();
        tick.visitFieldInsn(Opcodes.GETSTATIC, TICK, "B", "L" + budget + ";");
        tick.visitMethodInsn(Opcodes.INVOKEVIRTUAL, budget, "tick", "()V", false);
        tick.visitInsn(Opcodes.RETURN);
        tick.visitMaxs(0, 0);
        tick.visitEnd();
        var alloc = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "alloc", "(II)I", null, null);
        alloc.visitCode();
        alloc.visitFieldInsn(Opcodes.GETSTATIC, TICK, "B", "L" + budget + ";");
        alloc.visitVarInsn(Opcodes.ILOAD, 0);
        alloc.visitVarInsn(Opcodes.ILOAD, 1);
        alloc.visitMethodInsn(Opcodes.INVOKEVIRTUAL, budget, "charge", "(II)V", false);
        alloc.visitVarInsn(Opcodes.ILOAD, 0);
        alloc.visitInsn(Opcodes.IRETURN);
        alloc.visitMaxs(0, 0);
        alloc.visitEnd();
        var inited = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "init", "(Ljava/lang/Class;)V", null, null);
        inited.visitCode();
        inited.visitFieldInsn(Opcodes.GETSTATIC, TICK, "B", "L" + budget + ";");
        inited.visitVarInsn(Opcodes.ALOAD, 0);
        inited.visitMethodInsn(Opcodes.INVOKEVIRTUAL, budget, "initialised", "(Ljava/lang/Class;)V", false);
        inited.visitInsn(Opcodes.RETURN);
        inited.visitMaxs(0, 0);
        inited.visitEnd();
        var obj = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "obj", "()V", null, null);
        obj.visitCode();
        obj.visitFieldInsn(Opcodes.GETSTATIC, TICK, "B", "L" + budget + ";");
        obj.visitMethodInsn(Opcodes.INVOKEVIRTUAL, budget, "object", "()V", false);
        obj.visitInsn(Opcodes.RETURN);
        obj.visitMaxs(0, 0);
        obj.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }
}
