package org.aspen.ee;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/**
 * One AA instance's class loader: it defines the AA's classes from its jar and sees nothing else
 * but the AA API ({@code org.aspen.ee.api}, from the EE's own loader, so both sides share those
 * types) and the JDK (through the platform loader, which does not see the application class path:
 * no Netty, no SLF4J, no node classes, no other AA).
 *
 * <pre>{@code
 * ClassLoader l = new AaClassLoader(code, ExecutionEnvironment.class.getClassLoader());
 * Class<?> entry = l.loadClass(code.entryClass());
 * }</pre>
 *
 * <p>Also shared: the rdp module's segment codec classes ({@link #SHARED_RDP_CLASSES}), so network AAs
 * (ACC's monitor and filter) read the sender state and forge notifications with the very codec the
 * node's RDP uses, instead of a private copy that could drift. They are stateless or plain values
 * and give no access to the node.
 *
 * <p>Also: {@link AaBudget} (the EE's), and one class it defines itself, {@code org.aspen.ee.aa.Tick$},
 * whose static final field is this loader's budget: the AA's instrumented classes call it at every
 * method entry and loop back-edge ({@link AaInstrumenter}).
 *
 * This stops accidental linkage, not a determined attacker: an AA can still use reflection on the
 * objects it is handed. The trust policy (allow-list, signatures) is the security boundary.
 */
final class AaClassLoader extends ClassLoader {
    static final String API_PREFIX = "org.aspen.ee.api.";
    /** RDP wire-format classes an AA may link against (exact names; the rest of rdp stays hidden). */
    static final java.util.Set<String> SHARED_RDP_CLASSES = java.util.Set.of("org.aspen.rdp.SegmentCodec",
            "org.aspen.rdp.Segment", "org.aspen.rdp.SenderState", "org.aspen.rdp.WindowNotification",
            "org.aspen.rdp.SynOptions", "org.aspen.rdp.RdpDrop", "org.aspen.rdp.RateAdvice");

    private static final String BUDGET = AaBudget.class.getName();
    private static final String TICK = AaInstrumenter.TICK.replace('/', '.');
    private static final byte[] TICK_BYTES = AaInstrumenter.tickClass();

    private final AaCode code;
    private final ClassLoader apiLoader;
    private final AaBudget budget = new AaBudget();

    AaClassLoader(AaCode code, ClassLoader apiLoader) {
        super("aa:" + code.id(), ClassLoader.getPlatformClassLoader());
        this.code = code;
        this.apiLoader = apiLoader;
    }

    /** The AA's handler budget, which its instrumented code checks through {@code Tick$}. */
    AaBudget budget() {
        return budget;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(API_PREFIX) || SHARED_RDP_CLASSES.contains(name) || name.equals(BUDGET)) {
            return apiLoader.loadClass(name);
        }
        if (name.equals(TICK)) {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : defineClass(name, TICK_BYTES, 0, TICK_BYTES.length);
            }
        }
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] b = code.classBytes(name);
        if (b == null) {
            throw new ClassNotFoundException(name + " (an AA sees only its own jar, the AA API, rdp's segment codec and the JDK)");
        }
        return defineClass(name, b, 0, b.length);
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        byte[] r = code.resource(name);
        return r != null ? new ByteArrayInputStream(r) : super.getResourceAsStream(name);
    }
}
