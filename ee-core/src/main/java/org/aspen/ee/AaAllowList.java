package org.aspen.ee;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * The AA allow-list: every class, method and field an AA's bytecode references must be one of the
 * AA's own classes, the AA API ({@code org.aspen.ee.api}), rdp's shared segment codec classes
 * ({@link AaClassLoader#SHARED_RDP_CLASSES}) or a JDK class or member listed here. Anything else
 * refuses the whole jar, in one line naming the AA's class and method, what it referenced and why
 * that is not allowed (docs/writing-an-aa.md, "What an AA may use", has the list and the reasons).
 *
 * <pre>{@code
 * Map<String, ClassNode> classes = ...;   // the jar's classes, by internal name
 * String why = AaAllowList.refusal(classes);   // null: every reference is allowed
 * }</pre>
 *
 * What is checked: the superclass and interfaces; the types of declared fields, methods and their
 * {@code throws}; runtime-visible annotations; every instruction that names a class, field or
 * method ({@code new}, casts, {@code instanceof}, array creation, field access, calls, class
 * constants), exception handler types, and {@code invokedynamic}: its bootstrap method must be one
 * javac emits for lambdas, string concatenation, records or switches ({@link #BOOTSTRAPS}), and
 * each method handle and method type among its arguments is checked like a call. A direct
 * method-handle, method-type or dynamic constant ({@code ldc}) is refused. Constant-pool entries no
 * instruction or listed attribute uses are never resolved by the JVM, so they cannot run.
 *
 * A member is checked where it is declared, too: a call of {@code wait()} on an {@code ArrayList},
 * or of {@code parallel()} on an {@code IntStream}, is refused because {@code Object.wait} and
 * {@code BaseStream.parallel} are; members of the AA's own classes inherited from the JDK are
 * checked as the JDK's. JDK classes are looked at by reflection on the platform loader, without
 * initialising them; nothing of the AA is loaded.
 */
final class AaAllowList {
    /** Where the list and its reasons are written down for AA developers. */
    static final String DOC = "docs/writing-an-aa.md, \"What an AA may use\"";

    /**
     * A listed class's members: all of them but {@code except}, or only {@code only}. An entry is a
     * member name, or a name with the start of its descriptor ({@code "<init>()"}: the constructor
     * without arguments). Exceptions of a class hold for its subtypes too ({@code parallel} of
     * {@code BaseStream} also refuses {@code IntStream.parallel}).
     */
    private record Rule(Set<String> only, Set<String> except) {
        boolean allows(String name, String desc) {
            return only != null ? matches(only, name, desc) : !matches(except, name, desc);
        }

        boolean excludes(String name, String desc) {
            return except != null && matches(except, name, desc);
        }

        private static boolean matches(Set<String> entries, String name, String desc) {
            if (entries.contains(name)) {
                return true;
            }
            for (String e : entries) {
                if (e.length() > name.length() && e.startsWith(name) && e.charAt(name.length()) == '('
                        && desc.startsWith(e.substring(name.length()))) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final Map<String, Rule> CLASSES = new HashMap<>();
    /** Packages (internal name with its trailing slash) whose every class is listed; not their subpackages. */
    private static final Map<String, Rule> PACKAGES = new HashMap<>();
    /** Why something is not allowed, by {@code owner.member}, owner, or package prefix. */
    private static final Map<String, String> REASONS = new HashMap<>();
    /** The invokedynamic bootstrap methods javac emits, as {@code owner.name}. */
    static final Set<String> BOOTSTRAPS = Set.of(
            "java/lang/invoke/LambdaMetafactory.metafactory", "java/lang/invoke/LambdaMetafactory.altMetafactory",
            "java/lang/invoke/StringConcatFactory.makeConcatWithConstants", "java/lang/invoke/StringConcatFactory.makeConcat",
            "java/lang/runtime/ObjectMethods.bootstrap", "java/lang/runtime/SwitchBootstraps.typeSwitch",
            "java/lang/runtime/SwitchBootstraps.enumSwitch");

    static final String CLOCK = "it reads the host's clock, which differs between runs; use ctx.nanos() or ctx.now()";
    static final String RANDOM = "its randomness is not seeded by the run; use ctx.random()";
    private static final String EXIT = "it would end or change the node's process";
    private static final String REFLECTION = "reflection reaches any class and member, past this list";
    private static final String HANDLES = "method handles reach any member, past this list";
    private static final String LOADING = "class loading runs code this list has not seen";
    private static final String UNSAFE = "it reads and writes memory outside the Java heap's rules";
    private static final String NATIVE = "native code runs outside the JVM's checks (JNI)";
    private static final String THREADS = "threads run outside the node's loop and the AA's budget; use ctx.schedule(...)";
    private static final String FILES = "files are the host's, not the AA's";
    private static final String NET = "sockets bypass the node; send with ctx.send(...) or ctx.sendMessage(...)";
    private static final String GLOBAL = "it reads or changes settings of the whole node process";
    private static final String CONSOLE = "the node's console is not the AA's; log with ctx.log()";
    private static final String UNBUDGETED = "it can run for minutes inside the JDK, where no budget check is";
    private static final String GC = "what it sees depends on the garbage collector, so runs differ";
    private static final String OFF_HEAP = "memory outside the heap escapes the node's limits";
    private static final String BLOCKS = "it blocks the node's loop; use the context's timers";
    private static final String UNLISTED = "only reviewed JDK classes and members are on it";

    static {
        // ---- java.lang ----
        all("java/lang/Object", "wait", "finalize");
        why("java/lang/Object.wait", BLOCKS);
        why("java/lang/Object.finalize", THREADS);
        // regular expressions are in (the flakeway AA and vnet's parsers it carries use them), though a
        // backtracking pattern runs inside the JDK where no check is: see the limits in docs/writing-an-aa.md
        all("java/lang/String");
        for (String c : List.of("StringBuilder", "StringBuffer", "CharSequence", "Character", "Character$UnicodeBlock",
                "Character$UnicodeScript", "Character$Subset", "Short", "Byte", "Double", "Float", "Number", "Enum",
                "Record", "Iterable", "Comparable", "Runnable", "AutoCloseable", "Cloneable", "Appendable", "Readable",
                "Void", "StackTraceElement", "Override", "FunctionalInterface", "SafeVarargs", "SuppressWarnings",
                "Deprecated", "Exception", "RuntimeException", "Error", "AssertionError", "ArithmeticException",
                "ArrayIndexOutOfBoundsException", "ArrayStoreException", "ClassCastException",
                "CloneNotSupportedException", "IllegalArgumentException", "IllegalStateException",
                "IndexOutOfBoundsException", "InterruptedException", "NegativeArraySizeException",
                "NullPointerException", "NumberFormatException", "StringIndexOutOfBoundsException",
                "UnsupportedOperationException", "IllegalMonitorStateException", "StackOverflowError",
                "OutOfMemoryError", "VirtualMachineError", "LinkageError", "NoClassDefFoundError",
                "NoSuchFieldError", "NoSuchMethodError", "IncompatibleClassChangeError", "ExceptionInInitializerError",
                "EnumConstantNotPresentException", "TypeNotPresentException", "MatchException",
                "ReflectiveOperationException", "ClassNotFoundException")) {
            all("java/lang/" + c);
        }
        all("java/lang/Throwable", "printStackTrace");
        why("java/lang/Throwable.printStackTrace", CONSOLE + " (ctx.log().warn(\"...\", e) keeps the trace)");
        all("java/lang/Integer", "getInteger");
        all("java/lang/Long", "getLong");
        all("java/lang/Boolean", "getBoolean");
        why("java/lang/Integer.getInteger", GLOBAL);
        why("java/lang/Long.getLong", GLOBAL);
        why("java/lang/Boolean.getBoolean", GLOBAL);
        all("java/lang/Math", "random");
        all("java/lang/StrictMath", "random");
        why("java/lang/Math.random", RANDOM);
        why("java/lang/StrictMath.random", RANDOM);
        only("java/lang/System", "arraycopy", "lineSeparator");
        why("java/lang/System.exit", EXIT);
        why("java/lang/System.currentTimeMillis", CLOCK);
        why("java/lang/System.nanoTime", CLOCK);
        why("java/lang/System.in", CONSOLE);
        why("java/lang/System.out", CONSOLE);
        why("java/lang/System.err", CONSOLE);
        why("java/lang/System.console", CONSOLE);
        why("java/lang/System.load", NATIVE);
        why("java/lang/System.loadLibrary", NATIVE);
        why("java/lang/System.mapLibraryName", NATIVE);
        why("java/lang/System.identityHashCode", "identity hash codes differ between runs");
        why("java/lang/System", GLOBAL);
        // Class: names and type tests only, no reflection or loading
        only("java/lang/Class", "getName", "getSimpleName", "getTypeName", "getCanonicalName", "getPackageName",
                "isInstance", "isAssignableFrom", "cast", "isArray", "isPrimitive", "isInterface", "isEnum", "isRecord",
                "isAnnotation", "desiredAssertionStatus", "componentType", "getComponentType", "arrayType",
                "descriptorString", "getEnumConstants", "hashCode", "equals", "toString");
        why("java/lang/Class", REFLECTION);
        why("java/lang/Class.forName", LOADING);
        why("java/lang/Class.getClassLoader", LOADING);
        why("java/lang/Runtime", EXIT);
        why("java/lang/Shutdown", EXIT);
        why("java/lang/ProcessBuilder", EXIT);
        why("java/lang/Process", EXIT);
        why("java/lang/ProcessHandle", EXIT);
        why("java/lang/Thread", THREADS);
        why("java/lang/ThreadGroup", THREADS);
        why("java/lang/ThreadLocal", THREADS);
        why("java/lang/InheritableThreadLocal", THREADS);
        why("java/lang/VirtualThread", THREADS);
        why("java/lang/ClassLoader", LOADING);
        why("java/lang/Module", REFLECTION);
        why("java/lang/ModuleLayer", LOADING);
        why("java/lang/StackWalker", REFLECTION);
        why("java/lang/SecurityManager", GLOBAL);
        why("java/lang/reflect/", REFLECTION);
        why("java/lang/invoke/", HANDLES);
        why("java/lang/ref/", GC);
        why("java/lang/instrument/", LOADING);
        why("java/lang/management/", GLOBAL);
        why("sun/misc/Unsafe", UNSAFE);
        why("jdk/internal/", UNSAFE);
        why("sun/", UNSAFE);
        pkg("java/lang/annotation/");

        // ---- java.util ----
        for (String c : List.of("ArrayList", "LinkedList", "ArrayDeque", "HashMap", "LinkedHashMap", "TreeMap", "HashSet",
                "LinkedHashSet", "TreeSet", "PriorityQueue", "EnumMap", "EnumSet", "BitSet", "IdentityHashMap",
                "Optional", "OptionalInt", "OptionalLong", "OptionalDouble", "StringJoiner", "Base64",
                "Base64$Encoder", "Base64$Decoder", "HexFormat", "Iterator", "ListIterator", "Map", "Map$Entry",
                "AbstractMap", "AbstractMap$SimpleEntry", "AbstractMap$SimpleImmutableEntry", "List", "Set", "SortedMap",
                "NavigableMap", "SortedSet", "NavigableSet", "Queue", "Deque", "Comparator", "Comparators",
                "AbstractCollection", "AbstractList", "AbstractSequentialList", "AbstractSet", "AbstractQueue",
                "RandomAccess", "Objects", "PrimitiveIterator", "PrimitiveIterator$OfInt", "PrimitiveIterator$OfLong",
                "PrimitiveIterator$OfDouble", "IntSummaryStatistics", "LongSummaryStatistics",
                "DoubleSummaryStatistics", "NoSuchElementException", "ConcurrentModificationException",
                "StringTokenizer", "Vector", "Stack", "Hashtable", "Dictionary", "Enumeration",
                "Spliterator", "Spliterator$OfInt", "Spliterator$OfLong", "Spliterator$OfDouble", "Spliterators",
                "IllegalFormatException", "MissingResourceException", "EmptyStackException",
                "InputMismatchException")) {
            all("java/util/" + c);
        }
        all("java/util/Collection", "parallelStream");
        why("java/util/Collection.parallelStream", THREADS);
        all("java/util/Arrays", "parallelSort", "parallelSetAll", "parallelPrefix");
        why("java/util/Arrays.parallelSort", THREADS);
        why("java/util/Arrays.parallelSetAll", THREADS);
        why("java/util/Arrays.parallelPrefix", THREADS);
        all("java/util/Collections", "shuffle(Ljava/util/List;)");
        why("java/util/Collections.shuffle", RANDOM + " (or shuffle with your own loop over it)");
        all("java/util/Random", "<init>()");
        all("java/util/SplittableRandom", "<init>()");
        why("java/util/Random.<init>", RANDOM);
        why("java/util/SplittableRandom.<init>", RANDOM);
        all("java/util/random/RandomGenerator", "of", "getDefault");
        why("java/util/random/RandomGenerator.of", RANDOM);
        why("java/util/random/RandomGenerator.getDefault", RANDOM);
        all("java/util/UUID", "randomUUID");
        why("java/util/UUID.randomUUID", RANDOM);
        all("java/util/Locale", "setDefault", "getDefault");
        why("java/util/Locale", GLOBAL);
        why("java/util/TimeZone", GLOBAL);
        why("java/util/Date", CLOCK);
        why("java/util/Calendar", CLOCK);
        why("java/util/GregorianCalendar", CLOCK);
        why("java/util/Timer", THREADS);
        why("java/util/TimerTask", THREADS);
        why("java/util/ServiceLoader", LOADING);
        why("java/util/ResourceBundle", LOADING);
        why("java/util/Scanner", FILES);
        why("java/util/Formatter", FILES);
        why("java/util/Properties", FILES);
        why("java/util/WeakHashMap", GC);
        why("java/util/prefs/", FILES);
        why("java/util/logging/", CONSOLE);
        pkg("java/util/regex/");
        why("java/util/jar/", LOADING);
        pkg("java/util/function/");
        pkg("java/util/stream/");
        CLASSES.put("java/util/stream/BaseStream", new Rule(null, Set.of("parallel")));
        CLASSES.put("java/util/stream/StreamSupport", null);
        why("java/util/stream/BaseStream.parallel", THREADS);
        why("java/util/stream/StreamSupport", THREADS);
        all("java/util/stream/LongStream", "range", "rangeClosed");
        why("java/util/stream/LongStream.range", UNBUDGETED);
        why("java/util/stream/LongStream.rangeClosed", UNBUDGETED);
        for (String c : List.of("AtomicBoolean", "AtomicInteger", "AtomicLong", "AtomicReference", "AtomicIntegerArray",
                "AtomicLongArray", "AtomicReferenceArray", "LongAdder", "LongAccumulator", "DoubleAdder",
                "DoubleAccumulator", "AtomicMarkableReference", "AtomicStampedReference")) {
            all("java/util/concurrent/atomic/" + c);
        }
        why("java/util/concurrent/atomic/", REFLECTION);
        for (String c : List.of("ConcurrentLinkedQueue", "ConcurrentLinkedDeque", "ConcurrentSkipListMap",
                "ConcurrentSkipListSet", "CopyOnWriteArrayList", "CopyOnWriteArraySet", "ConcurrentMap",
                "ConcurrentNavigableMap", "Callable", "TimeoutException", "CancellationException")) {
            all("java/util/concurrent/" + c);
        }
        all("java/util/concurrent/TimeUnit", "sleep", "timedJoin", "timedWait");
        why("java/util/concurrent/TimeUnit.sleep", BLOCKS);
        why("java/util/concurrent/TimeUnit.timedJoin", BLOCKS);
        why("java/util/concurrent/TimeUnit.timedWait", BLOCKS);
        why("java/util/concurrent/locks/", BLOCKS);
        why("java/util/concurrent/ThreadLocalRandom", RANDOM);
        why("java/util/concurrent/", THREADS);
        for (String c : List.of("CRC32", "CRC32C", "Adler32", "Checksum")) {
            all("java/util/zip/" + c);
        }
        why("java/util/zip/", OFF_HEAP);

        // ---- java.time, without the clock ----
        for (String p : List.of("java/time/", "java/time/temporal/", "java/time/format/")) {
            pkg(p, "now");
            why(p, CLOCK);
        }
        CLASSES.put("java/time/Clock", null);
        CLASSES.put("java/time/InstantSource", null);
        all("java/time/ZoneId", "now", "systemDefault");
        why("java/time/ZoneId.systemDefault", GLOBAL);
        why("java/time/chrono/", CLOCK);

        // ---- java.math, without the operations that run unbounded inside the JDK ----
        all("java/math/BigInteger", "pow", "modPow", "modInverse", "isProbablePrime", "nextProbablePrime",
                "probablePrime", "sqrt", "sqrtAndRemainder");
        why("java/math/BigInteger", UNBUDGETED);
        all("java/math/BigDecimal", "pow", "sqrt");
        why("java/math/BigDecimal", UNBUDGETED);
        all("java/math/MathContext");
        all("java/math/RoundingMode");

        // ---- java.nio buffers and charsets ----
        for (String c : List.of("Buffer", "CharBuffer", "ShortBuffer", "IntBuffer", "LongBuffer", "FloatBuffer",
                "DoubleBuffer", "ByteOrder", "BufferUnderflowException", "BufferOverflowException",
                "ReadOnlyBufferException", "InvalidMarkException")) {
            all("java/nio/" + c);
        }
        all("java/nio/ByteBuffer", "allocateDirect");
        why("java/nio/ByteBuffer.allocateDirect", OFF_HEAP);
        why("java/nio/MappedByteBuffer", FILES);
        why("java/nio/file/", FILES);
        why("java/nio/channels/", NET);
        all("java/nio/charset/StandardCharsets");
        only("java/nio/charset/Charset", "name", "displayName", "aliases", "encode", "decode", "newEncoder",
                "newDecoder", "canEncode", "contains", "isRegistered", "compareTo", "equals", "hashCode", "toString");
        why("java/nio/charset/Charset", LOADING);
        for (String c : List.of("CharsetDecoder", "CharsetEncoder", "CoderResult", "CodingErrorAction",
                "CharacterCodingException", "MalformedInputException", "UnmappableCharacterException")) {
            all("java/nio/charset/" + c);
        }

        // ---- java.io: in-memory streams only ----
        for (String c : List.of("ByteArrayInputStream", "ByteArrayOutputStream", "DataInputStream", "DataOutputStream",
                "DataInput", "DataOutput", "InputStream", "OutputStream", "Reader", "Writer", "StringReader",
                "StringWriter", "CharArrayReader", "CharArrayWriter", "BufferedReader", "BufferedWriter",
                "BufferedInputStream", "BufferedOutputStream", "InputStreamReader", "OutputStreamWriter",
                "FilterInputStream", "FilterOutputStream", "IOException", "UncheckedIOException", "EOFException",
                "UTFDataFormatException", "Closeable", "Flushable", "Serializable")) {
            all("java/io/" + c);
        }
        all("java/io/PrintWriter", "<init>(Ljava/lang/String;", "<init>(Ljava/io/File;");
        why("java/io/PrintWriter.<init>", FILES);
        why("java/io/ObjectInputStream", LOADING);
        why("java/io/ObjectOutputStream", REFLECTION);
        why("java/io/Console", CONSOLE);
        why("java/io/PrintStream", CONSOLE);
        why("java/io/", FILES);
        why("java/net/", NET);
        why("java/security/SecureRandom", RANDOM);
        why("java/security/", "keys and secure randomness are the node's (for randomness use ctx.random())");
        why("javax/", UNLISTED);
        why("jdk/", UNLISTED);
    }

    private static void all(String cls, String... except) {
        CLASSES.put(cls, new Rule(null, Set.of(except)));
    }

    private static void only(String cls, String... members) {
        CLASSES.put(cls, new Rule(Set.of(members), null));
    }

    private static void pkg(String pkg, String... exceptEverywhere) {
        PACKAGES.put(pkg, new Rule(null, Set.of(exceptEverywhere)));
    }

    private static void why(String key, String reason) {
        REASONS.put(key, reason);
    }

    /** Verdicts on JDK members, by {@code owner.name desc}: "" allowed, else the reason. */
    private static final Map<String, String> VERDICTS = new ConcurrentHashMap<>();

    private final Map<String, ClassNode> own;

    private AaAllowList(Map<String, ClassNode> own) {
        this.own = own;
    }

    /**
     * Reads a jar's classes (binary name to class bytes) for {@link #refusal}, by internal name.
     *
     * @throws AaException when a class is not valid class bytes, is not the class its entry names,
     *                     or takes the name of a class the JDK or the EE provides (the JVM would use
     *                     theirs, not the jar's: the jar's would only hide a reference from this check)
     */
    static Map<String, ClassNode> read(Map<String, byte[]> classes) {
        Map<String, ClassNode> out = new HashMap<>();
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            if (e.getKey().startsWith("META-INF.") || e.getKey().equals("module-info")) {
                continue;   // never loaded by an AA's loader (multi-release versions, a module descriptor)
            }
            ClassNode cn = new ClassNode();
            try {
                new org.objectweb.asm.ClassReader(e.getValue()).accept(cn, org.objectweb.asm.ClassReader.SKIP_DEBUG);
            } catch (RuntimeException x) {
                throw new AaException("class " + e.getKey() + " is not valid class bytes (" + x + ")");
            }
            String internal = e.getKey().replace('.', '/');
            if (!internal.equals(cn.name)) {
                throw new AaException("class " + e.getKey() + " holds class " + cn.name + "; a jar entry must hold the class it names");
            }
            if (internal.equals(AaInstrumenter.TICK)) {
                throw new AaException("class " + e.getKey() + " is the EE's own budget class; an AA may not define it");
            }
            if (shared(internal) || jdkClass(internal) != null
                    || internal.startsWith("java/") || internal.startsWith("org/aspen/ee/api/")) {
                throw new AaException("class " + e.getKey() + " has the name of a class the JDK or the EE provides;"
                        + " an AA's classes need names of their own");
            }
            out.put(internal, cn);
        }
        return out;
    }

    /**
     * The first reference of these classes (by internal name, checked in name order) that is not on
     * the allow-list, as a one-line refusal, or null when every reference is allowed.
     *
     * @throws AaException when a class is malformed in a way reading it did not show
     */
    static String refusal(Map<String, ClassNode> classes) {
        AaAllowList list = new AaAllowList(classes);
        for (String name : new java.util.TreeSet<>(classes.keySet())) {
            try {
                String why = list.check(classes.get(name));
                if (why != null) {
                    return why;
                }
            } catch (RuntimeException x) {
                throw new AaException("class " + Type.getObjectType(name).getClassName() + " is not valid class bytes (" + x + ")");
            }
        }
        return null;
    }

    private String check(ClassNode cn) {
        String cls = Type.getObjectType(cn.name).getClassName();
        String why = null;
        if (cn.superName != null) {
            why = type(cls, Type.getObjectType(cn.superName));
        }
        for (int i = 0; why == null && cn.interfaces != null && i < cn.interfaces.size(); i++) {
            why = type(cls, Type.getObjectType(cn.interfaces.get(i)));
        }
        why = why != null ? why : annotations(cls, cn.visibleAnnotations);
        for (FieldNode f : cn.fields) {
            why = why != null ? why : type(cls + "." + f.name, Type.getType(f.desc));
            why = why != null ? why : annotations(cls + "." + f.name, f.visibleAnnotations);
        }
        for (MethodNode m : cn.methods) {
            if (why == null) {
                why = method(cls, m);
            }
        }
        return why;
    }

    private String method(String cls, MethodNode m) {
        String where = cls + "." + m.name;
        if (m.name.equals("finalize") && m.desc.equals("()V")) {
            return where + " overrides Object.finalize, which is not on the AA allow-list: finalizers run on the JVM's"
                    + " own thread, outside the node's loop and the AA's budget (" + DOC + ")";
        }
        String why = descriptor(where, m.desc);
        for (int i = 0; why == null && m.exceptions != null && i < m.exceptions.size(); i++) {
            why = type(where, Type.getObjectType(m.exceptions.get(i)));
        }
        why = why != null ? why : annotations(where, m.visibleAnnotations);
        if (m.visibleParameterAnnotations != null) {
            for (List<AnnotationNode> a : m.visibleParameterAnnotations) {
                why = why != null ? why : annotations(where, a);
            }
        }
        for (AbstractInsnNode i : m.instructions) {
            if (why != null) {
                break;
            }
            if (i instanceof MethodInsnNode c) {
                why = member(where, c.owner, c.name, c.desc, false);
            } else if (i instanceof FieldInsnNode f) {
                why = member(where, f.owner, f.name, f.desc, true);
            } else if (i instanceof TypeInsnNode t) {
                why = type(where, Type.getObjectType(t.desc));
            } else if (i instanceof MultiANewArrayInsnNode a) {
                why = type(where, Type.getType(a.desc));
            } else if (i instanceof LdcInsnNode l) {
                why = constant(where, l.cst, false);
            } else if (i instanceof InvokeDynamicInsnNode d) {
                why = dynamic(where, d.bsm, d.bsmArgs, d.desc);
            }
        }
        for (TryCatchBlockNode h : m.tryCatchBlocks) {
            if (why == null && h.type != null) {
                why = type(where, Type.getObjectType(h.type));
            }
        }
        return why;
    }

    private String annotations(String where, List<AnnotationNode> list) {
        if (list != null) {
            for (AnnotationNode a : list) {
                String why = type(where, Type.getType(a.desc));
                if (why != null) {
                    return why;
                }
            }
        }
        return null;
    }

    private String dynamic(String where, Handle bsm, Object[] args, String desc) {
        if (!BOOTSTRAPS.contains(bsm.getOwner() + "." + bsm.getName())) {
            return refused(where, "bootstrap method " + describe(bsm.getOwner(), bsm.getName(), bsm.getDesc(), false),
                    HANDLES + "; only javac's bootstraps for lambdas, string concatenation, records and switches are");
        }
        String why = desc.startsWith("(") ? descriptor(where, desc) : type(where, Type.getType(desc));
        for (int i = 0; why == null && i < args.length; i++) {
            why = constant(where, args[i], true);
        }
        return why;
    }

    /** A loadable constant; {@code inBootstrap}: an argument of an allowed bootstrap (a lambda's target). */
    private String constant(String where, Object cst, boolean inBootstrap) {
        if (cst instanceof Type t) {
            return t.getSort() == Type.METHOD ? descriptor(where, t.getDescriptor()) : type(where, t);
        }
        if (cst instanceof Handle h) {
            if (!inBootstrap) {
                return refused(where, "a method handle constant of " + describe(h.getOwner(), h.getName(), h.getDesc(),
                        h.getTag() <= Opcodes.H_PUTSTATIC), HANDLES);
            }
            return member(where, h.getOwner(), h.getName(), h.getDesc(), h.getTag() <= Opcodes.H_PUTSTATIC);
        }
        if (cst instanceof ConstantDynamic c) {
            if (!inBootstrap) {
                return refused(where, "a dynamic constant " + c.getName(), HANDLES);
            }
            Object[] args = new Object[c.getBootstrapMethodArgumentCount()];
            for (int i = 0; i < args.length; i++) {
                args[i] = c.getBootstrapMethodArgument(i);
            }
            return dynamic(where, c.getBootstrapMethod(), args, c.getDescriptor());
        }
        return null;   // numbers and strings
    }

    private String descriptor(String where, String desc) {
        Type m = Type.getMethodType(desc);
        String why = type(where, m.getReturnType());
        for (Type t : m.getArgumentTypes()) {
            why = why != null ? why : type(where, t);
        }
        return why;
    }

    private String type(String where, Type t) {
        if (t.getSort() == Type.ARRAY) {
            t = t.getElementType();
        }
        if (t.getSort() != Type.OBJECT) {
            return null;
        }
        String name = t.getInternalName();
        if (own.containsKey(name) || ruleOf(name) != null || shared(name)) {
            return null;
        }
        return refused(where, "class " + t.getClassName(), reason(name, null));
    }

    private static boolean shared(String name) {
        return (name.startsWith("org/aspen/ee/api/") && name.indexOf('/', "org/aspen/ee/api/".length()) < 0)
                || AaClassLoader.SHARED_RDP_CLASSES.contains(name.replace('/', '.'));
    }

    private String member(String where, String owner, String name, String desc, boolean field) {
        if (owner.startsWith("[")) {
            String why = type(where, Type.getType(owner));
            return why != null ? why : member(where, "java/lang/Object", name, desc, field);
        }
        if (own.containsKey(owner)) {
            String jdk = inheritedFrom(owner, name, desc, field);
            return jdk == null ? null : member(where, jdk, name, desc, field);
        }
        if (shared(owner)) {
            return null;
        }
        String why = VERDICTS.computeIfAbsent(owner + "." + name + " " + desc, k -> verdict(owner, name, desc, field));
        if (why.isEmpty()) {
            return null;
        }
        String call = field ? null : AaInstrumenter.blocking(owner, name, desc);
        if (call != null) {   // the words the blocking check has always used
            return where + " calls " + call + ", which blocks the node's loop; AA handlers must not block (use the"
                    + " context's timers, docs/writing-an-aa.md)";
        }
        return refused(where, describe(owner, name, desc, field), why);
    }

    /**
     * For a member named on one of the AA's own classes: null when an own class declares it, else
     * the JDK (or API) type it is inherited from, the nearest that has it, or the first one when
     * none does (then the JVM will not find it either).
     */
    private String inheritedFrom(String owner, String name, String desc, boolean field) {
        Deque<String> todo = new ArrayDeque<>(List.of(owner));
        Set<String> seen = new HashSet<>();
        List<String> outside = new ArrayList<>();
        while (!todo.isEmpty()) {
            String n = todo.poll();
            if (!seen.add(n)) {
                continue;
            }
            ClassNode c = own.get(n);
            if (c == null) {
                outside.add(n);
                continue;
            }
            if (field ? c.fields.stream().anyMatch(f -> f.name.equals(name))
                    : c.methods.stream().anyMatch(m -> m.name.equals(name) && m.desc.equals(desc))) {
                return null;
            }
            if (c.superName != null) {
                todo.add(c.superName);
            }
            if (c.interfaces != null) {
                todo.addAll(c.interfaces);
            }
        }
        for (String o : outside) {
            Class<?> k = jdkClass(o);
            if (k != null && declaring(k, name, desc, field) != null) {
                return o;
            }
        }
        return outside.isEmpty() ? null : outside.get(0);
    }

    /** "" when the JDK member is allowed, else why not. */
    private static String verdict(String owner, String name, String desc, boolean field) {
        Rule rule = ruleOf(owner);
        if (rule == null || !rule.allows(name, desc)) {
            return reason(owner, name);
        }
        Class<?> k = jdkClass(owner);
        if (k == null) {
            return "";   // no such class in this JDK: the JVM refuses it when linking
        }
        Class<?> declaring = declaring(k, name, desc, field);
        if (declaring != null && declaring != k) {
            Rule d = ruleOf(Type.getInternalName(declaring));
            if (d != null && !d.allows(name, desc)) {
                return reason(Type.getInternalName(declaring), name);
            }
        }
        // exceptions hold for subtypes: IntStream.parallel is BaseStream.parallel
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(k));
        while (!todo.isEmpty()) {
            Class<?> s = todo.poll();
            Rule r = ruleOf(Type.getInternalName(s));
            if (r != null && r.excludes(name, desc)) {
                return reason(Type.getInternalName(s), name);
            }
            if (s.getSuperclass() != null) {
                todo.add(s.getSuperclass());
            }
            todo.addAll(List.of(s.getInterfaces()));
        }
        return "";
    }

    private static Rule ruleOf(String internalName) {
        if (CLASSES.containsKey(internalName)) {
            return CLASSES.get(internalName);   // may be null: a class of a listed package taken out
        }
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? null : PACKAGES.get(internalName.substring(0, slash + 1));
    }

    private static String reason(String owner, String name) {
        if (name != null) {
            String r = REASONS.get(owner + "." + name);
            if (r != null) {
                return r;
            }
        }
        for (String k = owner; !k.isEmpty(); k = k.substring(0, Math.max(0, k.lastIndexOf('/', k.length() - 2) + 1))) {
            String r = REASONS.get(k);
            if (r != null) {
                return r;
            }
        }
        return UNLISTED;
    }

    private static Class<?> jdkClass(String internalName) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return null;
        }
    }

    /** The class that declares the member the JVM would find on {@code k}, or null. */
    private static Class<?> declaring(Class<?> k, String name, String desc, boolean field) {
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(k));
        Set<Class<?>> seen = new HashSet<>();
        try {
            while (!todo.isEmpty()) {
                Class<?> c = todo.poll();
                if (!seen.add(c)) {
                    continue;
                }
                if (field) {
                    for (Field f : c.getDeclaredFields()) {
                        if (f.getName().equals(name)) {
                            return c;
                        }
                    }
                } else if (name.equals("<init>") || name.equals("<clinit>")) {
                    return k;
                } else {
                    for (Method m : c.getDeclaredMethods()) {
                        if (m.getName().equals(name) && Type.getMethodDescriptor(m).equals(desc)) {
                            return c;
                        }
                    }
                }
                if (c.getSuperclass() != null) {
                    todo.add(c.getSuperclass());
                }
                todo.addAll(List.of(c.getInterfaces()));
            }
        } catch (LinkageError | SecurityException e) {
            return null;
        }
        return null;
    }

    private static String describe(String owner, String name, String desc, boolean field) {
        String cls = Type.getObjectType(owner).getClassName();
        if (field) {
            return cls + "." + name;
        }
        StringBuilder b = name.equals("<init>") ? new StringBuilder("new ").append(cls).append('(')
                : new StringBuilder(cls).append('.').append(name).append('(');
        Type[] args = Type.getArgumentTypes(desc);
        for (int i = 0; i < args.length; i++) {
            b.append(i > 0 ? ", " : "").append(args[i].getClassName());
        }
        return b.append(')').toString();
    }

    private static String refused(String where, String what, String reason) {
        return where + " references " + what + ", which is not on the AA allow-list: " + reason + " (" + DOC + ")";
    }
}
