package org.aspen.ee;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.Buffer;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.aspen.ee.api.AaPacket;

/**
 * Counts, in bytes, what one AA holds: everything reachable from its roots (the AA object, the
 * static fields of its classes, its channels' handlers and its timers' tasks) through the AA's own
 * objects and the JDK containers it may use. Called by {@link AaBudget} when the AA has allocated a
 * quarter of its memory quota since the last count (issue 30 item 2; docs/ee.md, "Memory").
 *
 * <pre>{@code
 * AaMemory m = new AaMemory(loader, () -> List.of(app));
 * long bytes = m.measure(64L << 20);   // stops counting once over the limit
 * }</pre>
 *
 * Sizes are estimates from a fixed formula (an object's header and fields, an array's elements, a
 * string's characters, a collection's entries), never read from the JVM, so the same run counts
 * the same bytes in the simulation. The AA's objects are read by reflection (its classes live in
 * its loader's unnamed module); JDK containers through their public API (iterating a collection
 * or a map, a builder's capacity, a buffer's array); objects of the EE (the context, channels,
 * counters) count nothing but a packet view, which counts its packet's bytes. Memory held only
 * inside a JDK object this does not know (a stream pipeline, a regular expression) is not counted.
 */
final class AaMemory {
    private static final int REF = 4;
    private static final int FIELD = 8;

    private final ClassLoader loader;
    private final List<Class<?>> classes;
    private Supplier<List<Object>> roots = List::of;

    AaMemory(AaClassLoader loader) {
        this.loader = loader;
        this.classes = loader.budget().initialisedClasses();
    }

    /** What, besides the static fields of the AA's classes, the count starts from. */
    void roots(Supplier<List<Object>> r) {
        roots = r;
    }

    /** Bytes reachable from the roots; once the count passes {@code limit} it stops and returns it. */
    long measure(long limit) {
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        ArrayDeque<Object> todo = new ArrayDeque<>();
        long total = 0;
        for (Class<?> c : List.copyOf(classes)) {
            for (Field f : fields(c, true)) {
                total += FIELD;
                if (!f.getType().isPrimitive()) {
                    add(read(f, null), seen, todo);
                }
            }
        }
        for (Object r : roots.get()) {
            add(r, seen, todo);
        }
        while (!todo.isEmpty() && total <= limit) {
            total += size(todo.poll(), seen, todo);
        }
        return total;
    }

    private static void add(Object o, IdentityHashMap<Object, Boolean> seen, ArrayDeque<Object> todo) {
        if (o != null && !(o instanceof Class<?>) && !(o instanceof Enum<?>) && seen.put(o, Boolean.TRUE) == null) {
            todo.add(o);
        }
    }

    /** One object's own bytes; what it refers to is queued. */
    private long size(Object o, IdentityHashMap<Object, Boolean> seen, ArrayDeque<Object> todo) {
        Class<?> k = o.getClass();
        if (k.isArray()) {
            Class<?> e = k.getComponentType();
            int n = java.lang.reflect.Array.getLength(o);
            if (!e.isPrimitive()) {
                for (Object x : (Object[]) o) {
                    add(x, seen, todo);
                }
                return AaBudget.ARRAY_BYTES + (long) n * REF;
            }
            int bytes = e == long.class || e == double.class ? 8 : e == int.class || e == float.class ? 4
                    : e == char.class || e == short.class ? 2 : 1;
            return AaBudget.ARRAY_BYTES + (long) n * bytes;
        }
        long own = 0;
        if (k.getClassLoader() == loader) {
            own = AaBudget.OBJECT_BYTES;
            for (Class<?> c = k; c != null && c.getClassLoader() == loader; c = c.getSuperclass()) {
                for (Field f : fields(c, false)) {
                    own += f.getType().isPrimitive() ? FIELD : REF;
                    if (!f.getType().isPrimitive()) {
                        add(read(f, o), seen, todo);
                    }
                }
            }
        }
        return own + jdk(o, seen, todo);
    }

    /** The bytes of a JDK (or API) object, or of the JDK part of an AA object that extends one. */
    private long jdk(Object o, IdentityHashMap<Object, Boolean> seen, ArrayDeque<Object> todo) {
        try {
            if (o instanceof String s) {
                return 40 + s.length();
            }
            if (o instanceof Number && o.getClass().getClassLoader() == null && !(o instanceof BigInteger)
                    && !(o instanceof BigDecimal) || o instanceof Boolean || o instanceof Character) {
                return 16;
            }
            if (o instanceof BigInteger b) {
                return 40 + b.bitLength() / 8;
            }
            if (o instanceof BigDecimal d) {
                return 56 + d.unscaledValue().bitLength() / 8;
            }
            if (o instanceof AaPacket p) {
                return 64 + p.length();
            }
            if (o.getClass().getClassLoader() == ExecutionEnvironment.class.getClassLoader()
                    && o.getClass().getClassLoader() != null) {
                return 0;   // the EE's own objects (context, channels, counters): the node's memory
            }
            if (o instanceof Collection<?> c) {
                for (Object x : c) {
                    add(x, seen, todo);
                }
                return 32 + 24L * c.size();
            }
            if (o instanceof Map<?, ?> m) {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    add(e.getKey(), seen, todo);
                    add(e.getValue(), seen, todo);
                }
                return 48 + 40L * m.size();
            }
            if (o instanceof Map.Entry<?, ?> e) {
                add(e.getKey(), seen, todo);
                add(e.getValue(), seen, todo);
                return 32;
            }
            if (o instanceof StringBuilder b) {
                return 24 + b.capacity();
            }
            if (o instanceof StringBuffer b) {
                return 24 + b.capacity();
            }
            if (o instanceof Buffer b) {
                if (b.hasArray()) {
                    add(b.array(), seen, todo);
                }
                return 48;
            }
            if (o instanceof Optional<?> x) {
                add(x.orElse(null), seen, todo);
                return 16;
            }
            if (o instanceof AtomicReference<?> r) {
                add(r.get(), seen, todo);
                return 16;
            }
        } catch (RuntimeException e) {
            return AaBudget.OBJECT_BYTES;   // a container that would not be read: counted as one object
        }
        return o.getClass().getClassLoader() == loader ? 0 : AaBudget.OBJECT_BYTES;
    }

    private static List<Field> fields(Class<?> c, boolean statics) {
        try {
            List<Field> out = new java.util.ArrayList<>();
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) == statics) {
                    f.setAccessible(true);
                    out.add(f);
                }
            }
            return out;
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
    }

    private static Object read(Field f, Object target) {
        try {
            return f.get(target);
        } catch (IllegalAccessException | RuntimeException e) {
            return null;
        }
    }
}
